import { unzipSync } from 'fflate';

/**
 * What an uploaded file is, read from its bytes and never from its name (issue 54): PDF, images
 * (PNG, JPEG, GIF, WebP, HEIC), Office (OOXML and the old OLE files) and OpenDocument, plain UTF-8
 * text. Programs, scripts, HTML/SVG/XML, macro-enabled Office and bare archives are refused.
 */
export type FileKind = { ok: true; type: string; inline: boolean } | { ok: false; reason: string };

export const REFUSED_KIND_MESSAGE =
  'Такой файл не принимается: можно PDF, документы Word, Excel, PowerPoint и OpenDocument, изображения (PNG, JPEG, GIF, WebP, HEIC) и текст';

const refuse = (reason: string): FileKind => ({ ok: false, reason });
const accept = (type: string, inline = false): FileKind => ({ ok: true, type, inline });

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

const OOXML: Record<string, string> = {
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xl: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const ODF = new Set([
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.graphics',
]);
const OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** A ZIP: an Office or OpenDocument file by the names inside; anything else is a bare archive. */
function zipKind(bytes: Buffer): FileKind {
  const names: string[] = [];
  let files: Record<string, Uint8Array>;
  try {
    // Only the two small entries that say what the file is are inflated; the rest are only named.
    files = unzipSync(bytes, {
      filter: (entry) => {
        names.push(entry.name);
        return (
          (entry.name === '[Content_Types].xml' || entry.name === 'mimetype') &&
          entry.originalSize < 1_000_000
        );
      },
    });
  } catch {
    return refuse('Архив повреждён или не читается');
  }
  if (
    names.some((name) => /vbaProject\.bin$|(^|\/)macros?\//i.test(name)) ||
    names.some((name) => name.startsWith('Basic/'))
  ) {
    return refuse('Документы с макросами не принимаются');
  }
  if (files['[Content_Types].xml']) {
    const types = Buffer.from(files['[Content_Types].xml']).toString('utf8');
    if (/macroEnabled/i.test(types)) return refuse('Документы с макросами не принимаются');
    const top = names.map((name) => name.split('/')[0]).find((dir) => OOXML[dir]);
    return top ? accept(OOXML[top]) : refuse(REFUSED_KIND_MESSAGE);
  }
  if (files.mimetype) {
    const type = Buffer.from(files.mimetype).toString('latin1').trim();
    return ODF.has(type) ? accept(type) : refuse(REFUSED_KIND_MESSAGE);
  }
  return refuse('Архивы не принимаются: приложите сами файлы');
}

/** An old Office file (OLE compound): by its extension among doc/xls/ppt, never with a VBA project. */
function oleKind(bytes: Buffer, fileName: string): FileKind {
  if (
    bytes.includes(Buffer.from('_VBA_PROJECT', 'utf16le')) ||
    bytes.includes(Buffer.from('Macros', 'utf16le'))
  ) {
    return refuse('Документы с макросами не принимаются');
  }
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return OLE[extension] ? accept(OLE[extension]) : refuse(REFUSED_KIND_MESSAGE);
}

/** Plain UTF-8 text that no browser or shell would take for markup or a script. */
function textKind(bytes: Buffer): FileKind {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse(REFUSED_KIND_MESSAGE);
  }
  const control = [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code === 0x7f || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d);
  });
  if (control) return refuse(REFUSED_KIND_MESSAGE);
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (
    head.startsWith('#!') ||
    head.startsWith('<') ||
    /<\s*(script|html|svg|iframe|body|\?xml)\b/i.test(text)
  ) {
    return refuse('HTML, SVG, XML и скрипты не принимаются');
  }
  return accept('text/plain; charset=utf-8');
}

/** The kind of a file by its bytes (`fileName` only tells the old Office files apart). */
export function fileKindOf(bytes: Buffer, fileName: string): FileKind {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return accept('application/pdf', true);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return accept('image/png', true);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return accept('image/jpeg', true);
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return accept('image/gif', true);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return accept('image/webp', true);
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(bytes, 8, 12))) return accept('image/heic');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipKind(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return oleKind(bytes, fileName);
  if (
    ascii(bytes, 0, 2) === 'MZ' ||
    startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(bytes, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(bytes, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe])
  ) {
    return refuse('Программы не принимаются');
  }
  if (
    startsWith(bytes, [0x50, 0x4b]) ||
    startsWith(bytes, [0x1f, 0x8b]) ||
    ascii(bytes, 0, 4) === 'Rar!' ||
    startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf])
  ) {
    return refuse('Архивы не принимаются: приложите сами файлы');
  }
  return textKind(bytes);
}
