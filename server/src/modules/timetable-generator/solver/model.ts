/**
 * The timetable generator's instance model: plain JSON (it crosses worker-thread boundaries), free of
 * the web framework and the database. Time is a grid of `days × periods` slots; slot = day * periods + period.
 *
 * Resources are everything that cannot be in two places at once: teachers, atomic student sets (a class
 * without subgroups, or one subgroup), rooms, and virtual resources (FET's "activities not overlapping").
 * An activity occupies its fixed resources for `duration` consecutive periods of one day, plus one room
 * per room request, chosen by the solver from that request's options among those its students fit
 * (`fitsRoom`: a hard rule of the search, the check and the diagnosis alike).
 */

export type LimitKind =
  | 'maxGapsPerWeek'
  | 'maxGapsPerDay'
  | 'maxHoursDaily'
  /** Lessons in a row without an empty period (a break or a free period ends the run). */
  | 'maxHoursContinuously'
  /** At least `value` lessons on each day that has any (FET's min hours daily, empty days allowed). */
  | 'minHoursDaily'
  /** At least `value` lessons on every day, none empty (FET's min hours daily without empty days). */
  | 'minHoursEveryDay'
  | 'maxDaysPerWeek'
  /** Days of the week with a lesson in periods [`from`, `to`): at most `value` (FET's interval max days per week). */
  | 'maxDaysInInterval'
  /**
   * Days that do not begin at the first period the resource may be used (breaks and unavailable cells
   * before it excused): each empty period before the first lesson counts one; at most `value` a week.
   */
  | 'earlyStart'
  /**
   * The most lessons of a day minus the fewest, over the days the resource may be used at all (a day
   * wholly unavailable does not count): at most `value` (`daySpread`). СанПиН: a class's load even
   * over the week.
   */
  | 'maxDaySpread'
  /** Moves to another building in one day (`buildingChanges`): at most `value`. */
  | 'maxBuildingChangesPerDay'
  /** Moves to another building in the week: at most `value`. */
  | 'maxBuildingChangesPerWeek'
  /** A move to another building has at least `value` free periods before it (each move short of them counts). */
  | 'minGapsBetweenBuildingChanges';

export interface Limit {
  kind: LimitKind;
  value: number;
  /** A hard limit counts as a hard violation; a soft one adds `weight` per unit over the limit. */
  hard: boolean;
  weight: number;
  /** maxDaysInInterval: the first period of the interval and the one after its last. */
  from?: number;
  to?: number;
}

export type ResourceKind = 'teacher' | 'students' | 'room' | 'virtual';

export interface Resource {
  kind: ResourceKind;
  name: string;
  /** Slots this resource cannot be used in. */
  unavailable?: number[];
  limits?: Limit[];
  /** Rooms: how many students fit (0 or absent: no limit). */
  capacity?: number;
  /**
   * Rooms: the building it stands in (absent: none). A lesson is in the building of the room of its
   * activity's first room request; the building limits count a teacher's or students' moves between them.
   */
  building?: string;
  /** Students: the СанПиН difficulty scale applies (hardest days mid-week, hard subjects not first or last). */
  difficulty?: boolean;
}

export interface Activity {
  /** The caller's id (a load line, a FET activity id). */
  key: number;
  label: string;
  duration: number;
  /** Fixed resources: teachers, atomic student sets, required rooms, virtual resources. */
  resources: number[];
  /** One entry per room the activity needs; each lists the rooms allowed (resource indexes). */
  roomOptions?: number[][];
  /**
   * One entry per room request, as asked before rooms too small were left out of the options (when a
   * caller does that): the diagnosis names the request and its largest room when no option is left.
   */
  roomNeeds?: RoomNeed[];
  /** Students attending (checked against room capacity). */
  size?: number;
  /** СанПиН difficulty rank of the subject (0: none). */
  rank?: number;
  /** Allowed starting slots (absent: any). */
  allowedStarts?: number[];
  /** Slots the activity may cover (absent: any); every covered slot must be in the list. */
  allowedSlots?: number[];
  /** Its student sets have nothing after it that day (FET's «activity ends students' day»). */
  endsStudentsDay?: boolean;
  /** A previous solution to stay close to (re-solving after a change). */
  hint?: { start: number; rooms?: number[] };
  /** Soft wishes about its time: each one it stands against costs its weight. */
  wishes?: TimeWish[];
}

/**
 * A soft wish about an activity's time (FET's preferred starting times or time slots under 100 %): kept
 * when the activity starts at one of `starts` and covers only `slots` (either absent: any).
 */
export interface TimeWish {
  starts?: number[];
  slots?: number[];
  weight: number;
}

/** A room request in the school's words. */
export interface RoomNeed {
  /** The kind asked for, in the genitive: «кабинета вида «лаборатория»»; absent: the one room of `rooms`. */
  what?: string;
  /** Every room of the request, whether the students fit or not (resource indexes). */
  rooms: number[];
}

/** Whether `size` students fit a room of `capacity` (0, negative or absent: no limit). */
export function fitsRoom(capacity: number | null | undefined, size: number | undefined): boolean {
  return !capacity || capacity <= 0 || (size ?? 0) <= capacity;
}

/** Lessons a day of `count` lessons falls short of a min-hours limit (0 for any other limit). */
export function hoursShort(limit: Limit, count: number): number {
  if (limit.kind === 'minHoursEveryDay') return Math.max(0, limit.value - count);
  if (limit.kind === 'minHoursDaily' && count > 0) return Math.max(0, limit.value - count);
  return 0;
}

/**
 * The most lessons of an open day minus the fewest (`counts` per day, `open[d]` 1 where the day counts;
 * `days` entries from `from`, so the search reads its per resource × day arrays without a copy): the
 * `maxDaySpread` rule, one function for the search and the check.
 */
export function daySpread(
  counts: ArrayLike<number>,
  open: ArrayLike<number>,
  from = 0,
  days = counts.length - from,
): number {
  let most = -1;
  let fewest = Number.POSITIVE_INFINITY;
  for (let d = from; d < from + days; d++) {
    if (!open[d]) continue;
    const c = counts[d];
    if (c > most) most = c;
    if (c < fewest) fewest = c;
  }
  return most < 0 ? 0 : most - fewest;
}

/** The limits that count moves between buildings. */
export const buildingLimitKinds: ReadonlySet<LimitKind> = new Set([
  'maxBuildingChangesPerDay',
  'maxBuildingChangesPerWeek',
  'minGapsBetweenBuildingChanges',
]);

/**
 * FET's building changes over one day of a teacher or a students set: `buildingAt(p)` is the building of
 * period p's lesson, or -1 (no lesson, a lesson without a room in a building). A change is a lesson in
 * another building than the last lesson with one; it is short when fewer than `minGaps` periods without
 * a building (free, breaks, lessons without one) stand between them. Answers changes × 1024 + short
 * changes, so the search's hot path allocates nothing (`changesOf`, `shortChangesOf` read it).
 */
export function buildingChanges(periods: number, buildingAt: (p: number) => number, minGaps: number): number {
  let current = -1;
  let free = 0;
  let changes = 0;
  let short = 0;
  for (let p = 0; p < periods; p++) {
    const b = buildingAt(p);
    if (b < 0) {
      free++;
      continue;
    }
    if (current >= 0 && b !== current) {
      changes++;
      if (free < minGaps) short++;
    }
    current = b;
    free = 0;
  }
  return changes * 1024 + short;
}

export const changesOf = (walk: number): number => Math.floor(walk / 1024);
export const shortChangesOf = (walk: number): number => walk % 1024;

/**
 * FET's «two activities consecutive»: the second starts on the first's day as soon as the first ends,
 * with nothing but breaks between them (`isBreak(slot)`). Not the next day's first period.
 */
export function followsDirectly(
  first: number,
  firstDuration: number,
  second: number,
  periods: number,
  isBreak: (slot: number) => boolean,
): boolean {
  const end = first + firstDuration;
  if (second < end || Math.floor(first / periods) !== Math.floor(second / periods)) return false;
  for (let s = end; s < second; s++) if (!isBreak(s)) return false;
  return true;
}

/**
 * FET's «activities grouped»: every one placed on one day, each starting as another ends, in any order,
 * with nothing but breaks between them.
 */
export function formsBlock(
  starts: number[],
  durations: number[],
  periods: number,
  isBreak: (slot: number) => boolean,
): boolean {
  const order = starts.map((_, i) => i).sort((x, y) => starts[x] - starts[y]);
  for (let k = 1; k < order.length; k++) {
    const [p, q] = [order[k - 1], order[k]];
    if (!followsDirectly(starts[p], durations[p], starts[q], periods, isBreak)) return false;
  }
  return true;
}

/**
 * A same-hour or same-day group's violations: how many of its placed lessons stand off the period
 * (or day) most of them share. `counts` is scratch space of at least `periods` (or days) entries.
 */
export function offCommon(
  kind: 'sameHour' | 'sameDay',
  starts: ArrayLike<number>,
  periods: number,
  counts: Int32Array,
): number {
  counts.fill(0);
  let placed = 0;
  let most = 0;
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i];
    if (s < 0) continue;
    const at = kind === 'sameHour' ? s % periods : Math.floor(s / periods);
    placed++;
    if (++counts[at] > most) most = counts[at];
  }
  return placed - most;
}

/** FET's "min days between activities": every pair of the group on days at least `minDays` apart. */
export interface SpreadGroup {
  /**
   * minDays (default): FET's min days between activities; consecutive: the second starts as the first
   * ends, same day, breaks allowed between (`followsDirectly`); grouped: all of them one after another
   * on one day, in any order (`formsBlock`); pair: two of the group on one day stand next to each
   * other (a «пара»), so at most two a day (`minDays` unused); sameHour / sameDay: all start at the same
   * period of the day (any days) or on the same day (any periods), each one off the period or day most
   * of them share a violation (`offCommon`).
   */
  kind?: 'minDays' | 'consecutive' | 'pair' | 'grouped' | 'sameHour' | 'sameDay';
  activities: number[];
  minDays: number;
  hard: boolean;
  weight: number;
  /** If two of the group fall on one day they must stand next to each other (a «пара»). */
  consecutiveIfSameDay: boolean;
  /**
   * A soft group the first timetable is built to keep where it can (priced while building, never a
   * reason to move a placed lesson): FET's rules of 95 % and more, which FET itself keeps almost always.
   */
  keepWhileBuilding?: boolean;
}

export interface Weights {
  /** Per empty period between a teacher's lessons of a day. */
  teacherGaps: number;
  /** Per day a teacher comes in. */
  teacherDays: number;
  /** Per rank point a class's day is away from the СанПиН weekly curve (peak Tuesday–Wednesday). */
  difficulty: number;
  /** Per hard subject (rank ≥ hardRank) standing first or last in a class's day. */
  hardFirstLast: number;
  /** Per activity not at its hinted start. */
  stability: number;
}

export const defaultWeights: Weights = {
  teacherGaps: 3,
  teacherDays: 1,
  difficulty: 1,
  hardFirstLast: 2,
  stability: 20,
};

export interface UnsupportedConstraint {
  name: string;
  count: number;
  /** Present at weight 100 %: a timetable cannot be called valid while it is ignored. */
  hard: boolean;
}

export interface Instance {
  days: number;
  periods: number;
  dayNames: string[];
  periodNames: string[];
  resources: Resource[];
  activities: Activity[];
  groups: SpreadGroup[];
  /** Activities that must start at the same slot (subgroups in parallel, FET's same starting time). */
  sameStart: number[][];
  /** Slots no activity may cover (breaks). */
  forbiddenSlots?: number[];
  weights: Weights;
  /** Rank at or above which a subject counts as hard for the first/last rule. */
  hardRank?: number;
  unsupported?: UnsupportedConstraint[];
}

/** A solution: each activity's start slot (-1: not placed) and its rooms (one per room request). */
export interface Assignment {
  starts: number[];
  rooms: number[][];
}

export interface Progress {
  placed: number;
  total: number;
  hardViolations: number;
  softCost: number;
  iterations: number;
  seconds: number;
}

export interface SolveResult extends Progress, Assignment {
  teacherGaps: number;
  /** True when the search ended on the stop flag rather than the time limit or a perfect result. */
  stopped: boolean;
}
