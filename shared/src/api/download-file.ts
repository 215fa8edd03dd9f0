import { AxiosError } from 'axios';
import { apiClient } from './api-client';
import { compactParams } from './compact-params';

/**
 * An error answer to a file request arrives as a Blob: its JSON body (`{ message }`) is read back, so
 * the server's Russian message (a damaged archive file, no rights) reaches `getErrorMessage`.
 */
async function readErrorBody(error: unknown): Promise<never> {
  const data = error instanceof AxiosError ? error.response?.data : undefined;
  if (error instanceof AxiosError && error.response && data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await data.text());
    } catch {
      // Not JSON: the caller's fallback message stands.
    }
  }
  throw error;
}

/**
 * GET a file from the API (an .xlsx export or report) and let the browser save it under the name
 * the server's Content-Disposition gives, `fallbackName` otherwise.
 */
export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  fallbackName: string,
): Promise<void> {
  const response = await apiClient
    .get<Blob>(url, { params: compactParams(params), responseType: 'blob' })
    .catch(readErrorBody);
  const disposition = String(response.headers['content-disposition'] ?? '');
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const fileName = match ? decodeURIComponent(match[1]) : fallbackName;
  const objectUrl = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
