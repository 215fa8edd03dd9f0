import {
  buildingChanges,
  buildingLimitKinds,
  changesOf,
  daySpread,
  followsDirectly,
  formsBlock,
  hoursShort,
  type Instance,
  type Limit,
  offCommon,
  type SpreadGroup,
  shortChangesOf,
} from './model';
import { Rng } from './rng';
import { buildUnits, type Unit } from './units';

/**
 * The search's costs (search-state.ts): every table the incremental costs are kept in, and how one
 * resource-day, resource-week or spread group is counted again (`evalDay`, `evalWeek`, `evalGroup`).
 * SearchState adds the moves that keep them up to date.
 */

/** The СанПиН curve: share of the week's difficulty a day should carry (peak Tuesday–Wednesday). */
function difficultyCurve(days: number): number[] {
  const base =
    days === 6 ? [0.9, 1.15, 1.2, 1.05, 0.95, 0.75] : days === 5 ? [0.9, 1.15, 1.2, 1.0, 0.75] : null;
  const w =
    base ?? Array.from({ length: days }, (_, d) => 1 + 0.2 * (1 - Math.abs(d - 1.5) / Math.max(1, days)));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
}

export class SearchCosts {
  readonly D: number;
  readonly P: number;
  readonly T: number;
  readonly R: number;
  readonly units: Unit[];
  readonly unitOf: Int32Array;
  /** Occupancy count and rank sum per resource × slot. */
  occ: Uint16Array;
  rankAt: Uint16Array;
  /** Per resource × slot: lessons ending there that must end the resource's day (students only). */
  endsAt: Uint16Array;
  blocked: Uint8Array;
  /**
   * Buildings: each room's (-1: none); per resource × slot the sum and count of the buildings of its
   * lessons there (a clash leaves the slot's building unknown), and the day's and week's moves
   * between buildings of resources with a building limit.
   */
  roomBuilding: Int32Array;
  bldSum: Int32Array;
  bldCnt: Uint8Array;
  bldLimited: Uint8Array;
  dayChanges: Int32Array;
  wChanges: Int32Array;
  walkBase = 0;
  readonly buildingAt = (p: number): number => {
    const i = this.walkBase + p;
    return this.bldCnt[i] === 1 && this.occ[i] === 1 ? this.bldSum[i] : -1;
  };
  isBreak: Uint8Array;
  /** `isBreak` as a predicate, for the rules shared with the check (model.ts). */
  readonly breakAt = (slot: number): boolean => this.isBreak[slot] === 1;
  dayHard: Float64Array;
  daySoft: Float64Array;
  dayGaps: Int32Array;
  dayUsed: Int32Array;
  dayEarly: Int32Array;
  /** Per resource × day: its lessons, and 1 where the day has a period it may be used in (maxDaySpread). */
  dayCount: Int32Array;
  openDay: Uint8Array;
  wGaps: Int32Array;
  wUsed: Int32Array;
  wEarly: Int32Array;
  weekHard: Float64Array;
  weekSoft: Float64Array;
  groupHard: Float64Array;
  groupSoft: Float64Array;
  dayLimits: Limit[][];
  weekLimits: Limit[][];
  /** Per resource: its interval limits (maxDaysInInterval), and per limit × day whether the day has a lesson inside. */
  intervals: Limit[][];
  dayIn: Uint8Array[];
  wIn: Int32Array[];
  isTeacher: Uint8Array;
  /** Per resource × day: 1 when a working day holds fewer lessons than a hard minimum asks. */
  dayShort: Uint8Array;
  /** Per resource: the units it takes part in. */
  resUnits: Int32Array[];
  /**
   * The repair's weights of hard violations, per resource × day, resource (its week) and group: each
   * starts at 1 and grows while its violation outlives the repair's attempts (see `BUMP_AFTER`), so
   * the repair's landscape changes under a violation it cannot leave. `weighted` is the weighted sum;
   * `hard` stays the plain count that best timetables are judged by.
   */
  dayWeight: Float64Array;
  weekWeight: Float64Array;
  groupWeight: Float64Array;
  weighted = 0;
  ideal: Float64Array | null;
  difficultyOn: Uint8Array;
  hardRank: number;
  readonly start: Int32Array;
  readonly rooms: Int32Array[];
  hard = 0;
  soft = 0;
  readonly rng: Rng;

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
    const units = buildUnits(inst, T, P, this.blocked, this.roomBuilding);
    this.units = units.units;
    this.unitOf = units.unitOf;
    this.resUnits = units.resUnits;
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

  // ---------------------------------------------------------------- costs

  evalDay(r: number, d: number): void {
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

  evalWeek(r: number): void {
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
  groupStarts = new Int32Array(0);
  groupCounts = new Int32Array(0);

  evalGroup(g: number): void {
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

  /**
   * FET's «consecutive if same day»: two lessons of the group that share a day stand next to each
   * other. FET keeps that part whatever the group's weight (its own timetables break min days only
   * with the lessons side by side, and it refuses a locked timetable that does otherwise).
   */
  apartSameDay(grp: SpreadGroup, a: number, sa: number, b: number, sb: number): boolean {
    return grp.consecutiveIfSameDay && !this.besidePair(a, sa, b, sb);
  }

  /** Two activities of a «пара» group starting at `sa` and `sb`: on different days, or next to each other. */
  besidePair(a: number, sa: number, b: number, sb: number): boolean {
    if (((sa / this.P) | 0) !== ((sb / this.P) | 0)) return true;
    return sa + this.inst.activities[a].duration === sb || sb + this.inst.activities[b].duration === sa;
  }
}
