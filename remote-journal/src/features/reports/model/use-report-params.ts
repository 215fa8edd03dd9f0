import { schoolToday, usePeriods } from '@parta/shared';
import { useSearchParams } from 'react-router-dom';
import { reportPeriod } from './report-period';

/**
 * A report's filters kept in the address (?period=&group=), so a printed or shared link shows the
 * same figures. Without a period: `reportPeriod`'s choice (the term that ended last).
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const periods = usePeriods();
  const today = schoolToday();
  const terms = (periods.data ?? []).filter((period) => period.kind !== 'year');
  const fallback = reportPeriod(terms, today);
  const periodId = Number(params.get('period')) || fallback?.id;
  const groupId = Number(params.get('group')) || undefined;

  const change = (next: { periodId?: number; groupId?: number | null }) => {
    const merged = new URLSearchParams(params);
    if (next.periodId) merged.set('period', String(next.periodId));
    if (next.groupId === null) merged.delete('group');
    else if (next.groupId) merged.set('group', String(next.groupId));
    setParams(merged, { replace: true });
  };
  return { periodId, groupId, change };
}
