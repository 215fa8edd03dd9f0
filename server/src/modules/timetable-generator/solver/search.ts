import { construct } from './construction';
import { Improvement } from './improvement';
import type { Instance, Progress, SolveResult } from './model';
import { Repair } from './repair';
import { HARD, SearchState } from './search-state';

/**
 * The search, in three phases over one shared state (search-state.ts: a complete assignment and its
 * costs kept incrementally per resource-day, per resource-week and per spread group):
 * 1. construction (construction.ts) places the hardest activities first at their cheapest start;
 * 2. hard repair (repair.ts), a tabu search on activities in violation, drives hard violations to
 *    zero (moves and swaps inside a class, which keep the class's day shape);
 * 3. soft improvement (improvement.ts), simulated annealing, lowers the soft cost without letting a
 *    hard violation back in.
 * Repair and improvement share one loop: each step is a repair step while a hard violation is left,
 * else an annealing step, and the best timetable seen is kept (and returned to when the repair
 * wanders far above it). Every phase draws from the one random stream of the seed.
 */

export interface SolveOptions {
  seed: number;
  /** Wall-clock limit. */
  seconds: number;
  /** Iteration limit (tests: a deterministic stop). */
  maxIterations?: number;
  /** Polled every few hundred iterations; true ends the search with the best so far. */
  shouldStop?: () => boolean;
  onProgress?: (progress: Progress) => void;
  progressEveryMs?: number;
  /** End as soon as no hard violation is left (no soft improvement). */
  stopAtFeasible?: boolean;
}

/** The best timetable seen so far: its starts, rooms and cost key. */
class BestTimetable {
  readonly starts: Int32Array;
  readonly rooms: Int32Array[];
  key: number;

  constructor(private readonly state: SearchState) {
    this.starts = Int32Array.from(state.start);
    this.rooms = state.rooms.map((r) => Int32Array.from(r));
    this.key = state.key();
  }

  /** The current timetable becomes the best. */
  keep(): void {
    const state = this.state;
    this.key = state.key();
    this.starts.set(state.start);
    for (let u = 0; u < state.units.length; u++) this.rooms[u].set(state.rooms[u]);
  }

  /** The state goes back to the best timetable. */
  restore(): void {
    const state = this.state;
    const U = state.units.length;
    for (let u = 0; u < U; u++) if (state.start[u] >= 0) state.unplace(u);
    for (let u = 0; u < U; u++) if (this.starts[u] >= 0) state.place(u, this.starts[u], this.rooms[u]);
  }
}

export function solve(inst: Instance, opts: SolveOptions): SolveResult {
  const state = new SearchState(inst, opts.seed);
  const t0 = Date.now();
  const deadline = t0 + opts.seconds * 1000;
  const maxIt = opts.maxIterations ?? Number.POSITIVE_INFINITY;
  const U = state.units.length;
  const total = inst.activities.length;
  const everyMs = opts.progressEveryMs ?? 250;
  let lastReport = t0;
  let it = 0;
  let stopped = false;

  const report = () => {
    opts.onProgress?.({
      placed: state.cleanCount(),
      total,
      hardViolations: state.hard + state.unplacedActivities(),
      softCost: round(state.soft),
      iterations: it,
      seconds: (Date.now() - t0) / 1000,
    });
  };

  // 1. Construction: hinted units where they were, then iterative forward search with ejections.
  const tick = () => {
    const now = Date.now();
    if (now - lastReport >= everyMs) {
      lastReport = now;
      report();
    }
  };
  construct(state, state.rng, deadline, () => opts.shouldStop?.(), tick);
  // The built timetable is news at once: often it has no hard violation left to repair.
  lastReport = Date.now();
  report();

  // 2 and 3. Hard repair while a hard violation is left, else soft improvement; the best kept.
  const best = new BestTimetable(state);
  const movable = Array.from({ length: U }, (_, i) => i).filter(
    (ui) => state.units[ui].starts.length > 1 || state.units[ui].partners.length > 0,
  );
  const repair = new Repair(state);
  const improvement = new Improvement(state);
  let sinceBest = 0;

  while (movable.length > 0 && it < maxIt) {
    it++;
    if ((it & 127) === 0) {
      const now = Date.now();
      if (now >= deadline) break;
      if (opts.shouldStop?.()) {
        stopped = true;
        break;
      }
      if (now - lastReport >= everyMs) {
        lastReport = now;
        report();
      }
    }
    if (state.hard === 0 && (state.soft <= 1e-9 || opts.stopAtFeasible)) break;

    if (state.hard > 0) repair.step(it, movable, best.key);
    else if (!improvement.step(movable)) continue;

    if (state.key() < best.key - 1e-9) {
      best.keep();
      sinceBest = 0;
    } else if (++sinceBest > 200_000 && state.hard === 0) {
      sinceBest = 0;
      improvement.reheat();
    } else if (state.hard > 0 && (sinceBest & 4095) === 0 && state.hard * HARD > best.key + 10 * HARD) {
      // The repair has wandered far above the best timetable found: go back to it and try again
      // from there (its tabu list and random choices take another way).
      best.restore();
      repair.forget();
    }
  }

  best.restore();
  const result = resultOf(state, t0, it, stopped);
  opts.onProgress?.({
    placed: result.placed,
    total: result.total,
    hardViolations: result.hardViolations,
    softCost: result.softCost,
    iterations: result.iterations,
    seconds: result.seconds,
  });
  return result;
}

/** The state's timetable per activity (units unfolded), with its figures. */
function resultOf(state: SearchState, t0: number, it: number, stopped: boolean): SolveResult {
  const n = state.inst.activities.length;
  const starts = new Array<number>(n).fill(-1);
  const rooms: number[][] = Array.from({ length: n }, () => []);
  state.units.forEach((u, ui) => {
    let k = 0;
    for (const a of u.members) {
      starts[a] = state.start[ui];
      const reqs = state.inst.activities[a].roomOptions?.length ?? 0;
      for (let j = 0; j < reqs; j++) rooms[a].push(state.rooms[ui][k++]);
    }
  });
  return {
    starts,
    rooms,
    placed: state.cleanCount(),
    total: n,
    hardViolations: state.hard + state.unplacedActivities(),
    softCost: round(state.soft),
    teacherGaps: state.teacherGaps(),
    iterations: it,
    seconds: (Date.now() - t0) / 1000,
    stopped,
  };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
