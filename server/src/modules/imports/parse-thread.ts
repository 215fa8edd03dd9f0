import { parentPort } from 'node:worker_threads';
import type { ImportKind } from '@parta/shared/domain/contracts/imports';
import { offThreadEntry } from '../../queue/off-thread';
import { decodeXml, readAscFile } from './asc-file';
import { readFetFile } from './fet-file';
import { ImportFileError } from './import-file-error';
import { readRegister } from './xlsx-register';

/** What the reading thread is given: the file's kind and its bytes. */
export interface ParseThreadData {
  /** The kind asked for; `xlsx`: a register, told by its header row. */
  kind: ImportKind | 'xlsx';
  bytes: Uint8Array;
}

export type ParseThreadMessage =
  | { type: 'done'; read: { kind: ImportKind; data: unknown } }
  | { type: 'refused'; message: string; fields: Record<string, string[]> }
  | { type: 'broken'; message: string };

/** The file read as its kind: FET's and aSc's data, or a register's plan (xlsx-register.ts). */
export async function readImportFile(
  kind: ImportKind | 'xlsx',
  bytes: Uint8Array,
): Promise<{ kind: ImportKind; data: unknown }> {
  if (kind === 'fet') return { kind, data: readFetFile(decodeXml(bytes)) };
  if (kind === 'asc') return { kind, data: readAscFile(bytes) };
  const register = await readRegister(kind === 'xlsx' ? null : kind, bytes);
  return { kind: register.kind, data: register.plan };
}

/**
 * Reads an uploaded file in a worker thread (queue/off-thread.ts): a large or hostile file costs
 * that thread's time and heap, never the API's event loop.
 */
export const parseThread = offThreadEntry<ParseThreadData>(__filename, (data) => {
  const port = parentPort;
  if (!port) return;
  readImportFile(data.kind, data.bytes).then(
    (read) => port.postMessage({ type: 'done', read } satisfies ParseThreadMessage),
    (error: unknown) =>
      port.postMessage(
        (error instanceof ImportFileError
          ? { type: 'refused', message: error.message, fields: error.fields }
          : { type: 'broken', message: String(error) }) satisfies ParseThreadMessage,
      ),
  );
});
