import { parentPort } from 'node:worker_threads';
import { offThreadEntry } from '../../../queue/off-thread';
import type { Instance, Progress, SolveResult } from './model';
import { solve } from './search';

/** What one search thread is given (workers.ts starts one per seed). */
export interface SearchThreadData {
  instance: Instance;
  seed: number;
  seconds: number;
  stopAtFeasible: boolean;
  /** One Int32: 1 asks the search to end with its best so far. */
  stop: SharedArrayBuffer;
}

export type SearchThreadMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: SolveResult };

/** One search in a worker thread: its progress and its result posted to the API's side. */
export const searchThread = offThreadEntry<SearchThreadData>(__filename, (data) => {
  const port = parentPort;
  if (!port) return;
  const flag = new Int32Array(data.stop);
  const result = solve(data.instance, {
    seed: data.seed,
    seconds: data.seconds,
    stopAtFeasible: data.stopAtFeasible,
    shouldStop: () => Atomics.load(flag, 0) === 1,
    onProgress: (progress) => port.postMessage({ type: 'progress', progress } satisfies SearchThreadMessage),
  });
  port.postMessage({ type: 'done', result } satisfies SearchThreadMessage);
});
