import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * The one way code runs off the API's thread (docs/ARCHITECTURE.md «Background work»): in a worker
 * thread (its own heap and event loop: the solver's search, the archive's PDF layout) or in a child
 * process (its own database connection and CPU priority: the archive's build on PostgreSQL).
 *
 * What runs there is a real module file: it declares itself with `offThreadEntry(__filename, body)`
 * and exports the answer; the caller imports that export (an import editors and dependency-cruiser
 * follow) and hands it to `startThread` or `startProcess`. The same file loaded in the thread or the
 * child runs `body`; loaded anywhere else it only declares. A `.ts` entry (the server runs from its
 * sources under tsx; jest under ts-jest) is loaded through tsx's require hook; a `.js` one as is.
 */
export interface OffThreadEntry<Data> {
  /** The module's own file (`__filename`). */
  readonly file: string;
  /** Only for the type: what `body` is given. */
  readonly data?: Data;
}

/** What marks a thread or a child as started for one entry: its file. */
const ENTRY_KEY = 'partaOffThreadEntry';
const ENTRY_ENV = 'PARTA_OFF_THREAD_ENTRY';
const SERVER_DIR = path.resolve(__dirname, '../../..');

/** The lowest CPU priority (nice 19): the API's requests are served first, the run takes the idle time. */
export const LOWEST_PRIORITY = 19;

/**
 * Lowers the calling thread — or with `wholeProcess`, every thread of this process (Linux: nice is
 * per thread; each task of /proc/self/task is lowered, threads started later inherit it) — to
 * LOWEST_PRIORITY. Elsewhere than Linux, or where it is not allowed, the code runs at the priority
 * it has.
 */
export function lowerPriority(scope: 'thread' | 'process' = 'thread'): void {
  try {
    if (scope === 'process') {
      for (const task of readdirSync('/proc/self/task')) setPriority(Number(task), LOWEST_PRIORITY);
      return;
    }
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, LOWEST_PRIORITY);
  } catch {
    try {
      if (scope === 'process') setPriority(LOWEST_PRIORITY);
    } catch {
      // not allowed: the run keeps its priority
    }
  }
}

/** How a file is loaded outside jest's and tsx's own loaders. */
function loaderArgs(file: string): string[] {
  return file.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : [];
}

/**
 * Declares `file` (the calling module's `__filename`) an entry; when this very file was started as
 * a thread (`startThread`) or a child (`startProcess`), runs `body` with the data it was given.
 */
export function offThreadEntry<Data>(file: string, body: (data: Data) => void): OffThreadEntry<Data> {
  const inThread = !isMainThread && parentPort && workerData?.[ENTRY_KEY] === file;
  const inChild = isMainThread && process.env[ENTRY_ENV] === file && typeof process.send === 'function';
  if (inThread) body((workerData as { data: Data }).data);
  else if (inChild) body(JSON.parse(process.env.PARTA_OFF_THREAD_DATA ?? 'null') as Data);
  return { file };
}

export interface ThreadOptions {
  /** Extra environment of the thread (it shares the process's otherwise). */
  env?: NodeJS.ProcessEnv;
}

/** A worker thread running `entry` with `data` (structured-cloned; a SharedArrayBuffer is shared). */
export function startThread<Data>(
  entry: OffThreadEntry<Data>,
  data: Data,
  options: ThreadOptions = {},
): Worker {
  return new Worker(entry.file, {
    execArgv: loaderArgs(entry.file),
    workerData: { [ENTRY_KEY]: entry.file, data },
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    stdout: false,
    stderr: false,
  });
}

export interface ProcessOptions {
  /** Extra environment of the child. */
  env?: NodeJS.ProcessEnv;
  /** Starts the child at LOWEST_PRIORITY (it lowers its own threads too, see `lowerPriority`). */
  lowPriority?: boolean;
}

/**
 * A child process running `entry` with `data` (JSON), in the server's folder, with an IPC channel
 * (`process.send` in the child) and the parent's stdout and stderr.
 */
export function startProcess<Data>(
  entry: OffThreadEntry<Data>,
  data: Data,
  options: ProcessOptions = {},
): ChildProcess {
  const child = fork(entry.file, [], {
    cwd: SERVER_DIR,
    execArgv: loaderArgs(entry.file),
    env: {
      ...process.env,
      ...options.env,
      [ENTRY_ENV]: entry.file,
      PARTA_OFF_THREAD_DATA: JSON.stringify(data),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (options.lowPriority) {
    try {
      // The child lowers every thread of its own at start; this covers its first moments.
      if (child.pid) setPriority(child.pid, LOWEST_PRIORITY);
    } catch {
      // not allowed here: the child still lowers itself
    }
  }
  return child;
}
