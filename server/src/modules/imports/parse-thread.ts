import { parentPort } from 'node:worker_threads';
import { offThreadEntry } from '../../queue/off-thread';
import { readFetFile } from './fet-file';
import { ImportFileError } from './import-file-error';

/** What the reading thread is given: the file's kind and its text. */
export interface ParseThreadData {
  kind: 'fet';
  text: string;
}

export type ParseThreadMessage =
  | { type: 'done'; data: unknown }
  | { type: 'refused'; message: string; fields: Record<string, string[]> }
  | { type: 'broken'; message: string };

/**
 * Reads an uploaded file in a worker thread (queue/off-thread.ts): a large or hostile file costs
 * that thread's time and heap, never the API's event loop.
 */
export const parseThread = offThreadEntry<ParseThreadData>(__filename, (data) => {
  const port = parentPort;
  if (!port) return;
  try {
    port.postMessage({ type: 'done', data: readFetFile(data.text) } satisfies ParseThreadMessage);
  } catch (error) {
    port.postMessage(
      (error instanceof ImportFileError
        ? { type: 'refused', message: error.message, fields: error.fields }
        : { type: 'broken', message: String(error) }) satisfies ParseThreadMessage,
    );
  }
});
