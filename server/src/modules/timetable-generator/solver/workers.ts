import { startThread } from '../../../queue/off-thread';
import type { Instance, Progress, SolveResult } from './model';
import { type SearchThreadMessage, searchThread } from './search-thread';

/**
 * Runs the search in worker threads (search-thread.ts through queue/off-thread.ts), one per seed (two on a 2-core server), and keeps the best
 * result: fewest hard violations, then lowest soft cost. Progress is the best of the workers' latest
 * reports; `stop()` ends every search with its best so far.
 */
export interface WorkerRun {
  result: Promise<SolveResult>;
  stop: () => void;
}

export interface WorkerOptions {
  seeds: number[];
  seconds: number;
  onProgress?: (progress: Progress) => void;
  /**
   * End at the first timetable without hard violations (no soft improvement): the first worker to find
   * one stops the others, whose best so far is kept only if it is as good.
   */
  stopAtFeasible?: boolean;
}

function better(a: Progress, b: Progress): boolean {
  return (
    a.hardViolations < b.hardViolations || (a.hardViolations === b.hardViolations && a.softCost < b.softCost)
  );
}

export function startWorkers(instance: Instance, opts: WorkerOptions): WorkerRun {
  const stopBuffer = new SharedArrayBuffer(4);
  const flag = new Int32Array(stopBuffer);
  const latest: Array<Progress | null> = opts.seeds.map(() => null);
  const runs = opts.seeds.map(
    (seed, i) =>
      new Promise<SolveResult>((resolve, reject) => {
        const worker = startThread(searchThread, {
          instance,
          seed,
          seconds: opts.seconds,
          stopAtFeasible: opts.stopAtFeasible ?? false,
          stop: stopBuffer,
        });
        worker.on('message', (msg: SearchThreadMessage) => {
          if (msg.type === 'progress') {
            latest[i] = msg.progress;
            let best: Progress | null = null;
            for (const p of latest) if (p && (!best || better(p, best))) best = p;
            if (best) opts.onProgress?.(best);
          } else {
            if (opts.stopAtFeasible && msg.result.hardViolations === 0) Atomics.store(flag, 0, 1);
            resolve(msg.result);
          }
        });
        worker.on('error', reject);
        // A thread that ends without its answer (a crash, an exit from inside) fails the run, so the
        // job does not wait forever; after 'done' the promise is settled and this changes nothing.
        worker.on('exit', (code) => {
          reject(new Error(`Поиск расписания завершился без результата (код ${code})`));
        });
      }),
  );
  const result = Promise.all(runs).then((results) => {
    let best = results[0];
    for (const r of results) if (better(r, best)) best = r;
    // A worker stopped because another found a valid timetable was not stopped by the caller.
    const reached = opts.stopAtFeasible === true && best.hardViolations === 0;
    return { ...best, stopped: !reached && results.some((r) => r.stopped) };
  });
  return { result, stop: () => Atomics.store(flag, 0, 1) };
}

export function solveInWorkers(instance: Instance, opts: WorkerOptions): Promise<SolveResult> {
  return startWorkers(instance, opts).result;
}
