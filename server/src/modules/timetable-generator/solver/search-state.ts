import type { SpreadGroup } from './model';
import { followsDirectly, formsBlock } from './model';
import { SearchCosts } from './search-costs';
import type { Unit } from './units';

/**
 * The search's shared state: a complete assignment (every activity has a start, or -1) and its costs,
 * kept incrementally per resource-day, per resource-week and per spread group, so that placing or
 * unplacing one unit re-counts only what it touches. Construction (construction.ts), hard repair
 * (repair.ts) and soft improvement (improvement.ts) all move lessons through `place` and `unplace`
 * here and read the costs `hard`, `soft` and `weighted`.
 */

/** Key of a (hard, soft) cost pair for comparisons: hard first. */
export const HARD = 1_000_000;

/** Whether room `room` is among the first `k` rooms of a unit's requests (no allocation: hot path). */
export function takenBefore(rooms: Int32Array, k: number, room: number): boolean {
  for (let j = 0; j < k; j++) if (rooms[j] === room) return true;
  return false;
}

export class SearchState extends SearchCosts {
  // ---------------------------------------------------------------- placing

  touch(u: Unit, s: number): void {
    const d = (s / this.P) | 0;
    for (let k = 0; k < u.res.length; k++) {
      this.evalDay(u.res[k], d);
      if (this.weekLimits[u.res[k]].length) this.evalWeek(u.res[k]);
    }
  }

  touchRooms(ui: number, s: number): void {
    const d = (s / this.P) | 0;
    const rooms = this.rooms[ui];
    for (let k = 0; k < rooms.length; k++) if (rooms[k] >= 0) this.evalDay(rooms[k], d);
  }

  unplace(ui: number): void {
    const s = this.start[ui];
    if (s < 0) return;
    const u = this.units[ui];
    const T = this.T;
    for (let k = 0; k < u.res.length; k++) {
      const base = u.res[k] * T + s;
      for (let i = 0; i < u.dur[k]; i++) {
        this.occ[base + i]--;
        this.rankAt[base + i] -= u.rank[k];
      }
      this.endsAt[base + u.dur[k] - 1] -= u.ends[k];
    }
    this.markBuildings(ui, s, -1);
    const rooms = this.rooms[ui];
    for (let k = 0; k < rooms.length; k++) {
      if (rooms[k] < 0) continue;
      const base = rooms[k] * T + s;
      for (let i = 0; i < u.roomDur[k]; i++) this.occ[base + i]--;
    }
    this.start[ui] = -1;
    this.touch(u, s);
    this.touchRooms(ui, s);
    if (u.startCost) this.soft -= u.startCost[s];
    for (const g of u.groups) this.evalGroup(g);
  }

  /** Adds (`sign` 1) or takes away (-1) the buildings of a unit's lessons at start `s`, by its rooms. */
  markBuildings(ui: number, s: number, sign: number): void {
    if (this.bldCnt.length === 0) return;
    const u = this.units[ui];
    const rooms = this.rooms[ui];
    for (let k = 0; k < u.res.length; k++) {
      const q = u.bld[k];
      const b = q >= 0 && rooms[q] >= 0 ? this.roomBuilding[rooms[q]] : -1;
      if (b < 0) continue;
      const base = u.res[k] * this.T + s;
      for (let i = 0; i < u.dur[k]; i++) {
        this.bldSum[base + i] += sign * b;
        this.bldCnt[base + i] += sign;
      }
    }
  }

  roomFree(room: number, s: number, dur: number): boolean {
    const base = room * this.T + s;
    for (let i = 0; i < dur; i++) if (this.occ[base + i] > 0 || this.blocked[base + i]) return false;
    return true;
  }

  /** Place a unit; rooms: given (undo) or chosen: keep the current one if free, else the first free option. */
  place(ui: number, s: number, rooms?: Int32Array): void {
    const u = this.units[ui];
    const T = this.T;
    const mine = this.rooms[ui];
    for (let k = 0; k < mine.length; k++) {
      if (rooms) {
        mine[k] = rooms[k];
        continue;
      }
      const opts = u.roomOpts[k];
      if (opts.length === 0) {
        mine[k] = -1;
        continue;
      }
      // A room taken by an earlier request of this unit (subgroups in parallel) is not free either.
      if (mine[k] >= 0 && !takenBefore(mine, k, mine[k]) && this.roomFree(mine[k], s, u.roomDur[k])) continue;
      const off = opts.length > 1 ? this.rng.int(opts.length) : 0;
      let chosen = -1;
      // Another room of the same building first: moving a lesson should not move it across the town.
      const building = u.multiBuilding && mine[k] >= 0 ? this.roomBuilding[mine[k]] : -1;
      for (let pass = building >= 0 ? 0 : 1; pass < 2 && chosen < 0; pass++) {
        for (let j = 0; j < opts.length; j++) {
          const r = opts[(off + j) % opts.length];
          if (pass === 0 && this.roomBuilding[r] !== building) continue;
          if (!takenBefore(mine, k, r) && this.roomFree(r, s, u.roomDur[k])) {
            chosen = r;
            break;
          }
        }
      }
      mine[k] = chosen >= 0 ? chosen : mine[k] >= 0 ? mine[k] : opts[off];
    }
    for (let k = 0; k < u.res.length; k++) {
      const base = u.res[k] * T + s;
      for (let i = 0; i < u.dur[k]; i++) {
        this.occ[base + i]++;
        this.rankAt[base + i] += u.rank[k];
      }
      this.endsAt[base + u.dur[k] - 1] += u.ends[k];
    }
    this.markBuildings(ui, s, 1);
    for (let k = 0; k < mine.length; k++) {
      if (mine[k] < 0) continue;
      const base = mine[k] * T + s;
      for (let i = 0; i < u.roomDur[k]; i++) this.occ[base + i]++;
    }
    this.start[ui] = s;
    this.touch(u, s);
    this.touchRooms(ui, s);
    if (u.startCost) this.soft += u.startCost[s];
    for (const g of u.groups) this.evalGroup(g);
  }

  /** Whether a placed unit sits in a hard violation (a clash, an overfull or gappy day, a broken group). */
  inViolation(ui: number): boolean {
    const s = this.start[ui];
    if (s < 0) return true;
    const u = this.units[ui];
    const d = (s / this.P) | 0;
    for (let k = 0; k < u.res.length; k++) {
      if (this.dayHard[u.res[k] * this.D + d] > 0 || this.weekHard[u.res[k]] > 0) return true;
    }
    const rooms = this.rooms[ui];
    for (let k = 0; k < rooms.length; k++)
      if (rooms[k] >= 0 && this.dayHard[rooms[k] * this.D + d] > 0) return true;
    for (const g of u.groups) if (this.groupHard[g] > 0) return true;
    return false;
  }

  /** Units placed and clear of any hard violation. */
  cleanCount(): number {
    let n = 0;
    for (let u = 0; u < this.units.length; u++) if (!this.inViolation(u)) n += this.units[u].members.length;
    return n;
  }

  /** Activities with no allowed start at all (each one a hard violation). */
  unplacedActivities(): number {
    let n = 0;
    for (let u = 0; u < this.units.length; u++) if (this.start[u] < 0) n += this.units[u].members.length;
    return n;
  }

  teacherGaps(): number {
    let g = 0;
    for (let r = 0; r < this.R; r++) if (this.isTeacher[r]) g += this.wGaps[r];
    return g;
  }

  /** Cost key of the current state. */
  key(): number {
    return this.hard * HARD + this.soft;
  }

  /** The repair's cost key: hard violations by their weights. */
  repairKey(): number {
    return this.weighted * HARD + this.soft;
  }

  /** Each hard violation there is now weighs `step` more (the weighted sum follows). */
  bumpWeights(step: number): void {
    const bump = (w: Float64Array, h: Float64Array) => {
      for (let i = 0; i < h.length; i++) {
        if (h[i] <= 0) continue;
        w[i] += step;
        this.weighted += step * h[i];
      }
    };
    bump(this.dayWeight, this.dayHard);
    bump(this.weekWeight, this.weekHard);
    bump(this.groupWeight, this.groupHard);
  }

  /** Every weight back halfway to 1: old troubles fade (the weighted sum is counted again). */
  easeWeights(): void {
    let sum = 0;
    const ease = (w: Float64Array, h: Float64Array) => {
      for (let i = 0; i < w.length; i++) {
        w[i] = 1 + (w[i] - 1) / 2;
        sum += w[i] * h[i];
      }
    };
    ease(this.dayWeight, this.dayHard);
    ease(this.weekWeight, this.weekHard);
    ease(this.groupWeight, this.groupHard);
    this.weighted = sum;
  }

  /** Whether unit `v` (placed) breaks hard group `grp` with unit `ui` starting at `s` on day `d`. */
  groupClash(grp: SpreadGroup, ui: number, s: number, v: number, d: number): boolean {
    const sv = this.start[v];
    if (grp.kind === 'consecutive') {
      const [a, b] = grp.activities;
      const first = this.unitOf[a] === ui ? s : sv;
      const second = this.unitOf[b] === ui ? s : sv;
      return !followsDirectly(first, this.inst.activities[a].duration, second, this.P, this.breakAt);
    }
    if (grp.kind === 'pair') {
      const a = this.units[ui].members[0];
      const b = this.units[v].members[0];
      return !this.besidePair(a, s, b, sv);
    }
    if (grp.kind === 'grouped') return !this.mayGroup(grp, ui, s, v, sv);
    if (grp.kind === 'sameHour') return sv % this.P !== s % this.P;
    if (grp.kind === 'sameDay') return ((sv / this.P) | 0) !== d;
    return Math.abs(((sv / this.P) | 0) - d) < grp.minDays;
  }

  /**
   * Whether two lessons of a grouped set, unit `ui` at `s` and unit `v` at `sv`, can both be in its
   * block: one day, no overlap, and no more lessons' room between them than the block's length.
   */
  mayGroup(grp: SpreadGroup, ui: number, s: number, v: number, sv: number): boolean {
    const a = grp.activities.find((x) => this.unitOf[x] === ui) ?? -1;
    const b = grp.activities.find((x) => this.unitOf[x] === v) ?? -1;
    if (a < 0 || b < 0) return true;
    const da = this.inst.activities[a].duration;
    const db = this.inst.activities[b].duration;
    if (grp.activities.length === 2) return formsBlock([s, sv], [da, db], this.P, this.breakAt);
    if (((s / this.P) | 0) !== ((sv / this.P) | 0) || (s < sv + db && sv < s + da)) return false;
    let total = 0;
    for (const x of grp.activities) total += this.inst.activities[x].duration;
    let span = 0;
    for (let t = Math.min(s, sv); t < Math.max(s + da, sv + db); t++) if (!this.isBreak[t]) span++;
    return span <= total;
  }

  /** Entries of a unit (teachers, students with a building limit) that have a lesson in another building on day `d`. */
  otherBuildings(ui: number, d: number): number {
    const u = this.units[ui];
    const rooms = this.rooms[ui];
    let n = 0;
    for (let k = 0; k < u.res.length; k++) {
      const r = u.res[k];
      const q = u.bld[k];
      if (!this.bldLimited[r] || q < 0) continue;
      const b = rooms[q] >= 0 ? this.roomBuilding[rooms[q]] : u.oneBuilding[q];
      if (b < 0) continue;
      const base = r * this.T + d * this.P;
      for (let p = 0; p < this.P; p++) {
        if (this.bldCnt[base + p] > 0 && this.bldSum[base + p] !== b * this.bldCnt[base + p]) {
          n++;
          break;
        }
      }
    }
    return n;
  }

  swap(ui: number, vi: number): void {
    const su = this.start[ui];
    const sv = this.start[vi];
    this.unplace(ui);
    this.unplace(vi);
    this.place(ui, sv);
    this.place(vi, su);
  }
}
