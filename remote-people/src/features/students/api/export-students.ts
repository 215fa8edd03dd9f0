import { downloadFile } from '@parta/shared';
import type { StudentListQuery } from '@parta/shared/domain/contracts/people';
import { useMutation } from '@tanstack/react-query';

/** GET /api/students/export: the filtered list as .xlsx, saved by the browser under the server's name. */
export function exportStudents(
  query: Pick<StudentListQuery, 'group_id' | 'search' | 'status'>,
): Promise<void> {
  return downloadFile('/students/export', query, 'ученики.xlsx');
}

/** Downloads the filtered list; a download changes nothing cached. */
export function useExportStudents() {
  return useMutation({ mutationFn: exportStudents });
}
