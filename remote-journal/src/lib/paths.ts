/** Paths of the journal screens (SPEC §2), relative to the layout root. */
export const journalPaths = {
  index: '/journal',
  grid: (groupId: number, loadId: number, periodId?: number) =>
    `/journal/${groupId}/${loadId}${periodId ? `?period=${periodId}` : ''}`,
  final: '/journal/final',
  topics: '/journal/topics',
  attendance: '/journal/attendance',
};
