import {
  buildingChanges,
  buildingLimitKinds,
  changesOf,
  daySpread,
  fitsRoom,
  followsDirectly,
  formsBlock,
  hoursShort,
  type Instance,
  type Limit,
  offCommon,
  type Progress,
  type SolveResult,
  type SpreadGroup,
  shortChangesOf,
} from './model';
import { Rng } from './rng';

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

/** Key of a (hard, soft) cost pair for comparisons: hard first. */
const HARD = 1_000_000;
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

/** Whether room `room` is among the first `k` rooms of a unit's requests (no allocation: hot path). */
function takenBefore(rooms: Int32Array, k: number, room: number): boolean {
  for (let j = 0; j < k; j++) if (rooms[j] === room) return true;
  return false;
}

/** The СанПиН curve: share of the week's difficulty a day should carry (peak Tuesday–Wednesday). */
function difficultyCurve(days: number): number[] {
  const base =
    days === 6 ? [0.9, 1.15, 1.2, 1.05, 0.95, 0.75] : days === 5 ? [0.9, 1.15, 1.2, 1.0, 0.75] : null;
  const w =
    base ?? Array.from({ length: days }, (_, d) => 1 + 0.2 * (1 - Math.abs(d - 1.5) / Math.max(1, days)));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
}

interface Unit {
  /** Activity indexes starting together. */
  members: number[];
  /** Fixed occupancy entries: resource and duration. */
  res: Int32Array;
  dur: Int32Array;
  rank: Int32Array;
  /** 1 where the entry is a student set whose day this unit's activity must end. */
  ends: Uint8Array;
  /** Per entry: the room request whose room gives the lesson its building (-1: none). */
  bld: Int32Array;
  /** Room requests: options, duration, owner activity and request index. */
  roomOpts: Int32Array[];
  /** Some request has rooms in more than one building (a room change can change a building). */
  multiBuilding: boolean;
  /** Per request: the building all its rooms stand in (-1: none, or several). */
  oneBuilding: Int32Array;
  roomDur: Int32Array;
  /** Allowed starts. */
  starts: Int32Array;
  allowed: Uint8Array;
  groups: Int32Array;
  hint: number;
  /**
   * Soft cost of each start (null: none): the members' time wishes it stands against, and the
   * stability weight away from the hinted start.
   */
  startCost: Float64Array | null;
  /** Units sharing a student set with this one and the same durations (swap partners). */
  partners: Int32Array;
}

export class Search {
  readonly D: number;
  readonly P: number;
  readonly T: number;
  readonly R: number;
  readonly units: Unit[];
  readonly unitOf: Int32Array;
  /** Occupancy count and rank sum per resource × slot. */
  private occ: Uint16Array;
  private rankAt: Uint16Array;
  /** Per resource × slot: lessons ending there that must end the resource's day (students only). */
  private endsAt: Uint16Array;
  private blocked: Uint8Array;
  /**
   * Buildings: each room's (-1: none); per resource × slot the sum and count of the buildings of its
   * lessons there (a clash leaves the slot's building unknown), and the day's and week's moves
   * between buildings of resources with a building limit.
   */
  private roomBuilding: Int32Array;
  private bldSum: Int32Array;
  private bldCnt: Uint8Array;
  private bldLimited: Uint8Array;
  private dayChanges: Int32Array;
  private wChanges: Int32Array;
  private walkBase = 0;
  private readonly buildingAt = (p: number): number => {
    const i = this.walkBase + p;
    return this.bldCnt[i] === 1 && this.occ[i] === 1 ? this.bldSum[i] : -1;
  };
  private isBreak: Uint8Array;
  /** `isBreak` as a predicate, for the rules shared with the check (model.ts). */
  private readonly breakAt = (slot: number): boolean => this.isBreak[slot] === 1;
  private dayHard: Float64Array;
  private daySoft: Float64Array;
  private dayGaps: Int32Array;
  private dayUsed: Int32Array;
  private dayEarly: Int32Array;
  /** Per resource × day: its lessons, and 1 where the day has a period it may be used in (maxDaySpread). */
  private dayCount: Int32Array;
  private openDay: Uint8Array;
  private wGaps: Int32Array;
  private wUsed: Int32Array;
  private wEarly: Int32Array;
  private weekHard: Float64Array;
  private weekSoft: Float64Array;
  private groupHard: Float64Array;
  private groupSoft: Float64Array;
  private dayLimits: Limit[][];
  private weekLimits: Limit[][];
  /** Per resource: its interval limits (maxDaysInInterval), and per limit × day whether the day has a lesson inside. */
  private intervals: Limit[][];
  private dayIn: Uint8Array[];
  private wIn: Int32Array[];
  private isTeacher: Uint8Array;
  /** Per resource × day: 1 when a working day holds fewer lessons than a hard minimum asks. */
  private dayShort: Uint8Array;
  /** Per resource: the units it takes part in. */
  private resUnits: Int32Array[] = [];
  /**
   * The repair's weights of hard violations, per resource × day, resource (its week) and group: each
   * starts at 1 and grows while its violation outlives the repair's attempts (see `BUMP_AFTER`), so
   * the repair's landscape changes under a violation it cannot leave. `weighted` is the weighted sum;
   * `hard` stays the plain count that best timetables are judged by.
   */
  private dayWeight: Float64Array;
  private weekWeight: Float64Array;
  private groupWeight: Float64Array;
  private weighted = 0;
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
  private ideal: Float64Array | null;
  private difficultyOn: Uint8Array;
  private hardRank: number;
  readonly start: Int32Array;
  readonly rooms: Int32Array[];
  hard = 0;
  soft = 0;
  private rng: Rng;

  constructor(
    readonly inst: Instance,
    seed: number,
  ) {
    const { days: D, periods: P } = inst;
    this.D = D;
    this.P = P;
    this.T = D * P;
    this.R = inst.resources.length;
    this.rng = new Rng(seed);
    const T = this.T;
    const R = this.R;
    this.occ = new Uint16Array(R * T);
    this.rankAt = new Uint16Array(R * T);
    this.endsAt = new Uint16Array(R * T);
    this.blocked = new Uint8Array(R * T);
    const buildingIds = new Map<string, number>();
    this.roomBuilding = Int32Array.from(inst.resources, (r) => {
      if (r.kind !== 'room' || r.building === undefined) return -1;
      if (!buildingIds.has(r.building)) buildingIds.set(r.building, buildingIds.size);
      return buildingIds.get(r.building) ?? -1;
    });
    this.bldLimited = Uint8Array.from(inst.resources, (r) =>
      (r.limits ?? []).some((l) => buildingLimitKinds.has(l.kind)) ? 1 : 0,
    );
    const buildings = this.bldLimited.some((x) => x === 1);
    this.bldSum = new Int32Array(buildings ? R * T : 0);
    this.bldCnt = new Uint8Array(buildings ? R * T : 0);
    this.dayChanges = new Int32Array(R * D);
    this.wChanges = new Int32Array(R);
    this.isBreak = new Uint8Array(T);
    for (const s of inst.forbiddenSlots ?? []) this.isBreak[s] = 1;
    inst.resources.forEach((r, i) => {
      for (const s of r.unavailable ?? []) this.blocked[i * T + s] = 1;
    });
    this.dayHard = new Float64Array(R * D);
    this.dayShort = new Uint8Array(R * D);
    this.daySoft = new Float64Array(R * D);
    this.dayGaps = new Int32Array(R * D);
    this.dayUsed = new Int32Array(R * D);
    this.dayEarly = new Int32Array(R * D);
    this.dayCount = new Int32Array(R * D);
    this.openDay = new Uint8Array(R * D);
    for (let r = 0; r < R; r++)
      for (let s = 0; s < T; s++)
        if (!this.blocked[r * T + s] && !this.isBreak[s]) this.openDay[r * D + Math.floor(s / P)] = 1;
    this.wGaps = new Int32Array(R);
    this.wUsed = new Int32Array(R);
    this.wEarly = new Int32Array(R);
    this.weekHard = new Float64Array(R);
    this.weekSoft = new Float64Array(R);
    this.groupHard = new Float64Array(inst.groups.length);
    this.dayWeight = new Float64Array(R * D).fill(1);
    this.weekWeight = new Float64Array(R).fill(1);
    this.groupWeight = new Float64Array(inst.groups.length).fill(1);
    this.groupCounts = new Int32Array(Math.max(P, D));
    this.groupSoft = new Float64Array(inst.groups.length);
    const weekKinds = new Set([
      'maxGapsPerWeek',
      'maxDaysPerWeek',
      'earlyStart',
      'maxDaySpread',
      'maxDaysInInterval',
      'maxBuildingChangesPerWeek',
    ]);
    this.dayLimits = inst.resources.map((r) => (r.limits ?? []).filter((l) => !weekKinds.has(l.kind)));
    this.weekLimits = inst.resources.map((r) => (r.limits ?? []).filter((l) => weekKinds.has(l.kind)));
    this.intervals = this.weekLimits.map((ls) => ls.filter((l) => l.kind === 'maxDaysInInterval'));
    this.dayIn = this.intervals.map((ls) => new Uint8Array(ls.length * D));
    this.wIn = this.intervals.map((ls) => new Int32Array(ls.length));
    this.isTeacher = Uint8Array.from(inst.resources, (r) => (r.kind === 'teacher' ? 1 : 0));
    this.difficultyOn = Uint8Array.from(inst.resources, (r) => (r.difficulty ? 1 : 0));
    this.hardRank = inst.hardRank ?? 10;
    this.units = [];
    this.unitOf = new Int32Array(inst.activities.length).fill(-1);
    this.buildUnits();
    this.blockUnits = inst.groups.map((grp) => {
      if (!grp.hard || (grp.kind !== 'consecutive' && grp.kind !== 'grouped')) return null;
      const us = grp.activities.map((a) => this.unitOf[a]);
      return new Set(us).size === us.length && us.every((x) => x >= 0) ? Int32Array.from(us) : null;
    });
    const widest = Math.max(0, ...this.blockUnits.map((b) => b?.length ?? 0));
    this.blockTry = new Int32Array(widest);
    this.blockBest = new Int32Array(widest);
    this.start = new Int32Array(this.units.length).fill(-1);
    this.rooms = this.units.map((u) => new Int32Array(u.roomOpts.length).fill(-1));
    // Ideal difficulty per student set and day: the set's weekly rank total spread along the curve.
    this.ideal = null;
    if (this.difficultyOn.some((x) => x === 1)) {
      const curve = difficultyCurve(D);
      const total = new Float64Array(R);
      for (const u of this.units)
        for (let k = 0; k < u.res.length; k++) total[u.res[k]] += u.rank[k] * u.dur[k];
      this.ideal = new Float64Array(R * D);
      for (let r = 0; r < R; r++) for (let d = 0; d < D; d++) this.ideal[r * D + d] = total[r] * curve[d];
    }
    for (let r = 0; r < R; r++) {
      for (let d = 0; d < D; d++) this.evalDay(r, d);
      this.evalWeek(r);
    }
    for (let g = 0; g < inst.groups.length; g++) this.evalGroup(g);
  }

  private buildUnits(): void {
    const inst = this.inst;
    const n = inst.activities.length;
    const parent = Int32Array.from({ length: n }, (_, i) => i);
    const find = (x: number): number => {
      while (parent[x] !== x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
      }
      return x;
    };
    for (const set of inst.sameStart)
      for (let i = 1; i < set.length; i++) parent[find(set[i])] = find(set[0]);
    const byRoot = new Map<number, number[]>();
    for (let a = 0; a < n; a++) {
      const r = find(a);
      const list = byRoot.get(r);
      if (list) list.push(a);
      else byRoot.set(r, [a]);
    }
    const forbidden = new Uint8Array(this.T);
    for (const s of inst.forbiddenSlots ?? []) forbidden[s] = 1;
    const groupsOf: number[][] = Array.from({ length: n }, () => []);
    inst.groups.forEach((g, gi) => {
      for (const a of g.activities) groupsOf[a].push(gi);
    });
    for (const members of byRoot.values()) {
      const res: number[] = [];
      const dur: number[] = [];
      const rank: number[] = [];
      const ends: number[] = [];
      const bld: number[] = [];
      const roomOpts: Int32Array[] = [];
      const roomDur: number[] = [];
      const allowed = new Uint8Array(this.T).fill(1);
      const groups = new Set<number>();
      for (const a of members) {
        const act = inst.activities[a];
        const firstRequest = (act.roomOptions?.length ?? 0) > 0 ? roomOpts.length : -1;
        for (const r of act.resources) {
          res.push(r);
          bld.push(firstRequest);
          dur.push(act.duration);
          rank.push(act.rank ?? 0);
          ends.push(act.endsStudentsDay && inst.resources[r].kind === 'students' ? 1 : 0);
        }
        for (const opts of act.roomOptions ?? []) {
          // Rooms too small are never options: capacity is as hard as a clash.
          roomOpts.push(Int32Array.from(opts.filter((r) => fitsRoom(inst.resources[r].capacity, act.size))));
          roomDur.push(act.duration);
        }
        const startSet = act.allowedStarts ? new Set(act.allowedStarts) : null;
        const slotSet = act.allowedSlots ? new Set(act.allowedSlots) : null;
        for (let s = 0; s < this.T; s++) {
          if (!allowed[s]) continue;
          const p = s % this.P;
          let ok = p + act.duration <= this.P && (!startSet || startSet.has(s));
          for (let i = 0; ok && i < act.duration; i++) {
            if (forbidden[s + i] || (slotSet && !slotSet.has(s + i))) ok = false;
            for (const r of act.resources) if (this.blocked[r * this.T + s + i]) ok = false;
          }
          if (!ok) allowed[s] = 0;
        }
        for (const g of groupsOf[a]) groups.add(g);
      }
      const starts: number[] = [];
      for (let s = 0; s < this.T; s++) if (allowed[s]) starts.push(s);
      const buildingsOf = roomOpts.map((opts) => new Set(Array.from(opts, (r) => this.roomBuilding[r])));
      const multiBuilding = buildingsOf.some((b) => b.size > 1);
      const oneBuilding = Int32Array.from(buildingsOf, (b) => (b.size === 1 ? [...b][0] : -1));
      const first = inst.activities[members[0]];
      const hint = first.hint && first.hint.start >= 0 && allowed[first.hint.start] ? first.hint.start : -1;
      const u = this.units.length;
      for (const a of members) this.unitOf[a] = u;
      this.units.push({
        members,
        res: Int32Array.from(res),
        dur: Int32Array.from(dur),
        rank: Int32Array.from(rank),
        ends: Uint8Array.from(ends),
        bld: Int32Array.from(bld),
        roomOpts,
        multiBuilding,
        oneBuilding,
        roomDur: Int32Array.from(roomDur),
        starts: Int32Array.from(starts),
        allowed,
        groups: Int32Array.from(groups),
        hint,
        startCost: this.startCosts(members, hint),
        partners: new Int32Array(0),
      });
    }
    const lists: number[][] = inst.resources.map(() => []);
    this.units.forEach((u, ui) => {
      for (let k = 0; k < u.res.length; k++) if (lists[u.res[k]].at(-1) !== ui) lists[u.res[k]].push(ui);
    });
    this.resUnits = lists.map((l) => Int32Array.from(l));
    // Swap partners: units sharing a student set with the same duration pattern.
    this.units.forEach((u, ui) => {
      const set = new Set<number>();
      for (let k = 0; k < u.res.length; k++) {
        if (inst.resources[u.res[k]].kind !== 'students') continue;
        for (const v of this.resUnits[u.res[k]]) {
          if (v !== ui && this.sameShape(u, this.units[v])) set.add(v);
        }
      }
      u.partners = Int32Array.from(set);
    });
  }

  /** A unit's soft cost per start (`Unit.startCost`); null when every start costs the same. */
  private startCosts(members: number[], hint: number): Float64Array | null {
    const wishes = members.flatMap((a) =>
      (this.inst.activities[a].wishes ?? []).map((wish) => ({
        wish,
        duration: this.inst.activities[a].duration,
      })),
    );
    if (wishes.length === 0 && hint < 0) return null;
    const cost = new Float64Array(this.T);
    for (const { wish, duration } of wishes) {
      const starts = wish.starts ? new Set(wish.starts) : null;
      const slots = wish.slots ? new Set(wish.slots) : null;
      for (let s = 0; s < this.T; s++) {
        let kept = !starts || starts.has(s);
        for (let i = 0; kept && slots && i < duration; i++) kept = slots.has(s + i);
        if (!kept) cost[s] += wish.weight;
      }
    }
    if (hint >= 0) for (let s = 0; s < this.T; s++) if (s !== hint) cost[s] += this.inst.weights.stability;
    return cost;
  }

  private sameShape(a: Unit, b: Unit): boolean {
    let da = 0;
    let db = 0;
    for (const x of a.dur) da = Math.max(da, x);
    for (const x of b.dur) db = Math.max(db, x);
    return da === db;
  }

  // ---------------------------------------------------------------- costs

  private evalDay(r: number, d: number): void {
    const P = this.P;
    const base = r * this.T + d * P;
    let count = 0;
    let first = -1;
    let last = -1;
    let hard = 0;
    let rankSum = 0;
    /** Empty cells that are breaks or unavailable are not gaps (as FET counts them). */
    let excused = 0;
    let excusedAtLast = 0;
    /** Breaks and unavailable periods before the first lesson: the day starts after them (earlyStart). */
    let lead = 0;
    let run = 0;
    let longestRun = 0;
    /** Lessons that must end the day, seen so far: each one a lesson comes after is a violation. */
    let mustEnd = 0;
    const dayBase = d * P;
    for (let p = 0; p < P; p++) {
      const o = this.occ[base + p];
      if (o === 0) {
        if (this.isBreak[dayBase + p] || this.blocked[base + p]) {
          if (first >= 0) excused++;
          else lead++;
        }
        run = 0;
        continue;
      }
      hard += mustEnd;
      mustEnd = this.endsAt[base + p];
      count++;
      run++;
      if (run > longestRun) longestRun = run;
      if (first < 0) first = p;
      last = p;
      excusedAtLast = excused;
      if (o > 1) hard += o - 1;
      if (this.blocked[base + p]) hard += o;
      rankSum += this.rankAt[base + p];
    }
    const gaps = count > 0 ? last - first + 1 - count - excusedAtLast : 0;
    let changes = 0;
    if (this.bldLimited[r]) {
      this.walkBase = base;
      changes = changesOf(buildingChanges(P, this.buildingAt, 0));
    }
    let soft = 0;
    let short = 0;
    for (const l of this.dayLimits[r]) {
      let over = 0;
      if (l.kind === 'maxGapsPerDay') over = gaps - l.value;
      else if (l.kind === 'maxBuildingChangesPerDay') over = changes - l.value;
      else if (l.kind === 'minGapsBetweenBuildingChanges')
        over = shortChangesOf(buildingChanges(P, this.buildingAt, l.value));
      else if (l.kind === 'maxHoursDaily') over = count - l.value;
      else if (l.kind === 'maxHoursContinuously') over = longestRun - l.value;
      else if (l.kind === 'minHoursDaily' || l.kind === 'minHoursEveryDay') {
        over = hoursShort(l, count);
        if (over > 0 && l.hard) short = 1;
      }
      if (over > 0) {
        if (l.hard) hard += over;
        else soft += over * l.weight;
      }
    }
    const w = this.inst.weights;
    if (this.isTeacher[r]) soft += w.teacherGaps * gaps + (count > 0 ? w.teacherDays : 0);
    if (this.difficultyOn[r] && this.ideal) {
      soft += (w.difficulty * Math.abs(rankSum - this.ideal[r * this.D + d])) / 10;
      if (count > 0) {
        if (this.rankAt[base + first] >= this.hardRank) soft += w.hardFirstLast;
        if (last !== first && this.rankAt[base + last] >= this.hardRank) soft += w.hardFirstLast;
      }
    }
    const i = r * this.D + d;
    this.dayShort[i] = short;
    this.hard += hard - this.dayHard[i];
    this.weighted += (hard - this.dayHard[i]) * this.dayWeight[i];
    this.soft += soft - this.daySoft[i];
    this.dayHard[i] = hard;
    this.daySoft[i] = soft;
    this.wGaps[r] += gaps - this.dayGaps[i];
    this.dayGaps[i] = gaps;
    this.wChanges[r] += changes - this.dayChanges[i];
    this.dayChanges[i] = changes;
    const used = count > 0 ? 1 : 0;
    this.wUsed[r] += used - this.dayUsed[i];
    this.dayUsed[i] = used;
    this.dayCount[i] = count;
    const early = count > 0 ? first - lead : 0;
    this.wEarly[r] += early - this.dayEarly[i];
    this.dayEarly[i] = early;
    const intervals = this.intervals[r];
    for (let j = 0; j < intervals.length; j++) {
      const to = intervals[j].to ?? P;
      let inside = 0;
      for (let p = intervals[j].from ?? 0; p < to && !inside; p++) if (this.occ[base + p] > 0) inside = 1;
      this.wIn[r][j] += inside - this.dayIn[r][j * this.D + d];
      this.dayIn[r][j * this.D + d] = inside;
    }
  }

  private evalWeek(r: number): void {
    let hard = 0;
    let soft = 0;
    let j = 0;
    for (const l of this.weekLimits[r]) {
      const v =
        l.kind === 'maxGapsPerWeek'
          ? this.wGaps[r]
          : l.kind === 'maxDaysPerWeek'
            ? this.wUsed[r]
            : l.kind === 'maxDaysInInterval'
              ? this.wIn[r][j++]
              : l.kind === 'maxBuildingChangesPerWeek'
                ? this.wChanges[r]
                : l.kind === 'maxDaySpread'
                  ? daySpread(this.dayCount, this.openDay, r * this.D, this.D)
                  : this.wEarly[r];
      const over = v - l.value;
      if (over > 0) {
        if (l.hard) hard += over;
        else soft += over * l.weight;
      }
    }
    this.hard += hard - this.weekHard[r];
    this.weighted += (hard - this.weekHard[r]) * this.weekWeight[r];
    this.soft += soft - this.weekSoft[r];
    this.weekHard[r] = hard;
    this.weekSoft[r] = soft;
  }

  /** Scratch for same-hour and same-day groups: their starts, and a count per period or day. */
  private groupStarts = new Int32Array(0);
  private groupCounts = new Int32Array(0);

  private evalGroup(g: number): void {
    const grp = this.inst.groups[g];
    const acts = grp.activities;
    let viol = 0;
    /** Two lessons of a consecutive-if-same-day group on one day, not next to each other: always hard. */
    let apart = 0;
    if (grp.kind === 'consecutive') {
      const s1 = this.start[this.unitOf[acts[0]]];
      const s2 = this.start[this.unitOf[acts[1]]];
      if (
        s1 >= 0 &&
        s2 >= 0 &&
        !followsDirectly(s1, this.inst.activities[acts[0]].duration, s2, this.P, this.breakAt)
      )
        viol = 1;
    }
    if (grp.kind === 'grouped') {
      const starts: number[] = [];
      const durations: number[] = [];
      for (const a of acts) {
        const s = this.start[this.unitOf[a]];
        if (s < 0) continue;
        starts.push(s);
        durations.push(this.inst.activities[a].duration);
      }
      if (starts.length > 1 && !formsBlock(starts, durations, this.P, this.breakAt)) viol = 1;
    }
    if (grp.kind === 'sameHour' || grp.kind === 'sameDay') {
      if (this.groupStarts.length < acts.length) this.groupStarts = new Int32Array(acts.length);
      for (let i = 0; i < acts.length; i++) this.groupStarts[i] = this.start[this.unitOf[acts[i]]];
      viol = offCommon(grp.kind, this.groupStarts.subarray(0, acts.length), this.P, this.groupCounts);
    }
    if (grp.kind === 'pair') {
      for (let i = 0; i < acts.length; i++) {
        const si = this.start[this.unitOf[acts[i]]];
        if (si < 0) continue;
        for (let j = i + 1; j < acts.length; j++) {
          const sj = this.start[this.unitOf[acts[j]]];
          if (sj >= 0 && !this.besidePair(acts[i], si, acts[j], sj)) viol++;
        }
      }
    }
    const spread = grp.kind === undefined || grp.kind === 'minDays';
    for (let i = 0; spread && i < acts.length; i++) {
      const ui = this.unitOf[acts[i]];
      const si = this.start[ui];
      if (si < 0) continue;
      const di = (si / this.P) | 0;
      for (let j = i + 1; j < acts.length; j++) {
        const uj = this.unitOf[acts[j]];
        const sj = this.start[uj];
        if (sj < 0 || uj === ui) continue;
        const dj = (sj / this.P) | 0;
        if (Math.abs(di - dj) < grp.minDays) {
          viol++;
          if (this.apartSameDay(grp, acts[i], si, acts[j], sj)) apart++;
        }
      }
    }
    const hard = (grp.hard ? viol : 0) + apart;
    const soft = grp.hard ? 0 : viol * grp.weight;
    this.hard += hard - this.groupHard[g];
    this.weighted += (hard - this.groupHard[g]) * this.groupWeight[g];
    this.soft += soft - this.groupSoft[g];
    this.groupHard[g] = hard;
    this.groupSoft[g] = soft;
  }

  // ---------------------------------------------------------------- placing

  private touch(u: Unit, s: number): void {
    const d = (s / this.P) | 0;
    for (let k = 0; k < u.res.length; k++) {
      this.evalDay(u.res[k], d);
      if (this.weekLimits[u.res[k]].length) this.evalWeek(u.res[k]);
    }
  }

  private touchRooms(ui: number, s: number): void {
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
  private markBuildings(ui: number, s: number, sign: number): void {
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

  private roomFree(room: number, s: number, dur: number): boolean {
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
  private repairKey(): number {
    return this.weighted * HARD + this.soft;
  }

  /** Each hard violation there is now weighs `step` more (the weighted sum follows). */
  private bumpWeights(step: number): void {
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
  private easeWeights(): void {
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
    this.construct(rng, deadline, opts, tick);
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
  private construct(rng: Rng, deadline: number, opts: SolveOptions, tick: () => void): void {
    const lastStart = Date.now() + (deadline - Date.now()) * CONSTRUCTION_SHARE;
    for (let attempt = 0; ; attempt++) {
      const unplaced = this.buildOnce(rng, deadline, opts, tick, attempt < STRICT_ATTEMPTS);
      if (unplaced.size === 0) return;
      if (Date.now() >= lastStart || opts.shouldStop?.()) {
        this.placeCheapest(unplaced);
        return;
      }
      for (let ui = 0; ui < this.units.length; ui++) this.unplace(ui);
    }
  }

  /**
   * One construction from an empty timetable; returns the units left unplaced (time ran out, or the
   * attempt used up its placements). `strict`: same-day lessons apart are ejected like clashes,
   * else only priced (below one ejection) and left to the repair phase.
   */
  private buildOnce(
    rng: Rng,
    deadline: number,
    opts: SolveOptions,
    tick: () => void,
    strict: boolean,
  ): Set<number> {
    const U = this.units.length;
    const T = this.T;
    const P = this.P;
    const owner = new Int32Array(this.R * T).fill(-1);
    const ejections = new Float64Array(U);
    const cameFrom = new Int32Array(U).fill(-1);
    const load = new Float64Array(this.R);
    for (const u of this.units) for (let k = 0; k < u.res.length; k++) load[u.res[k]] += u.dur[k];
    const degree = new Float64Array(U);
    this.units.forEach((u, ui) => {
      for (let k = 0; k < u.res.length; k++) degree[ui] += load[u.res[k]] * u.dur[k];
    });
    const setOwner = (ui: number, value: number) => {
      const u = this.units[ui];
      const s = this.start[ui];
      for (let k = 0; k < u.res.length; k++) {
        const base = u.res[k] * T + s;
        for (let i = 0; i < u.dur[k]; i++) owner[base + i] = value;
      }
      const rooms = this.rooms[ui];
      for (let k = 0; k < rooms.length; k++) {
        if (rooms[k] < 0) continue;
        const base = rooms[k] * T + s;
        for (let i = 0; i < u.roomDur[k]; i++) owner[base + i] = value;
      }
    };
    const put = (ui: number, s: number, rooms?: Int32Array) => {
      this.place(ui, s, rooms);
      setOwner(ui, ui);
    };
    const take = (ui: number) => {
      setOwner(ui, -1);
      this.unplace(ui);
    };
    // Hard day limits (lessons a day, lessons in a row) per resource, priced while building: FET places
    // under them too, and leaving them all to the repair phase left schools with tight teacher days
    // (FET's Belize college: 6 a day, 3 in a row) stuck with dozens of violations.
    const maxDaily = new Int32Array(this.R).fill(0x7fffffff);
    const maxInRow = new Int32Array(this.R).fill(0x7fffffff);
    this.dayLimits.forEach((limits, r) => {
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
      for (let i = at - 1; i >= dayStart && this.occ[i] > 0; i--) run++;
      for (let i = at + dur; i < dayStart + P && this.occ[i] > 0; i++) run++;
      return run;
    };
    /** Lessons over resource r's day limits if it also taught [s, s + dur) (occupants that would be ejected still count). */
    const overDayLimits = (r: number, s: number, dur: number): number => {
      if (maxDaily[r] === 0x7fffffff && maxInRow[r] === 0x7fffffff) return 0;
      const dayStart = r * T + ((s / P) | 0) * P;
      const at = r * T + s;
      let count = dur;
      for (let p = 0; p < P; p++)
        if (this.occ[dayStart + p] > 0 && (dayStart + p < at || dayStart + p >= at + dur)) count++;
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
      const u = this.units[ui];
      if (u.starts.length === 0) continue;
      if (u.hint >= 0 && this.clashFree(ui, u.hint, owner)) put(ui, u.hint);
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
        if (Date.now() >= deadline || opts.shouldStop?.()) break;
        tick();
      }
      // The most constrained unplaced unit (ties at random).
      let ui = -1;
      let bestPrio = Number.POSITIVE_INFINITY;
      for (const v of unplaced) {
        const pr = this.units[v].starts.length / (1 + ejections[v]) - degree[v] * 1e-3 + rng.next() * 0.5;
        if (pr < bestPrio) {
          bestPrio = pr;
          ui = v;
        }
      }
      const u = this.units[ui];
      let bestS = -1;
      let bestCost = Number.POSITIVE_INFINITY;
      let bestRooms: Int32Array | null = null;
      /** This unit's own activity in each of its groups (priced against the others below). */
      const mine = new Map<number, number>();
      for (const g of u.groups)
        mine.set(g, this.inst.groups[g].activities.find((a) => this.unitOf[a] === ui) ?? -1);
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
          const grp = this.inst.groups[g];
          if (!grp.hard && !grp.keepWhileBuilding && !grp.consecutiveIfSameDay) continue;
          for (const a of grp.activities) {
            const v = this.unitOf[a];
            if (v === ui || this.start[v] < 0 || mark[v] === stamp) continue;
            if (!this.groupClash(grp, ui, s, v, d)) continue;
            if (grp.hard) {
              mark[v] = stamp;
              cost += 1 + ejections[v];
              continue;
            }
            if (this.apartSameDay(grp, mine.get(g) ?? -1, s, a, this.start[v])) {
              if (strict) {
                mark[v] = stamp;
                cost += 1 + ejections[v];
              } else cost += 0.6; // below the cheapest ejection: chooses between starts, moves nothing
            } else if (grp.keepWhileBuilding) cost += 0.4;
          }
        }
        // A lesson in another building than the day's others: priced, below an ejection.
        if (this.bldCnt.length > 0) cost += BUILDING_PRICE * this.otherBuildings(ui, d);
        if (u.startCost && u.startCost[s] > 0) cost += WISH_PRICE;
        if (cost >= bestCost) continue;
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
              if (this.blocked[base + i]) c += 1000;
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
        if (cost < bestCost) {
          bestCost = cost;
          bestS = s;
          bestRooms = roomPick.slice(0, u.roomOpts.length);
        }
      }
      if (bestS < 0 || !bestRooms) break;
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
        const base = u.res[k] * T + bestS;
        for (let i = 0; i < u.dur[k]; i++) collect(owner[base + i]);
      }
      for (let k = 0; k < bestRooms.length; k++) {
        if (bestRooms[k] < 0) continue;
        const base = bestRooms[k] * T + bestS;
        for (let i = 0; i < u.roomDur[k]; i++) collect(owner[base + i]);
      }
      const d = (bestS / P) | 0;
      for (const g of u.groups) {
        const grp = this.inst.groups[g];
        if (!grp.hard && !(strict && grp.consecutiveIfSameDay)) continue;
        const me = mine.get(g) ?? -1;
        for (const a of grp.activities) {
          const v = this.unitOf[a];
          if (v === ui || this.start[v] < 0) continue;
          if (
            grp.hard
              ? this.groupClash(grp, ui, bestS, v, d)
              : this.apartSameDay(grp, me, bestS, a, this.start[v])
          )
            collect(v);
        }
      }
      for (const v of conflicts) {
        cameFrom[v] = this.start[v];
        take(v);
        ejections[v] += 1;
        unplaced.add(v);
      }
      // With those gone, a resource's lessons over its day limits leave too: the cheapest of its day
      // (for lessons in a row, a neighbour in the run), until the new lesson fits the limits.
      for (let k = 0; k < u.res.length; k++) {
        const r = u.res[k];
        while (overDayLimits(r, bestS, u.dur[k]) > 0) {
          const v = dayLimitVictim(r, bestS, u.dur[k]);
          if (v < 0) break;
          cameFrom[v] = this.start[v];
          take(v);
          ejections[v] += 1;
          unplaced.add(v);
        }
      }
      unplaced.delete(ui);
      put(ui, bestS, bestRooms);
    }
    return unplaced;
  }

  /** Units construction left unplaced go to their cheapest starts; the repair phase takes over. */
  private placeCheapest(unplaced: Set<number>): void {
    for (const ui of unplaced) {
      const u = this.units[ui];
      let bestS = u.starts[0];
      let best = Number.POSITIVE_INFINITY;
      for (const s of u.starts) {
        const before = this.key();
        this.place(ui, s);
        const delta = this.key() - before;
        this.unplace(ui);
        if (delta < best) {
          best = delta;
          bestS = s;
        }
      }
      this.place(ui, bestS);
    }
  }

  /** Whether unit `v` (placed) breaks hard group `grp` with unit `ui` starting at `s` on day `d`. */
  private groupClash(grp: SpreadGroup, ui: number, s: number, v: number, d: number): boolean {
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
   * FET's «consecutive if same day»: two lessons of the group that share a day stand next to each
   * other. FET keeps that part whatever the group's weight (its own timetables break min days only
   * with the lessons side by side, and it refuses a locked timetable that does otherwise).
   */
  private apartSameDay(grp: SpreadGroup, a: number, sa: number, b: number, sb: number): boolean {
    return grp.consecutiveIfSameDay && !this.besidePair(a, sa, b, sb);
  }

  /**
   * Whether two lessons of a grouped set, unit `ui` at `s` and unit `v` at `sv`, can both be in its
   * block: one day, no overlap, and no more lessons' room between them than the block's length.
   */
  private mayGroup(grp: SpreadGroup, ui: number, s: number, v: number, sv: number): boolean {
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

  /** Two activities of a «пара» group starting at `sa` and `sb`: on different days, or next to each other. */
  private besidePair(a: number, sa: number, b: number, sb: number): boolean {
    if (((sa / this.P) | 0) !== ((sb / this.P) | 0)) return true;
    return sa + this.inst.activities[a].duration === sb || sb + this.inst.activities[b].duration === sa;
  }

  private clashFree(ui: number, s: number, owner: Int32Array): boolean {
    const u = this.units[ui];
    for (let k = 0; k < u.res.length; k++) {
      const base = u.res[k] * this.T + s;
      for (let i = 0; i < u.dur[k]; i++) if (owner[base + i] >= 0) return false;
    }
    return true;
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

  /** Entries of a unit (teachers, students with a building limit) that have a lesson in another building on day `d`. */
  private otherBuildings(ui: number, d: number): number {
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

  private swap(ui: number, vi: number): void {
    const su = this.start[ui];
    const sv = this.start[vi];
    this.unplace(ui);
    this.unplace(vi);
    this.place(ui, sv);
    this.place(vi, su);
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
