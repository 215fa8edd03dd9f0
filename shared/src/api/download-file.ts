import { apiClient } from './api-client';
import { compactParams } from './compact-params';

/**
 * GET a file from the API (an .xlsx export or report) and let the browser save it under the name
 * the server's Content-Disposition gives, `fallbackName` otherwise.
 */
export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  fallbackName: string,
): Promise<void> {
  const response = await apiClient.get<Blob>(url, { params: compactParams(params), responseType: 'blob' });
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
