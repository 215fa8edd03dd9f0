/** One part of a multipart/form-data body: its field name, file name (for a file) and bytes. */
export interface FormPart {
  name: string;
  fileName: string | null;
  body: Buffer;
}

/**
 * The parts of a multipart/form-data body (RFC 7578) already read whole within the route's body
 * limit: the import takes one file field and a few short text fields, so no streaming is needed.
 * A body it cannot read has no parts (the route answers that the file is missing).
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
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    // The part's bytes end before the CRLF that precedes the next delimiter.
    if (name !== undefined) parts.push({ name, fileName, body: body.subarray(headerEnd + 4, next - 2) });
    start = next;
  }
  return parts;
}
