import { apiPost, queryKeys } from '@parta/shared';
import type { ArchiveBuild, ArchiveBuildInput } from '@parta/shared/domain/contracts/archive';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/archive/builds: the school's archive for the period, built in the background. */
export async function startArchiveBuild(input: ArchiveBuildInput) {
  return apiPost<ArchiveBuild>('/archive/builds', input);
}

export function useStartArchiveBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startArchiveBuild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.archive.all }),
  });
}
