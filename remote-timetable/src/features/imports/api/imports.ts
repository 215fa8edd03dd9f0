import { apiClient, apiGet, apiPost, downloadFile, queryKeys, useRun } from '@parta/shared';
import type { Import, ImportApplyBody } from '@parta/shared/domain/contracts/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/imports: the file read and previewed (nothing in the school changes yet). */
export async function uploadImport(file: File): Promise<Import> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiClient.post<{ data: Import }>('/imports', form);
  return response.data.data;
}

export function getImport(id: number, signal?: AbortSignal): Promise<Import> {
  return apiGet<Import>(`/imports/${id}`, { signal });
}

/** POST /api/imports/{id}/apply: the background run starts (202), with the user's mapping changes. */
export function applyImport({
  id,
  mapping,
}: {
  id: number;
  mapping?: ImportApplyBody['mapping'];
}): Promise<Import> {
  return apiPost<Import>(`/imports/${id}/apply`, mapping ? { mapping } : {});
}

/** GET /api/imports/templates/{kind}: a register's template workbook. */
export function downloadRegisterTemplate(
  kind: 'xlsx-staff' | 'xlsx-classes' | 'xlsx-load',
  fileName: string,
) {
  return downloadFile(`/imports/templates/${kind}`, {}, fileName);
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (state) => queryClient.setQueryData(queryKeys.imports.item(state.id), state),
  });
}

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyImport,
    onSuccess: (state) => queryClient.setQueryData(queryKeys.imports.item(state.id), state),
  });
}

/** An import with its preview, asked every second while it is being applied. */
export function useImport(id: number | null) {
  const queryClient = useQueryClient();
  return useRun({
    queryKey: queryKeys.imports.item(id),
    queryFn: async ({ signal }) => {
      const state = await getImport(id as number, signal);
      // The school's data changed: every screen that shows it reads it again.
      if (state.status === 'done')
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'imports' });
      return state;
    },
    enabled: id !== null,
    // The contract names queued and running «applying».
    statusOf: (state) => (state.status === 'applying' ? 'running' : state.status),
  });
}
