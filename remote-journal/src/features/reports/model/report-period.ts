/** A term as the reports' period filter needs it. */
export interface ReportTerm {
  id: number;
  start_date: string;
  end_date: string;
}

/**
 * The period a report opens on when the address names none: the term that ended last (its final
 * marks are set), else the current one, else the first. Terms ending on the same day (II четверть of
 * grades 1–9 and I полугодие of 10–11 both end before the winter holidays) go to the one that started
 * last, the shorter term most classes are marked by, not to whichever the list gave first.
 */
export function reportPeriod<T extends ReportTerm>(terms: readonly T[], today: string): T | undefined {
  const ended = terms
    .filter((period) => period.end_date < today)
    .sort((a, b) => b.end_date.localeCompare(a.end_date) || b.start_date.localeCompare(a.start_date));
  return (
    ended[0] ?? terms.find((period) => period.start_date <= today && today <= period.end_date) ?? terms[0]
  );
}
