import { apiPost, queryKeys } from '@parta/shared';

import type { KtpImportResult } from '@parta/shared/domain/contracts/ktp';
import { XLSX_MIME } from '@parta/shared/domain/contracts/people';

import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/ktp/{id}/import: dry run shows every row's problems; a real run saves all rows or none. */
export async function importKtp(id: number, file: File, dryRun: boolean): Promise<KtpImportResult> {
  return apiPost<KtpImportResult>(`/ktp/${id}/import`, file, {
    params: { dry_run: dryRun },
    headers: { 'Content-Type': XLSX_MIME },
  });
}

export function useImportKtp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importKtp(id, file, dryRun),
    onSuccess: (result) =>
      result.saved
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.ktp.detail(id) }),
            queryClient.invalidateQueries({ queryKey: queryKeys.ktp.lists }),
          ])
        : undefined,
  });
}
