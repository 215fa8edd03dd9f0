import { construct } from './construction';
import type { Instance, Progress, SolveResult } from './model';
import { HARD, SearchState, takenBefore } from './search-state';

/**
 * The search: a complete assignment (every activity has a start), costs kept incrementally per
 * resource-day, per resource-week and per spread group. Construction places the hardest activities
 * first at their cheapest start; then a tabu search on activities in violation drives hard violations
 * to zero (moves and swaps inside a class, which keep the class's day shape), and simulated annealing
 * lowers the soft cost without letting a hard violation back in.
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

/** Starts priced exactly per repair step, and swap partners tried. */
const SCREENED = 16;
const SWAPS = 8;
/**
 * Share of repair steps allowed to add a hard violation when nothing better is in reach: with a few
 * hard violations left the repair needs a way out of where it stands; with many, an uphill step mostly
 * undoes progress (FET's Econ-Timisoara v1_7, 60 s: 30–40 violations left at 3 %, 16–29 at 0.3 %; Hong
 * Kong's difficult school needs the 3 % for its last one). A step that keeps the hard count and only
 * costs soft is not uphill: the repair takes it (the best such, by soft cost), so it walks the plateau
 * of equal violations instead of standing still (v1_7, 60 s, seeds 1–4: 24/34/11/24 violations left
 * when soft counted as uphill, 20/10/6/11 now; 240 s, two workers: 9 → 3).
 */
const UPHILL_FEW = 0.03;
const UPHILL_MANY = 0.003;
const FEW = 5;
/**
 * Lessons of a resource tried in its day below a hard minimum of lessons (FET's «min hours daily»), each
 * at every start of that day: the lone lesson of such a day often cannot leave it, but another lesson
 * can join it (FET's Econ-Timisoara v1_7, where half the last violations were teachers' short days;
 * 240 s, two workers, seeds 1 and 2: 3 and 4 violations left without, 1 and 1 with).
 */
const PULLS = 3;
/**
 * Repair steps in a row that find no way to lower the (weighted) hard violations before every violation
 * there is weighs one more; every `EASE_EVERY` such rises, all weights go halfway back to 1 (the
 * «breakout» of constraint solvers: a violation the repair cannot leave reshapes the landscape around
 * it until some way out costs less than staying). FET's Econ-Timisoara v1_7, 60 s, one worker, seeds
 * 1–4, with the whole-block move: 7 / 12 / 9 / 1 violations left by plain counts, 2 / 0 / 2 / 4 with the
 * weights (a rise after 50 steps: 0 / 19 / 7 / 2; after 100: 8 / 0 / 1 / 10; after 1,000: 13 / 8 / 6 / 5).
 */
const BUMP_AFTER = 200;
const EASE_EVERY = 20;
export class Search extends SearchState {
  /** The plain cost key after the move last priced (for the tabu list's aspiration). */
  private pricedKey = 0;
  /**
   * Per group: the units of a hard block (consecutive or grouped lessons, each its own unit), in the
   * group's order, which the repair moves whole; null for any other group. One lesson of a broken
   * block rarely fixes it alone where its mates' teachers and rooms are busy (v1_7, 60 s, seeds 1–4,
   * with the weights: 5 / 5 / 3 / 5 violations left without the whole-block move, 2 / 0 / 2 / 4 with).
   */
  private blockUnits: (Int32Array | null)[];
  /** Scratch starts of a block's units: the best of one pricing (read by the test), of a repair step. */
  blockTry: Int32Array;
  private blockBest: Int32Array;

  constructor(inst: Instance, seed: number) {
    super(inst, seed);
    this.blockUnits = inst.groups.map((grp) => {
      if (!grp.hard || (grp.kind !== 'consecutive' && grp.kind !== 'grouped')) return null;
      const us = grp.activities.map((a) => this.unitOf[a]);
      return new Set(us).size === us.length && us.every((x) => x >= 0) ? Int32Array.from(us) : null;
    });
    const widest = Math.max(0, ...this.blockUnits.map((b) => b?.length ?? 0));
    this.blockTry = new Int32Array(widest);
    this.blockBest = new Int32Array(widest);
  }

  // ---------------------------------------------------------------- the search

  solve(opts: SolveOptions): SolveResult {
    const t0 = Date.now();
    const deadline = t0 + opts.seconds * 1000;
    const maxIt = opts.maxIterations ?? Number.POSITIVE_INFINITY;
    const rng = this.rng;
    const U = this.units.length;
    const total = this.inst.activities.length;
    const everyMs = opts.progressEveryMs ?? 250;
    let lastReport = t0;
    let it = 0;
    let stopped = false;

    const report = () => {
      opts.onProgress?.({
        placed: this.cleanCount(),
        total,
        hardViolations: this.hard + this.unplacedActivities(),
        softCost: round(this.soft),
        iterations: it,
        seconds: (Date.now() - t0) / 1000,
      });
    };

    // Construction: hinted units where they were, then iterative forward search with ejections.
    const tick = () => {
      const now = Date.now();
      if (now - lastReport >= everyMs) {
        lastReport = now;
        report();
      }
    };
    construct(this, rng, deadline, () => opts.shouldStop?.(), tick);
    // The built timetable is news at once: often it has no hard violation left to repair.
    lastReport = Date.now();
    report();
    const order = Array.from({ length: U }, (_, i) => i);

    // Best so far.
    const bestStart = Int32Array.from(this.start);
    const bestRooms = this.rooms.map((r) => Int32Array.from(r));
    let bestKey = this.key();
    const saveBest = () => {
      bestKey = this.key();
      bestStart.set(this.start);
      for (let u = 0; u < U; u++) bestRooms[u].set(this.rooms[u]);
    };

    const movable = order.filter(
      (ui) => this.units[ui].starts.length > 1 || this.units[ui].partners.length > 0,
    );
    const tabu = new Int32Array(U * this.T);
    let temp = 2;
    let sinceBest = 0;
    let stuck = 0;
    let bumps = 0;
    /** A unit may not go back to the start it leaves for the next 10–19 steps. */
    const forbid = (unit: number, start: number) => {
      tabu[unit * this.T + start] = it + 10 + rng.int(10);
    };
    const violating: number[] = [];

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
      if (this.hard === 0 && (this.soft <= 1e-9 || opts.stopAtFeasible)) break;

      if (this.hard > 0) {
        // Repair: a unit in violation, best non-tabu move or swap over its whole neighbourhood.
        if (violating.length === 0 || (it & 15) === 0) {
          violating.length = 0;
          for (const v of movable) if (this.inViolation(v)) violating.push(v);
        }
        let ui =
          violating.length > 0 ? violating[rng.int(violating.length)] : movable[rng.int(movable.length)];
        if (!this.inViolation(ui)) ui = movable[rng.int(movable.length)];
        const u = this.units[ui];
        const s0 = this.start[ui];
        const r0 = Int32Array.from(this.rooms[ui]);
        const before = this.repairKey();
        let bestDelta = Number.POSITIVE_INFINITY;
        let bestMove = -1;
        let bestPartner = -1;
        /** A room change at the same start (rooms in another building), when that is the best move. */
        let bestRooms: Int32Array | null = null;
        /** Another lesson of a short day's resource, pulled into that day at `bestMove`. */
        let bestPulled = -1;
        /** A hard block group (consecutive, grouped) moved whole: its group index; starts in `blockBest`. */
        let bestBlock = -1;
        let ties = 0;
        const consider = (
          delta: number,
          move: number,
          partner: number,
          tabuKey: number,
          rooms: Int32Array | null = null,
          pulled = -1,
          block = -1,
        ) => {
          const aspiration = this.pricedKey < bestKey - 1e-9;
          if (tabu[tabuKey] > it && !aspiration) return;
          const better = delta < bestDelta - 1e-9;
          if (!better && !(Math.abs(delta - bestDelta) <= 1e-9 && rng.int(++ties) === 0)) return;
          if (better) {
            bestDelta = delta;
            ties = 1;
          }
          bestMove = move;
          bestPartner = partner;
          bestRooms = rooms;
          bestPulled = pulled;
          bestBlock = block;
        };
        const randomMove = rng.next() < 0.002;
        if (randomMove) {
          bestMove = u.starts[rng.int(u.starts.length)];
        } else {
          // Screen every start by a cheap clash count, then price the few best exactly.
          const cand = this.screen(ui, s0, SCREENED);
          for (let c = 0; c < cand.length; c++) {
            const s = cand[c];
            consider(this.priceMove(ui, s, undefined, r0, before), s, -1, ui * this.T + s);
          }
          const np = u.partners.length;
          const tries = Math.min(np, SWAPS);
          const off = np > 0 ? rng.int(np) : 0;
          for (let j = 0; j < tries; j++) {
            const vi = u.partners[(off + j * 7) % np];
            const sv = this.start[vi];
            if (sv === s0 || sv < 0 || !u.allowed[sv] || !this.units[vi].allowed[s0]) continue;
            const rv = Int32Array.from(this.rooms[vi]);
            this.swap(ui, vi);
            const delta = this.repairKey() - before;
            this.pricedKey = this.key();
            this.unplace(ui);
            this.unplace(vi);
            this.place(ui, s0, r0);
            this.place(vi, sv, rv);
            consider(delta, sv, vi, ui * this.T + sv);
          }
          if (s0 >= 0) {
            // A working day below its minimum of lessons: bring another lesson of that resource into it.
            const d0 = (s0 / this.P) | 0;
            for (let k = 0; k < u.res.length; k++) {
              const list = this.resUnits[u.res[k]];
              if (!this.dayShort[u.res[k] * this.D + d0] || list.length < 2) continue;
              for (let j = 0; j < PULLS; j++) {
                const vi = list[rng.int(list.length)];
                const sv0 = this.start[vi];
                if (vi === ui || sv0 < 0 || ((sv0 / this.P) | 0) === d0) continue;
                const vu = this.units[vi];
                const rv = Int32Array.from(this.rooms[vi]);
                for (let c = 0; c < vu.starts.length; c++) {
                  const sv = vu.starts[c];
                  if (((sv / this.P) | 0) !== d0) continue;
                  consider(this.priceMove(vi, sv, undefined, rv, before), sv, -1, vi * this.T + sv, null, vi);
                }
              }
            }
          }
          if (s0 >= 0) {
            // A broken block (lessons that must follow each other): the whole block, at every start.
            for (let k = 0; k < u.groups.length; k++) {
              const g = u.groups[k];
              if (this.groupHard[g] === 0 || !this.blockUnits[g]) continue;
              const delta = this.bestBlockStart(g);
              if (delta < Number.POSITIVE_INFINITY) {
                const first = this.blockUnits[g][0];
                consider(delta, this.blockTry[0], -1, first * this.T + this.blockTry[0], null, -1, g);
                if (bestBlock === g) this.blockBest.set(this.blockTry.subarray(0, this.blockUnits[g].length));
              }
            }
          }
          if (u.multiBuilding && s0 >= 0) {
            for (const rooms of this.roomsElsewhere(ui, s0)) {
              consider(this.priceMove(ui, s0, rooms, r0, before), s0, -1, ui * this.T + s0, rooms);
            }
          }
        }
        // An uphill step only now and then: taken every time, they walked the repair far from any
        // timetable worth keeping (FET's Belize college: from 20 violations to over 100).
        if (
          bestMove >= 0 &&
          !randomMove &&
          bestDelta > HARD / 2 &&
          rng.next() > (this.hard <= FEW ? UPHILL_FEW : UPHILL_MANY)
        )
          bestMove = -1;
        if (bestMove >= 0) {
          if (bestBlock >= 0) {
            const members = this.blockUnits[bestBlock] as Int32Array;
            for (let i = 0; i < members.length; i++) {
              forbid(members[i], this.start[members[i]]);
              this.unplace(members[i]);
            }
            for (let i = 0; i < members.length; i++) this.place(members[i], this.blockBest[i]);
          } else if (bestPulled >= 0) {
            forbid(bestPulled, this.start[bestPulled]);
            this.unplace(bestPulled);
            this.place(bestPulled, bestMove);
          } else if (bestRooms) {
            this.unplace(ui);
            this.place(ui, s0, bestRooms);
          } else if (bestPartner >= 0) {
            forbid(bestPartner, this.start[bestPartner]);
            this.swap(ui, bestPartner);
          } else {
            this.unplace(ui);
            this.place(ui, bestMove);
          }
          forbid(ui, s0);
        }
        if (bestDelta > -HARD / 2 && ++stuck >= BUMP_AFTER) {
          stuck = 0;
          this.bumpWeights(1);
          if (++bumps % EASE_EVERY === 0) this.easeWeights();
        } else if (bestDelta <= -HARD / 2) stuck = 0;
      } else {
        // Improvement: simulated annealing on the soft cost, hard violations never readmitted.
        const ui = movable[rng.int(movable.length)];
        const u = this.units[ui];
        const s0 = this.start[ui];
        const r0 = Int32Array.from(this.rooms[ui]);
        const hard0 = this.hard;
        const soft0 = this.soft;
        const usePartner = u.partners.length > 0 && (u.starts.length <= 1 || rng.next() < 0.6);
        if (usePartner) {
          const vi = u.partners[rng.int(u.partners.length)];
          const sv = this.start[vi];
          if (sv === s0 || sv < 0 || !u.allowed[sv] || !this.units[vi].allowed[s0]) continue;
          const rv = Int32Array.from(this.rooms[vi]);
          this.swap(ui, vi);
          if (!this.accept(hard0, soft0, temp)) {
            this.unplace(ui);
            this.unplace(vi);
            this.place(ui, s0, r0);
            this.place(vi, sv, rv);
          }
        } else {
          const s = u.starts[rng.int(u.starts.length)];
          if (s === s0) continue;
          this.unplace(ui);
          this.place(ui, s);
          if (!this.accept(hard0, soft0, temp)) {
            this.unplace(ui);
            this.place(ui, s0, r0);
          }
        }
        temp *= 0.99995;
        if (temp < 0.02) temp = 1;
      }
      if (this.key() < bestKey - 1e-9) {
        saveBest();
        sinceBest = 0;
      } else if (++sinceBest > 200_000 && this.hard === 0) {
        sinceBest = 0;
        temp = 2;
      } else if (this.hard > 0 && (sinceBest & 4095) === 0 && this.hard * HARD > bestKey + 10 * HARD) {
        // The repair has wandered far above the best timetable found: go back to it and try again
        // from there (its tabu list and random choices take another way).
        for (let u = 0; u < U; u++) if (this.start[u] >= 0) this.unplace(u);
        for (let u = 0; u < U; u++) if (bestStart[u] >= 0) this.place(u, bestStart[u], bestRooms[u]);
        violating.length = 0;
      }
    }

    // Restore the best.
    for (let u = 0; u < U; u++) this.unplace(u);
    for (let u = 0; u < U; u++) if (bestStart[u] >= 0) this.place(u, bestStart[u], bestRooms[u]);
    const result = this.result(t0, it, stopped);
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

  /**
   * A unit's rooms at its start `s` with one request moved to a free room in another building: one such
   * set per request and building (the repair prices them like moves; rooms change nowhere else).
   */
  private roomsElsewhere(ui: number, s: number): Int32Array[] {
    const u = this.units[ui];
    const mine = this.rooms[ui];
    const out: Int32Array[] = [];
    for (let k = 0; k < u.roomOpts.length; k++) {
      const opts = u.roomOpts[k];
      const seen = new Set<number>([mine[k] >= 0 ? this.roomBuilding[mine[k]] : -1]);
      const off = opts.length > 1 ? this.rng.int(opts.length) : 0;
      for (let j = 0; j < opts.length; j++) {
        const r = opts[(off + j) % opts.length];
        const b = this.roomBuilding[r];
        if (seen.has(b) || takenBefore(mine, k, r) || !this.roomFree(r, s, u.roomDur[k])) continue;
        seen.add(b);
        const rooms = Int32Array.from(mine);
        rooms[k] = r;
        out.push(rooms);
      }
    }
    return out;
  }

  private screenScore = new Float64Array(0);

  /** The `k` starts of a unit with the fewest clashes (own occupancy discounted), ties at random. */
  private screen(ui: number, s0: number, k: number): Int32Array {
    const u = this.units[ui];
    const n = u.starts.length;
    if (this.screenScore.length < n) this.screenScore = new Float64Array(n);
    const score = this.screenScore;
    const T = this.T;
    const P = this.P;
    for (let c = 0; c < n; c++) {
      const s = u.starts[c];
      let clash = 0;
      for (let j = 0; j < u.res.length; j++) {
        const base = u.res[j] * T;
        for (let i = 0; i < u.dur[j]; i++) {
          const t = s + i;
          clash += this.occ[base + t];
          if (s0 >= 0 && t >= s0 && t < s0 + u.dur[j]) clash--;
        }
      }
      for (let j = 0; j < u.roomOpts.length; j++) {
        const opts = u.roomOpts[j];
        let free = false;
        for (let o = 0; o < opts.length && !free; o++) {
          free = opts[o] === this.rooms[ui][j] ? true : this.roomFree(opts[o], s, u.roomDur[j]);
        }
        if (!free && opts.length > 0) clash++;
      }
      const d = (s / P) | 0;
      if (this.bldCnt.length > 0) clash += this.otherBuildings(ui, d);
      for (const g of u.groups) {
        const grp = this.inst.groups[g];
        if (!grp.hard) continue;
        for (const a of grp.activities) {
          const v = this.unitOf[a];
          if (v === ui || this.start[v] < 0) continue;
          if (this.groupClash(grp, ui, s, v, d)) clash++;
        }
      }
      score[c] = clash * 4 + this.rng.next();
    }
    const idx = Array.from({ length: n }, (_, c) => c).filter((c) => u.starts[c] !== s0);
    idx.sort((a, b) => score[a] - score[b]);
    // Every start within one clash of the best, at most k of them.
    const limit = idx.length > 0 ? score[idx[0]] + 5 : 0;
    let m = 0;
    while (m < idx.length && m < k && score[idx[m]] < limit) m++;
    return Int32Array.from(idx.slice(0, m), (c) => u.starts[c]);
  }

  private accept(hard0: number, soft0: number, temp: number): boolean {
    if (this.hard > hard0) return false;
    if (this.hard < hard0) return true;
    const d = this.soft - soft0;
    return d <= 0 || this.rng.next() < Math.exp(-d / temp);
  }

  /**
   * What moving placed unit `ui` to start `s` (with `rooms`, else rooms as `place` finds them) does to
   * the cost key, from `before`; the unit is put back where it stood, in its rooms `back`.
   */
  private priceMove(
    ui: number,
    s: number,
    rooms: Int32Array | undefined,
    back: Int32Array,
    before: number,
  ): number {
    const s0 = this.start[ui];
    this.unplace(ui);
    this.place(ui, s, rooms);
    const delta = this.repairKey() - before;
    this.pricedKey = this.key();
    this.unplace(ui);
    this.place(ui, s0, back);
    return delta;
  }

  /**
   * The best place for block group `g` moved whole: every start of every day, its units one after
   * another (breaks skipped) in the group's order, and for a «grouped» block also in reverse. Returns
   * the repair key's change (infinity: nowhere allowed) and leaves the units' starts in `blockTry`;
   * every unit is put back where it stood. Public for its test.
   */
  bestBlockStart(g: number): number {
    const before = this.repairKey();
    const members = this.blockUnits[g] as Int32Array;
    const n = members.length;
    const P = this.P;
    const back = Array.from(members, (m) => this.start[m]);
    if (back.some((x) => x < 0)) return Number.POSITIVE_INFINITY;
    const backRooms = Array.from(members, (m) => Int32Array.from(this.rooms[m]));
    const at = new Int32Array(n);
    let best = Number.POSITIVE_INFINITY;
    const orders = this.inst.groups[g].kind === 'grouped' && n > 1 ? 2 : 1;
    for (let o = 0; o < orders; o++) {
      for (let s = 0; s < this.T; s++) {
        const dayEnd = ((s / P) | 0) * P + P;
        let cur = s;
        let fits = true;
        for (let i = 0; i < n && fits; i++) {
          const ui = members[o === 0 ? i : n - 1 - i];
          const dur = this.inst.activities[this.units[ui].members[0]].duration;
          if (cur >= dayEnd || !this.units[ui].allowed[cur] || cur + dur > dayEnd) fits = false;
          at[o === 0 ? i : n - 1 - i] = cur;
          cur += dur;
          while (cur < dayEnd && this.isBreak[cur]) cur++;
        }
        if (!fits) continue;
        for (let i = 0; i < n; i++) this.unplace(members[i]);
        for (let i = 0; i < n; i++) this.place(members[i], at[i]);
        const delta = this.repairKey() - before;
        const plain = this.key();
        for (let i = 0; i < n; i++) this.unplace(members[i]);
        for (let i = 0; i < n; i++) this.place(members[i], back[i], backRooms[i]);
        if (delta < best - 1e-9 || (Math.abs(delta - best) <= 1e-9 && this.rng.next() < 0.5)) {
          best = delta;
          this.pricedKey = plain;
          this.blockTry.set(at);
        }
      }
    }
    return best;
  }

  private result(t0: number, it: number, stopped: boolean): SolveResult {
    const n = this.inst.activities.length;
    const starts = new Array<number>(n).fill(-1);
    const rooms: number[][] = Array.from({ length: n }, () => []);
    this.units.forEach((u, ui) => {
      let k = 0;
      for (const a of u.members) {
        starts[a] = this.start[ui];
        const reqs = this.inst.activities[a].roomOptions?.length ?? 0;
        for (let j = 0; j < reqs; j++) rooms[a].push(this.rooms[ui][k++]);
      }
    });
    return {
      starts,
      rooms,
      placed: this.cleanCount(),
      total: n,
      hardViolations: this.hard + this.unplacedActivities(),
      softCost: round(this.soft),
      teacherGaps: this.teacherGaps(),
      iterations: it,
      seconds: (Date.now() - t0) / 1000,
      stopped,
    };
  }
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

export function solve(inst: Instance, opts: SolveOptions): SolveResult {
  return new Search(inst, opts.seed).solve(opts);
}
