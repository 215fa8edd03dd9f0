/**
 * The column a journal opens at: the lesson of the day asked for (a lesson picked on the dashboard,
 * or the school's today), else the last lesson before that day (the one whose marks come next),
 * else the first lesson. Lessons are in date order, as the grid draws them.
 */
export function openingColumn(lessons: readonly { date: string }[], day: string): number {
  if (lessons.length === 0) return 0;
  const onDay = lessons.findIndex((lesson) => lesson.date === day);
  if (onDay >= 0) return onDay;
  const before = lessons.findLastIndex((lesson) => lesson.date < day);
  return Math.max(before, 0);
}

/** The term (not the year) whose dates hold `day`; null when none does (holidays). */
export function periodOfDay<P extends { kind: string; start_date: string; end_date: string }>(
  periods: readonly P[],
  day: string,
): P | null {
  return (
    periods.find((period) => period.kind !== 'year' && period.start_date <= day && day <= period.end_date) ??
    null
  );
}
