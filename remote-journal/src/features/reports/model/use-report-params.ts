import { schoolToday, usePeriods } from '@parta/shared';
import { useSearchParams } from 'react-router-dom';

/**
 * A report's filters kept in the address (?period=&group=), so a printed or shared link shows the
 * same figures. Without a period: the term that ended last (its final marks are set), else the
 * current one.
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const periods = usePeriods();
  const today = schoolToday();
  const terms = (periods.data ?? []).filter((period) => period.kind !== 'year');
  const ended = terms
    .filter((period) => period.end_date < today)
    .sort((a, b) => b.end_date.localeCompare(a.end_date));
  const fallback =
    ended[0] ?? terms.find((period) => period.start_date <= today && today <= period.end_date) ?? terms[0];
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
