/** One part of a multipart/form-data body: its field name, file name (for a file) and bytes. */
export interface FormPart {
  name: string;
  fileName: string | null;
  body: Buffer;
}

/** `filename*=UTF-8''…` (RFC 5987) when sent, else `filename="…"` as browsers send it (UTF-8 bytes). */
function fileNameOf(disposition: string): string | null {
  const extended = /\bfilename\*=(?:UTF-8|utf-8)''([^;\r\n]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      return extended;
    }
  }
  return /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

export const FORM_MIME = 'multipart/form-data';

/**
 * A request's form parts, or null when its body is not a multipart/form-data form read by the
 * route's parser (the route answers that the file is missing).
 */
export function formParts(body: unknown, contentType: string | undefined): FormPart[] | null {
  const type = String(contentType ?? '');
  return Buffer.isBuffer(body) && type.toLowerCase().startsWith(FORM_MIME) ? readFormData(body, type) : null;
}

/**
 * The parts of a multipart/form-data body (RFC 7578) already read within the route's limit. A body
 * it cannot read has no parts (the route answers that the file is missing). The one reader for the
 * uploads of every module (imports, homework).
 */
export function readFormData(body: Buffer, contentType: string): FormPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headerStart = start + delimiter.length;
    if (body.subarray(headerStart, headerStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, headerStart);
    if (next === -1) break;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    if (headerEnd === -1 || headerEnd > next) break;
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    // The part's bytes end before the CRLF that precedes the next delimiter.
    if (name !== undefined) {
      parts.push({ name, fileName: fileNameOf(disposition), body: body.subarray(headerEnd + 4, next - 2) });
    }
    start = next;
  }
  return parts;
}

/**
 * Reads a request body up to `limit` bytes; past it, stops reading and answers null (the caller
 * answers 413), so a file over the limit is never held whole.
 */
export async function readLimited(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** `Content-Disposition` keeping a Russian name (RFC 5987) with an ASCII fallback for old clients. */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
