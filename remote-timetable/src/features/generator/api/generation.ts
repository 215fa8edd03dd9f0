import { apiGet, apiPost, queryKeys, useRun } from '@parta/shared';
import type { Generation, GenerationInput } from '@parta/shared/domain/contracts/timetable-generator';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/timetable/generations: starts a generation job; the answer is its id. */
export function startGeneration(input: GenerationInput): Promise<{ id: number }> {
  return apiPost<{ id: number }>('/timetable/generations', input);
}

/** GET /api/timetable/generations/{id}: the job's progress. */
export function getGeneration(id: number, signal?: AbortSignal): Promise<Generation> {
  return apiGet<Generation>(`/timetable/generations/${id}`, { signal });
}

/** POST /api/timetable/generations/{id}/stop: the best timetable so far is kept. */
export function stopGeneration(id: number): Promise<Generation> {
  return apiPost<Generation>(`/timetable/generations/${id}/stop`);
}

export function useStartGeneration() {
  return useMutation({ mutationFn: startGeneration });
}

/** A generation's progress (or its place in the queue), asked every second while it is under way. */
export function useGeneration(id: number | null) {
  return useRun({
    queryKey: queryKeys.timetable.generation(id),
    queryFn: ({ signal }) => getGeneration(id as number, signal),
    enabled: id !== null,
    statusOf: (generation) => generation.status,
    // Just started: asked until its first answer comes.
    whileLoading: true,
  });
}

export function useStopGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopGeneration,
    onSuccess: (state) => queryClient.setQueryData(queryKeys.timetable.generation(state.id), state),
  });
}
