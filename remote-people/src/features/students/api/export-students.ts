import { downloadFile } from '@parta/shared';
import type { StudentListQuery } from '@parta/shared/domain/contracts/people';

/** GET /api/students/export: the filtered list as .xlsx, saved by the browser under the server's name. */
export function exportStudents(
  query: Pick<StudentListQuery, 'group_id' | 'search' | 'status'>,
): Promise<void> {
  return downloadFile('/students/export', query, 'ученики.xlsx');
}
