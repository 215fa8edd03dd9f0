import { parentPort, type Worker } from 'node:worker_threads';
import { lowerPriority, offThreadEntry, startThread } from '../queue/off-thread';
import { type ArchiveDocument, writeArchivePdf } from './archive-pdf';

/**
 * The archive's PDF layout off the API's thread (issue 40: the archive must not slow the journal).
 * pdfkit lays out synchronously and allocates much (a class's year is ~75 pages: its garbage
 * collection alone took ~0.5 s a class on the API's heap); in a worker thread it has its own heap
 * and event loop, and the thread runs at the lowest CPU priority (Linux: nice is per thread, set
 * through /proc/thread-self), so on a busy machine the journal's requests are served first and the
 * archive takes the idle time. One thread for the process, started on first use, not holding the
 * process open; requests queue in it one at a time.
 */

interface Request {
  id: number;
  document: ArchiveDocument;
  createdAt: string;
}
type Answer = { id: number; bytes: Uint8Array; pages: number } | { id: number; error: string };

// ---------------------------------------------------------------- inside the thread
/** The thread (started by `thread()` below through queue/off-thread.ts): lays out one request at a time. */
const layoutThread = offThreadEntry<null>(__filename, () => {
  lowerPriority('thread');
  const port = parentPort;
  if (!port) return;
  port.on('message', (request: Request) => {
    writeArchivePdf(request.document, new Date(request.createdAt)).then(
      ({ bytes, pages }) => {
        const copy = new Uint8Array(bytes);
        port.postMessage({ id: request.id, bytes: copy, pages } satisfies Answer, [copy.buffer]);
      },
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) } satisfies Answer),
    );
  });
});

// ---------------------------------------------------------------- the API's side
let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<
  number,
  { resolve: (value: { bytes: Buffer; pages: number }) => void; reject: (error: Error) => void }
>();

function failAll(error: Error) {
  for (const entry of waiting.values()) entry.reject(error);
  waiting.clear();
  worker = null;
}

function thread(): Worker {
  if (worker) return worker;
  const started = startThread(layoutThread, null);
  started.unref();
  started.on('message', (answer: Answer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if ('error' in answer) entry.reject(new Error(answer.error));
    else
      entry.resolve({
        bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength),
        pages: answer.pages,
      });
    if (waiting.size === 0) started.unref();
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`the archive's PDF thread stopped (${code})`));
  });
  worker = started;
  return started;
}

/** writeArchivePdf in the low-priority thread: the same bytes, the API's thread left to its users. */
export function writeArchivePdfInThread(
  document: ArchiveDocument,
  createdAt: Date,
): Promise<{ bytes: Buffer; pages: number }> {
  const target = thread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // Held open while a document is in the thread: a build's await must not see the process end.
    target.ref();
    target.postMessage({ id, document, createdAt: createdAt.toISOString() } satisfies Request);
  });
}
