import { apiClient, queryKeys } from '@parta/shared';
import type { LoadInput, LoadItem } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/load or PUT /api/load/{id}; the answer carries the class's СанПиН warnings. */
export async function saveLoad(
  input: LoadInput,
  id?: number,
): Promise<{ data: LoadItem; warnings: string[] }> {
  const response = id
    ? await apiClient.put<{ data: LoadItem; warnings: string[] }>(`/load/${id}`, input)
    : await apiClient.post<{ data: LoadItem; warnings: string[] }>('/load', input);
  return response.data;
}

export function useSaveLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: LoadInput; id?: number }) => saveLoad(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.load.all }),
  });
}
