import { downloadFile } from '@parta/shared';

/** GET /api/ktp/{id}/export: the plan as .xlsx. */
export function exportKtp(id: number) {
  return downloadFile(`/ktp/${id}/export`, {}, 'ктп.xlsx');
}
