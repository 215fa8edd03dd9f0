import type { Rng } from './rng';
import { type SearchState, takenBefore } from './search-state';

/**
 * Construction: from an empty timetable to a complete one, hardest units first at their cheapest
 * start, ejecting what stands in the way (see `construct`). Draws from the search's one random
 * stream (`SearchState.rng`).
 */

/**
 * Construction is cut off after this many placements per unit and begun again from scratch, as long as
 * its share of the time limit lasts: now and then the ejections go round in a circle, and a fresh
 * start takes another way. FET's Namibian CONCORDIA (1,502 lessons, every subject on 4–7 of the 7
 * days) circled for the whole time limit in one attempt and is built clean within a few dozen fresh
 * ones; a clean build takes about 2 placements per unit.
 */
const STEPS_PER_UNIT = 10;
const CONSTRUCTION_SHARE = 0.5;
/**
 * The first attempts keep «consecutive if same day» as strictly as a clash (a lesson placed on its
 * group's day, not beside its mate, ejects the mate); later ones only price it, for the repair.
 */
const STRICT_ATTEMPTS = 3;
/**
 * Construction prices a lesson in another building than its teacher's or students' other lessons that
 * day below an ejection: it chooses between starts and moves nothing (FET's Econ-Timisoara v1_7: 36
 * teachers and all students limited in their moves between five buildings).
 */
const BUILDING_PRICE = 0.5;
/**
 * Construction prices a start against a lesson's soft time wishes or away from its hinted start
 * (`Unit.startCost`) below an ejection and above its random tie-break: it chooses between starts.
 */
const WISH_PRICE = 0.4;

/**
 * Iterative forward search: take the unplaced unit with the fewest options, put it where it clashes
 * with the fewest placed units (those that often had to move weigh more), eject those, repeat. Keeps
 * teachers, students, rooms and hard spread groups clash-free while building, and resources within
 * their lessons a day and in a row (a lesson over them ejects one of that day). Same-day lessons
 * apart are ejected too in the first, strict attempts (else the repair phase spent seconds on the
 * pairs construction had left apart, FET's Belize college: 30–47 of them); gaps and FET's strong wishes
 * only break the ties. An attempt that has not placed everything within its placements gives way to a
 * fresh one while construction's share of the time lasts; the last one's leftovers go to their
 * cheapest starts, for the repair phase.
 */
export function construct(
  state: SearchState,
  rng: Rng,
  deadline: number,
  shouldStop: () => boolean | undefined,
  tick: () => void,
): void {
  const lastStart = Date.now() + (deadline - Date.now()) * CONSTRUCTION_SHARE;
  for (let attempt = 0; ; attempt++) {
    const unplaced = new Attempt(state, rng, attempt < STRICT_ATTEMPTS).run(deadline, shouldStop, tick);
    if (unplaced.size === 0) return;
    if (Date.now() >= lastStart || shouldStop()) {
      placeCheapest(state, unplaced);
      return;
    }
    for (let ui = 0; ui < state.units.length; ui++) state.unplace(ui);
  }
}

/**
 * One construction from an empty timetable (`run`): returns the units left unplaced (time ran out, or
 * the attempt used up its placements). `strict`: same-day lessons apart are ejected like clashes,
 * else only priced (below one ejection) and left to the repair phase.
 */
class Attempt {
  private readonly T: number;
  private readonly P: number;
  /** Per resource × slot: the unit placed there (-1: none); what placing a unit would eject. */
  private readonly owner: Int32Array;
  /** Per unit: times it was ejected (a unit often ejected weighs more, and is placed sooner). */
  private readonly ejections: Float64Array;
  /** Per unit: the start it was last ejected from (going straight back there costs more). */
  private readonly cameFrom: Int32Array;
  /** Per unit: the load of its resources (ties between equally constrained units go to the busiest). */
  private readonly degree: Float64Array;
  /**
   * Hard day limits (lessons a day, lessons in a row) per resource, priced while building: FET places
   * under them too, and leaving them all to the repair phase left schools with tight teacher days
   * (FET's Belize college: 6 a day, 3 in a row) stuck with dozens of violations.
   */
  private readonly maxDaily: Int32Array;
  private readonly maxInRow: Int32Array;
  readonly unplaced = new Set<number>();
  /** Units already counted for the start being priced (or collected for ejection): `mark[v] === stamp`. */
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly conflicts: number[] = [];
  /** Scratch: the rooms picked for the start being priced. */
  private readonly roomPick = new Int32Array(64);

  constructor(
    private readonly state: SearchState,
    private readonly rng: Rng,
    private readonly strict: boolean,
  ) {
    const U = state.units.length;
    this.T = state.T;
    this.P = state.P;
    this.owner = new Int32Array(state.R * this.T).fill(-1);
    this.ejections = new Float64Array(U);
    this.cameFrom = new Int32Array(U).fill(-1);
    const load = new Float64Array(state.R);
    for (const u of state.units) for (let k = 0; k < u.res.length; k++) load[u.res[k]] += u.dur[k];
    this.degree = new Float64Array(U);
    state.units.forEach((u, ui) => {
      for (let k = 0; k < u.res.length; k++) this.degree[ui] += load[u.res[k]] * u.dur[k];
    });
    this.maxDaily = new Int32Array(state.R).fill(0x7fffffff);
    this.maxInRow = new Int32Array(state.R).fill(0x7fffffff);
    state.dayLimits.forEach((limits, r) => {
      for (const l of limits) {
        if (!l.hard) continue;
        if (l.kind === 'maxHoursDaily') this.maxDaily[r] = Math.min(this.maxDaily[r], l.value);
        if (l.kind === 'maxHoursContinuously') this.maxInRow[r] = Math.min(this.maxInRow[r], l.value);
      }
    });
    this.mark = new Int32Array(U);
  }

  run(deadline: number, shouldStop: () => boolean | undefined, tick: () => void): Set<number> {
    const state = this.state;
    const U = state.units.length;
    // Hinted units where they were, when nothing stands there.
    for (let ui = 0; ui < U; ui++) {
      const u = state.units[ui];
      if (u.starts.length === 0) continue;
      if (u.hint >= 0 && clashFree(state, ui, u.hint, this.owner)) this.put(ui, u.hint);
      else this.unplaced.add(ui);
    }
    let steps = 0;
    const maxSteps = STEPS_PER_UNIT * U;
    while (this.unplaced.size > 0 && steps < maxSteps) {
      steps++;
      if ((steps & 63) === 0) {
        if (Date.now() >= deadline || shouldStop()) break;
        tick();
      }
      const ui = this.mostConstrained();
      const u = state.units[ui];
      let cheapestStart = -1;
      let cheapestCost = Number.POSITIVE_INFINITY;
      let cheapestRooms: Int32Array | null = null;
      /** This unit's own activity in each of its groups (priced against the others). */
      const mine = new Map<number, number>();
      for (const g of u.groups)
        mine.set(g, state.inst.groups[g].activities.find((a) => state.unitOf[a] === ui) ?? -1);
      for (const s of u.starts) {
        let cost = this.timeCost(ui, s, mine);
        if (cost >= cheapestCost) continue;
        cost = this.pickRooms(ui, s, cost);
        cost += this.rng.next() * 0.3;
        if (cost < cheapestCost) {
          cheapestCost = cost;
          cheapestStart = s;
          cheapestRooms = this.roomPick.slice(0, u.roomOpts.length);
        }
      }
      if (cheapestStart < 0 || !cheapestRooms) break;
      this.ejectFor(ui, cheapestStart, cheapestRooms, mine);
      this.unplaced.delete(ui);
      this.put(ui, cheapestStart, cheapestRooms);
    }
    return this.unplaced;
  }

  /** The most constrained unplaced unit: fewest starts, most often ejected, busiest (ties at random). */
  private mostConstrained(): number {
    let ui = -1;
    let bestPrio = Number.POSITIVE_INFINITY;
    for (const v of this.unplaced) {
      const pr =
        this.state.units[v].starts.length / (1 + this.ejections[v]) -
        this.degree[v] * 1e-3 +
        this.rng.next() * 0.5;
      if (pr < bestPrio) {
        bestPrio = pr;
        ui = v;
      }
    }
    return ui;
  }

  /**
   * The price of unit `ui` at start `s` before rooms: the units it would eject (marked with a new
   * stamp), its resources' day limits, its groups, other buildings and its soft time wishes.
   */
  private timeCost(ui: number, s: number, mine: Map<number, number>): number {
    const state = this.state;
    const { owner, mark, ejections } = this;
    const T = this.T;
    const u = state.units[ui];
    const stamp = ++this.stamp;
    let cost = s === this.cameFrom[ui] ? 2 : 0;
    const d = (s / this.P) | 0;
    for (let k = 0; k < u.res.length; k++) {
      cost += 1.5 * this.overDayLimits(u.res[k], s, u.dur[k]);
      const base = u.res[k] * T + s;
      for (let i = 0; i < u.dur[k]; i++) {
        const v = owner[base + i];
        if (v >= 0 && mark[v] !== stamp) {
          mark[v] = stamp;
          cost += 1 + ejections[v];
        }
      }
    }
    for (const g of u.groups) {
      const grp = state.inst.groups[g];
      if (!grp.hard && !grp.keepWhileBuilding && !grp.consecutiveIfSameDay) continue;
      for (const a of grp.activities) {
        const v = state.unitOf[a];
        if (v === ui || state.start[v] < 0 || mark[v] === stamp) continue;
        if (!state.groupClash(grp, ui, s, v, d)) continue;
        if (grp.hard) {
          mark[v] = stamp;
          cost += 1 + ejections[v];
          continue;
        }
        if (state.apartSameDay(grp, mine.get(g) ?? -1, s, a, state.start[v])) {
          if (this.strict) {
            mark[v] = stamp;
            cost += 1 + ejections[v];
          } else cost += 0.6; // below the cheapest ejection: chooses between starts, moves nothing
        } else if (grp.keepWhileBuilding) cost += 0.4;
      }
    }
    // A lesson in another building than the day's others: priced, below an ejection.
    if (state.bldCnt.length > 0) cost += BUILDING_PRICE * state.otherBuildings(ui, d);
    if (u.startCost && u.startCost[s] > 0) cost += WISH_PRICE;
    return cost;
  }

  /**
   * Rooms for unit `ui` at start `s` into `roomPick`: per request a free option, else the option whose
   * occupants (not yet counted by `timeCost`) cost least. Returns `cost` with theirs added.
   */
  private pickRooms(ui: number, s: number, cost: number): number {
    const state = this.state;
    const { owner, mark, ejections, roomPick, stamp } = this;
    const T = this.T;
    const u = state.units[ui];
    for (let k = 0; k < u.roomOpts.length; k++) {
      const optsK = u.roomOpts[k];
      if (optsK.length === 0) {
        roomPick[k] = -1;
        continue;
      }
      let pick = -1;
      let pickCost = Number.POSITIVE_INFINITY;
      const off = this.rng.int(optsK.length);
      for (let j = 0; j < optsK.length && pickCost > 0; j++) {
        const r = optsK[(off + j) % optsK.length];
        if (takenBefore(roomPick, k, r)) continue; // an earlier request of this unit has it
        let c = 0;
        const base = r * T + s;
        for (let i = 0; i < u.roomDur[k]; i++) {
          if (state.blocked[base + i]) c += 1000;
          const v = owner[base + i];
          if (v >= 0 && mark[v] !== stamp) c += 1 + ejections[v];
        }
        if (c < pickCost) {
          pickCost = c;
          pick = r;
        }
      }
      roomPick[k] = pick;
      cost += pickCost;
    }
    return cost;
  }

  /**
   * Ejects what stands in the way of unit `ui` at start `s` in `rooms`: the occupants of its resources
   * and rooms, the units of its groups it would break, then, per resource, lessons over its day limits.
   */
  private ejectFor(ui: number, s: number, rooms: Int32Array, mine: Map<number, number>): void {
    const state = this.state;
    const { owner, mark, conflicts } = this;
    const T = this.T;
    const u = state.units[ui];
    conflicts.length = 0;
    const stamp = ++this.stamp;
    const collect = (v: number) => {
      if (v >= 0 && v !== ui && mark[v] !== stamp) {
        mark[v] = stamp;
        conflicts.push(v);
      }
    };
    for (let k = 0; k < u.res.length; k++) {
      const base = u.res[k] * T + s;
      for (let i = 0; i < u.dur[k]; i++) collect(owner[base + i]);
    }
    for (let k = 0; k < rooms.length; k++) {
      if (rooms[k] < 0) continue;
      const base = rooms[k] * T + s;
      for (let i = 0; i < u.roomDur[k]; i++) collect(owner[base + i]);
    }
    const d = (s / this.P) | 0;
    for (const g of u.groups) {
      const grp = state.inst.groups[g];
      if (!grp.hard && !(this.strict && grp.consecutiveIfSameDay)) continue;
      const me = mine.get(g) ?? -1;
      for (const a of grp.activities) {
        const v = state.unitOf[a];
        if (v === ui || state.start[v] < 0) continue;
        if (grp.hard ? state.groupClash(grp, ui, s, v, d) : state.apartSameDay(grp, me, s, a, state.start[v]))
          collect(v);
      }
    }
    for (const v of conflicts) this.eject(v);
    // With those gone, a resource's lessons over its day limits leave too: the cheapest of its day
    // (for lessons in a row, a neighbour in the run), until the new lesson fits the limits.
    for (let k = 0; k < u.res.length; k++) {
      const r = u.res[k];
      while (this.overDayLimits(r, s, u.dur[k]) > 0) {
        const v = this.dayLimitVictim(r, s, u.dur[k]);
        if (v < 0) break;
        this.eject(v);
      }
    }
  }

  private eject(v: number): void {
    this.cameFrom[v] = this.state.start[v];
    this.take(v);
    this.ejections[v] += 1;
    this.unplaced.add(v);
  }

  private setOwner(ui: number, value: number): void {
    const state = this.state;
    const T = this.T;
    const u = state.units[ui];
    const s = state.start[ui];
    for (let k = 0; k < u.res.length; k++) {
      const base = u.res[k] * T + s;
      for (let i = 0; i < u.dur[k]; i++) this.owner[base + i] = value;
    }
    const rooms = state.rooms[ui];
    for (let k = 0; k < rooms.length; k++) {
      if (rooms[k] < 0) continue;
      const base = rooms[k] * T + s;
      for (let i = 0; i < u.roomDur[k]; i++) this.owner[base + i] = value;
    }
  }

  private put(ui: number, s: number, rooms?: Int32Array): void {
    this.state.place(ui, s, rooms);
    this.setOwner(ui, ui);
  }

  private take(ui: number): void {
    this.setOwner(ui, -1);
    this.state.unplace(ui);
  }

  /** The lessons in a row resource r would teach if it also taught [s, s + dur). */
  private runThrough(r: number, s: number, dur: number): number {
    const occ = this.state.occ;
    const T = this.T;
    const P = this.P;
    const dayStart = r * T + ((s / P) | 0) * P;
    const at = r * T + s;
    let run = dur;
    for (let i = at - 1; i >= dayStart && occ[i] > 0; i--) run++;
    for (let i = at + dur; i < dayStart + P && occ[i] > 0; i++) run++;
    return run;
  }

  /** Lessons over resource r's day limits if it also taught [s, s + dur) (occupants that would be ejected still count). */
  private overDayLimits(r: number, s: number, dur: number): number {
    const { maxDaily, maxInRow } = this;
    if (maxDaily[r] === 0x7fffffff && maxInRow[r] === 0x7fffffff) return 0;
    const occ = this.state.occ;
    const T = this.T;
    const P = this.P;
    const dayStart = r * T + ((s / P) | 0) * P;
    const at = r * T + s;
    let count = dur;
    for (let p = 0; p < P; p++)
      if (occ[dayStart + p] > 0 && (dayStart + p < at || dayStart + p >= at + dur)) count++;
    return Math.max(0, count - maxDaily[r]) + Math.max(0, this.runThrough(r, s, dur) - maxInRow[r]);
  }

  /** The unit to eject so resource r can also teach [s, s + dur): -1 when none would help. */
  private dayLimitVictim(r: number, s: number, dur: number): number {
    const owner = this.owner;
    const T = this.T;
    const P = this.P;
    const dayStart = r * T + ((s / P) | 0) * P;
    const at = r * T + s;
    const candidates =
      this.runThrough(r, s, dur) > this.maxInRow[r]
        ? [at - 1 >= dayStart ? owner[at - 1] : -1, at + dur < dayStart + P ? owner[at + dur] : -1]
        : Array.from(owner.subarray(dayStart, dayStart + P));
    let victim = -1;
    let cheapest = Number.POSITIVE_INFINITY;
    for (const v of candidates) {
      if (v < 0) continue;
      const c = this.ejections[v] + this.rng.next();
      if (c < cheapest) {
        cheapest = c;
        victim = v;
      }
    }
    return victim;
  }
}

/** Units construction left unplaced go to their cheapest starts; the repair phase takes over. */
function placeCheapest(state: SearchState, unplaced: Set<number>): void {
  for (const ui of unplaced) {
    const u = state.units[ui];
    let cheapestStart = u.starts[0];
    let best = Number.POSITIVE_INFINITY;
    for (const s of u.starts) {
      const before = state.key();
      state.place(ui, s);
      const delta = state.key() - before;
      state.unplace(ui);
      if (delta < best) {
        best = delta;
        cheapestStart = s;
      }
    }
    state.place(ui, cheapestStart);
  }
}

function clashFree(state: SearchState, ui: number, s: number, owner: Int32Array): boolean {
  const u = state.units[ui];
  for (let k = 0; k < u.res.length; k++) {
    const base = u.res[k] * state.T + s;
    for (let i = 0; i < u.dur[k]; i++) if (owner[base + i] >= 0) return false;
  }
  return true;
}
