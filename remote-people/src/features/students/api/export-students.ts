import { apiClient, compactParams } from '@parta/shared';
import type { StudentListQuery } from '@parta/shared/domain/contracts/people';
import { useMutation } from '@tanstack/react-query';

/** GET /api/students/export: the filtered list as .xlsx, saved by the browser under the server's name. */
export async function exportStudents(
  query: Pick<StudentListQuery, 'group_id' | 'search' | 'status'>,
): Promise<void> {
  const response = await apiClient.get<Blob>('/students/export', {
    params: compactParams(query),
    responseType: 'blob',
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const fileName = match ? decodeURIComponent(match[1]) : 'ученики.xlsx';
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the filtered list; a download changes nothing cached. */
export function useExportStudents() {
  return useMutation({ mutationFn: exportStudents });
}
