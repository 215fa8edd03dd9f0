import { apiGet, queryKeys } from '@parta/shared';
import type { CellHistoryEntry } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

/** GET /api/journal/lessons/{lesson_id}/students/{student_id}/history: who changed the cell, when, old → new. */
export async function getCellHistory(lessonId: number, studentId: number, signal?: AbortSignal) {
  return apiGet<CellHistoryEntry[]>(`/journal/lessons/${lessonId}/students/${studentId}/history`, { signal });
}

export function useCellHistory(cell: { lessonId: number; studentId: number } | null) {
  return useQuery({
    queryKey: queryKeys.journal.history(cell),
    queryFn: ({ signal }) => getCellHistory(cell!.lessonId, cell!.studentId, signal),
    enabled: cell !== null,
    staleTime: 0,
  });
}
