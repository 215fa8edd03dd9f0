import { useSearchParams } from 'react-router-dom';
import { usePeriods } from '../../school-options/api/get-periods';

const todayIso = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });

/**
 * A report's filters kept in the address (?period=&group=), so a printed or shared link shows the
 * same figures. Without a period: the term that holds today, else the latest one that has begun.
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const periods = usePeriods();
  const today = todayIso();
  const terms = (periods.data ?? []).filter((period) => period.kind !== 'year');
  const fallback =
    terms.find((period) => period.start_date <= today && today <= period.end_date) ??
    [...terms].reverse().find((period) => period.start_date <= today) ??
    terms[0];
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
