import { downloadFile } from '@parta/shared';

/** GET /api/archive/files/{id}: one PDF, refused by the server when it no longer matches the register. */
export function downloadArchiveFile(id: number, fileName: string) {
  return downloadFile(`/archive/files/${id}`, {}, fileName);
}

/** GET /api/archive/zip: the latest file of every class for the period, with SHA256SUMS.txt. */
export function downloadArchiveZip(periodId: number) {
  return downloadFile('/archive/zip', { period_id: periodId }, 'архив.zip');
}
