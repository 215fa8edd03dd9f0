import type { Rng } from './rng';
import { type SearchState, takenBefore } from './search-state';

/**
 * Construction: from an empty timetable to a complete one, hardest units first at their cheapest
 * start, ejecting what stands in the way (see `construct`). Draws from the search's one random
 * stream in the same order as before the solver was split into its phases.
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
    const unplaced = buildOnce(state, rng, deadline, shouldStop, tick, attempt < STRICT_ATTEMPTS);
    if (unplaced.size === 0) return;
    if (Date.now() >= lastStart || shouldStop()) {
      placeCheapest(state, unplaced);
      return;
    }
    for (let ui = 0; ui < state.units.length; ui++) state.unplace(ui);
  }
}

/**
 * One construction from an empty timetable; returns the units left unplaced (time ran out, or the
 * attempt used up its placements). `strict`: same-day lessons apart are ejected like clashes,
 * else only priced (below one ejection) and left to the repair phase.
 */
function buildOnce(
  state: SearchState,
  rng: Rng,
  deadline: number,
  shouldStop: () => boolean | undefined,
  tick: () => void,
  strict: boolean,
): Set<number> {
  const U = state.units.length;
  const T = state.T;
  const P = state.P;
  const owner = new Int32Array(state.R * T).fill(-1);
  const ejections = new Float64Array(U);
  const cameFrom = new Int32Array(U).fill(-1);
  const load = new Float64Array(state.R);
  for (const u of state.units) for (let k = 0; k < u.res.length; k++) load[u.res[k]] += u.dur[k];
  const degree = new Float64Array(U);
  state.units.forEach((u, ui) => {
    for (let k = 0; k < u.res.length; k++) degree[ui] += load[u.res[k]] * u.dur[k];
  });
  const setOwner = (ui: number, value: number) => {
    const u = state.units[ui];
    const s = state.start[ui];
    for (let k = 0; k < u.res.length; k++) {
      const base = u.res[k] * T + s;
      for (let i = 0; i < u.dur[k]; i++) owner[base + i] = value;
    }
    const rooms = state.rooms[ui];
    for (let k = 0; k < rooms.length; k++) {
      if (rooms[k] < 0) continue;
      const base = rooms[k] * T + s;
      for (let i = 0; i < u.roomDur[k]; i++) owner[base + i] = value;
    }
  };
  const put = (ui: number, s: number, rooms?: Int32Array) => {
    state.place(ui, s, rooms);
    setOwner(ui, ui);
  };
  const take = (ui: number) => {
    setOwner(ui, -1);
    state.unplace(ui);
  };
  // Hard day limits (lessons a day, lessons in a row) per resource, priced while building: FET places
  // under them too, and leaving them all to the repair phase left schools with tight teacher days
  // (FET's Belize college: 6 a day, 3 in a row) stuck with dozens of violations.
  const maxDaily = new Int32Array(state.R).fill(0x7fffffff);
  const maxInRow = new Int32Array(state.R).fill(0x7fffffff);
  state.dayLimits.forEach((limits, r) => {
    for (const l of limits) {
      if (!l.hard) continue;
      if (l.kind === 'maxHoursDaily') maxDaily[r] = Math.min(maxDaily[r], l.value);
      if (l.kind === 'maxHoursContinuously') maxInRow[r] = Math.min(maxInRow[r], l.value);
    }
  });
  /** The lessons in a row resource r would teach if it also taught [s, s + dur). */
  const runThrough = (r: number, s: number, dur: number): number => {
    const dayStart = r * T + ((s / P) | 0) * P;
    const at = r * T + s;
    let run = dur;
    for (let i = at - 1; i >= dayStart && state.occ[i] > 0; i--) run++;
    for (let i = at + dur; i < dayStart + P && state.occ[i] > 0; i++) run++;
    return run;
  };
  /** Lessons over resource r's day limits if it also taught [s, s + dur) (occupants that would be ejected still count). */
  const overDayLimits = (r: number, s: number, dur: number): number => {
    if (maxDaily[r] === 0x7fffffff && maxInRow[r] === 0x7fffffff) return 0;
    const dayStart = r * T + ((s / P) | 0) * P;
    const at = r * T + s;
    let count = dur;
    for (let p = 0; p < P; p++)
      if (state.occ[dayStart + p] > 0 && (dayStart + p < at || dayStart + p >= at + dur)) count++;
    return Math.max(0, count - maxDaily[r]) + Math.max(0, runThrough(r, s, dur) - maxInRow[r]);
  };
  /** The unit to eject so resource r can also teach [s, s + dur): -1 when none would help. */
  const dayLimitVictim = (r: number, s: number, dur: number): number => {
    const dayStart = r * T + ((s / P) | 0) * P;
    const at = r * T + s;
    const candidates =
      runThrough(r, s, dur) > maxInRow[r]
        ? [at - 1 >= dayStart ? owner[at - 1] : -1, at + dur < dayStart + P ? owner[at + dur] : -1]
        : Array.from(owner.subarray(dayStart, dayStart + P));
    let victim = -1;
    let cheapest = Number.POSITIVE_INFINITY;
    for (const v of candidates) {
      if (v < 0) continue;
      const c = ejections[v] + rng.next();
      if (c < cheapest) {
        cheapest = c;
        victim = v;
      }
    }
    return victim;
  };
  const unplaced = new Set<number>();
  for (let ui = 0; ui < U; ui++) {
    const u = state.units[ui];
    if (u.starts.length === 0) continue;
    if (u.hint >= 0 && clashFree(state, ui, u.hint, owner)) put(ui, u.hint);
    else unplaced.add(ui);
  }
  const mark = new Int32Array(U);
  let stamp = 0;
  const conflicts: number[] = [];
  const roomPick = new Int32Array(64);
  let steps = 0;
  const maxSteps = STEPS_PER_UNIT * U;
  while (unplaced.size > 0 && steps < maxSteps) {
    steps++;
    if ((steps & 63) === 0) {
      if (Date.now() >= deadline || shouldStop()) break;
      tick();
    }
    // The most constrained unplaced unit (ties at random).
    let ui = -1;
    let bestPrio = Number.POSITIVE_INFINITY;
    for (const v of unplaced) {
      const pr = state.units[v].starts.length / (1 + ejections[v]) - degree[v] * 1e-3 + rng.next() * 0.5;
      if (pr < bestPrio) {
        bestPrio = pr;
        ui = v;
      }
    }
    const u = state.units[ui];
    let cheapestStart = -1;
    let cheapestCost = Number.POSITIVE_INFINITY;
    let cheapestRooms: Int32Array | null = null;
    /** This unit's own activity in each of its groups (priced against the others below). */
    const mine = new Map<number, number>();
    for (const g of u.groups)
      mine.set(g, state.inst.groups[g].activities.find((a) => state.unitOf[a] === ui) ?? -1);
    for (const s of u.starts) {
      stamp++;
      let cost = s === cameFrom[ui] ? 2 : 0;
      const d = (s / P) | 0;
      for (let k = 0; k < u.res.length; k++) {
        cost += 1.5 * overDayLimits(u.res[k], s, u.dur[k]);
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
            if (strict) {
              mark[v] = stamp;
              cost += 1 + ejections[v];
            } else cost += 0.6; // below the cheapest ejection: chooses between starts, moves nothing
          } else if (grp.keepWhileBuilding) cost += 0.4;
        }
      }
      // A lesson in another building than the day's others: priced, below an ejection.
      if (state.bldCnt.length > 0) cost += BUILDING_PRICE * state.otherBuildings(ui, d);
      if (u.startCost && u.startCost[s] > 0) cost += WISH_PRICE;
      if (cost >= cheapestCost) continue;
      // Rooms: a free option, else the option whose occupants cost least.
      for (let k = 0; k < u.roomOpts.length; k++) {
        const optsK = u.roomOpts[k];
        if (optsK.length === 0) {
          roomPick[k] = -1;
          continue;
        }
        let pick = -1;
        let pickCost = Number.POSITIVE_INFINITY;
        const off = rng.int(optsK.length);
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
      cost += rng.next() * 0.3;
      if (cost < cheapestCost) {
        cheapestCost = cost;
        cheapestStart = s;
        cheapestRooms = roomPick.slice(0, u.roomOpts.length);
      }
    }
    if (cheapestStart < 0 || !cheapestRooms) break;
    // Eject what stands in the way, then place.
    conflicts.length = 0;
    stamp++;
    const collect = (v: number) => {
      if (v >= 0 && v !== ui && mark[v] !== stamp) {
        mark[v] = stamp;
        conflicts.push(v);
      }
    };
    for (let k = 0; k < u.res.length; k++) {
      const base = u.res[k] * T + cheapestStart;
      for (let i = 0; i < u.dur[k]; i++) collect(owner[base + i]);
    }
    for (let k = 0; k < cheapestRooms.length; k++) {
      if (cheapestRooms[k] < 0) continue;
      const base = cheapestRooms[k] * T + cheapestStart;
      for (let i = 0; i < u.roomDur[k]; i++) collect(owner[base + i]);
    }
    const d = (cheapestStart / P) | 0;
    for (const g of u.groups) {
      const grp = state.inst.groups[g];
      if (!grp.hard && !(strict && grp.consecutiveIfSameDay)) continue;
      const me = mine.get(g) ?? -1;
      for (const a of grp.activities) {
        const v = state.unitOf[a];
        if (v === ui || state.start[v] < 0) continue;
        if (
          grp.hard
            ? state.groupClash(grp, ui, cheapestStart, v, d)
            : state.apartSameDay(grp, me, cheapestStart, a, state.start[v])
        )
          collect(v);
      }
    }
    for (const v of conflicts) {
      cameFrom[v] = state.start[v];
      take(v);
      ejections[v] += 1;
      unplaced.add(v);
    }
    // With those gone, a resource's lessons over its day limits leave too: the cheapest of its day
    // (for lessons in a row, a neighbour in the run), until the new lesson fits the limits.
    for (let k = 0; k < u.res.length; k++) {
      const r = u.res[k];
      while (overDayLimits(r, cheapestStart, u.dur[k]) > 0) {
        const v = dayLimitVictim(r, cheapestStart, u.dur[k]);
        if (v < 0) break;
        cameFrom[v] = state.start[v];
        take(v);
        ejections[v] += 1;
        unplaced.add(v);
      }
    }
    unplaced.delete(ui);
    put(ui, cheapestStart, cheapestRooms);
  }
  return unplaced;
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
