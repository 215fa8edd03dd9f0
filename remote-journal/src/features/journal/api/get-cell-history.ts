import { apiClient } from '@parta/shared';
import type { CellHistoryEntry } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

/** GET /api/journal/lessons/{lesson_id}/students/{student_id}/history: who changed the cell, when, old → new. */
export async function getCellHistory(lessonId: number, studentId: number, signal?: AbortSignal) {
  const response = await apiClient.get<{ data: CellHistoryEntry[] }>(
    `/journal/lessons/${lessonId}/students/${studentId}/history`,
    { signal },
  );
  return response.data.data;
}

export function useCellHistory(cell: { lessonId: number; studentId: number } | null) {
  return useQuery({
    queryKey: ['journal', 'history', cell],
    queryFn: ({ signal }) => getCellHistory(cell!.lessonId, cell!.studentId, signal),
    enabled: cell !== null,
    staleTime: 0,
  });
}
