import type {
  Activity,
  Instance,
  Limit,
  Resource,
  SpreadGroup,
} from '../../modules/timetable-generator/solver/model';

/**
 * What the FET reader gathers while it reads a file (`FetReading`), the lookups its constraint
 * readers share, and the few helpers that read FET's XML as parsed (`fast-xml-parser`, in `fet-reader.ts`).
 */

export type Node = Record<string, unknown>;

export function list(x: unknown): Node[] {
  if (x === undefined || x === null) return [];
  return (Array.isArray(x) ? x : [x]).filter((v) => typeof v === 'object' && v !== null) as Node[];
}

export function strings(x: unknown): string[] {
  if (x === undefined || x === null) return [];
  return (Array.isArray(x) ? x : [x]).map((v) => String(v));
}

export function text(x: unknown): string {
  return x === undefined || x === null ? '' : String(x);
}

export function num(x: unknown, fallback = 0): number {
  const n = Number(x);
  return Number.isFinite(n) ? n : fallback;
}

export interface Grid {
  dayNames: string[];
  periodNames: string[];
  dayIdx: Map<string, number>;
  hourIdx: Map<string, number>;
}

/** What an activity was written with in the file (the filters of FET's constraints match on it). */
export interface ActivityMeta {
  teachers: string[];
  students: string[];
  subject: string;
  tags: string[];
}

/** FET's min-days rules under 100 %, with their weight as written (for `lockedAgainstSoftRules`). */
export interface SoftMinDays {
  /** The rule's activity ids as written in the file. */
  ids: number[];
  activities: number[];
  minDays: number;
  percent: number;
}

/**
 * Everything read so far, and the lookups the constraint readers share. Resources are numbered in the
 * order they are read (teachers, atomic student sets, rooms, then the virtual resources constraints add).
 */
export class FetReading {
  readonly dayNames: string[];
  readonly periodNames: string[];
  readonly D: number;
  readonly P: number;
  readonly dayIdx: Map<string, number>;
  readonly hourIdx: Map<string, number>;

  readonly resources: Resource[] = [];
  readonly teacherIdx = new Map<string, number>();
  /** Students: atomic sets are subgroups, or groups without subgroups, or years without groups. */
  readonly atomicIdx = new Map<string, number>();
  readonly setAtoms = new Map<string, Set<number>>();
  readonly setSize = new Map<string, number>();
  readonly roomIdx = new Map<string, number>();
  readonly roomName = new Map<number, string>();

  readonly activities: Activity[] = [];
  readonly activityIds: number[] = [];
  readonly actIdx = new Map<number, number>();
  readonly meta: ActivityMeta[] = [];

  readonly limits = new Map<number, Limit[]>();
  readonly unavailable = new Map<number, number[]>();
  readonly forbiddenSlots: number[] = [];
  readonly groups: Instance['groups'] = [];
  readonly softMinDays: SoftMinDays[] = [];
  readonly sameStart: number[][] = [];
  /** Allowed starts / covered slots / rooms per activity: intersections of every constraint that applies. */
  readonly startSets = new Map<number, Set<number>>();
  readonly slotSets = new Map<number, Set<number>>();
  readonly roomSets = new Map<number, Set<number>>();
  /**
   * Home rooms per activity: FET's teacher home room(s) covers the activities the teacher teaches alone,
   * a students set's those of that set alone; both hold where both apply. A preferred room rule comes first.
   */
  readonly homeSets = new Map<number, Set<number>>();
  readonly unsupportedCounts = new Map<string, { count: number; hard: boolean }>();
  /** `taggedResource`'s answers by resource and tag. */
  private readonly taggedResources = new Map<string, number>();

  constructor(grid: Grid) {
    this.dayNames = grid.dayNames;
    this.periodNames = grid.periodNames;
    this.D = grid.dayNames.length;
    this.P = grid.periodNames.length;
    this.dayIdx = grid.dayIdx;
    this.hourIdx = grid.hourIdx;
  }

  slotOf(day: unknown, hour: unknown): number {
    const d = this.dayIdx.get(text(day));
    const h = this.hourIdx.get(text(hour));
    return d === undefined || h === undefined ? -1 : d * this.P + h;
  }

  startsOf(items: unknown, dayKey: string, hourKey: string): number[] {
    return list(items)
      .map((x) => this.slotOf(x[dayKey], x[hourKey]))
      .filter((s) => s >= 0);
  }

  unsupported(name: string, weight: number): void {
    const e = this.unsupportedCounts.get(name) ?? { count: 0, hard: false };
    e.count++;
    if (weight >= 100) e.hard = true;
    this.unsupportedCounts.set(name, e);
  }

  addLimit(r: number, l: Limit): void {
    const arr = this.limits.get(r) ?? [];
    arr.push(l);
    this.limits.set(r, arr);
  }

  block(r: number, slots: number[]): void {
    const arr = this.unavailable.get(r) ?? [];
    arr.push(...slots);
    this.unavailable.set(r, arr);
  }

  /** Constraint `c`'s limit on each of resources `rs`, hard at 100 %, else soft at its weight. */
  limit(c: Node, kind: Limit['kind'], value: number, rs: number[]): void {
    const w = weightOf(c);
    for (const r of rs) this.addLimit(r, { kind, value, hard: w >= 100, weight: softWeight(w) });
  }

  /** A hard group of two or more activities with no days' spread (grouped, same hour, same day). */
  hardGroup(kind: SpreadGroup['kind'], acts: number[]): void {
    if (acts.length > 1)
      this.groups.push({
        kind,
        activities: acts,
        minDays: 0,
        hard: true,
        weight: 1,
        consecutiveIfSameDay: false,
      });
  }

  /**
   * Where activity `a` may start (or which slots it may cover) by constraint `c`: at 100 % the only ones
   * allowed, below that a soft wish of the rule's weight (`TimeWish`).
   */
  timeRule(c: Node, a: number, kind: 'starts' | 'slots', values: number[]): void {
    const w = weightOf(c);
    if (w >= 100) intersect(kind === 'starts' ? this.startSets : this.slotSets, a, values);
    else
      this.activities[a].wishes = [
        ...(this.activities[a].wishes ?? []),
        { [kind]: values, weight: softWeight(w) },
      ];
  }

  /** Activity `a` in words for a warning: its subject, teachers and students. */
  describe(a: number): string {
    const m = this.meta[a];
    return `${m.subject}, ${[...m.teachers, ...m.students].join(', ')}`;
  }

  /** The teacher constraint `c` names, or every teacher. */
  teachersOf(c: Node): number[] {
    if (c.Teacher_Name !== undefined || c.Teacher !== undefined) {
      const t = this.teacherIdx.get(text(c.Teacher_Name ?? c.Teacher));
      return t === undefined ? [] : [t];
    }
    return [...this.teacherIdx.values()];
  }

  /** The atomic sets of the students set constraint `c` names, or every atomic set. */
  studentsOf(c: Node): number[] {
    return c.Students !== undefined
      ? [...(this.setAtoms.get(text(c.Students)) ?? [])]
      : [...this.atomicIdx.values()];
  }

  /** Teachers for a constraint named `ConstraintTeacher…`, else students. */
  teachersOrStudentsOf(name: string, c: Node): number[] {
    return name.includes('Teacher') ? this.teachersOf(c) : this.studentsOf(c);
  }

  /**
   * The virtual resource occupied by resource `r`'s lessons tagged `tag` (-1: there are none), made on
   * first use and shared by every limit on that resource and tag.
   */
  taggedResource(r: number, tag: string): number {
    const key = `${r}\u0000${tag}`;
    let v = this.taggedResources.get(key);
    if (v !== undefined) return v;
    const acts = this.activities.filter((a, i) => a.resources.includes(r) && this.meta[i].tags.includes(tag));
    v = acts.length === 0 ? -1 : this.resources.length;
    if (v >= 0) {
      this.resources.push({ kind: 'virtual', name: `${this.resources[r].name} · ${tag}` });
      for (const a of acts) a.resources.push(v);
    }
    this.taggedResources.set(key, v);
    return v;
  }

  /** The activities a constraint's filter picks (teacher, students, subject, tag, duration). */
  filterActs(c: Node): number[] {
    const t = text(c.Teacher_Name);
    const s = text(c.Students_Name);
    const sub = text(c.Subject_Name);
    const tag = text(c.Activity_Tag_Name);
    const dur = c.Duration !== undefined && text(c.Duration) !== '' ? num(c.Duration) : -1;
    // FET 6 applies a students filter to every activity that shares students with the set (a year's
    // filter takes its groups' lessons), not only to activities that name the set itself.
    const filterAtoms = s ? (this.setAtoms.get(s) ?? new Set<number>()) : null;
    const out: number[] = [];
    this.meta.forEach((m, i) => {
      if (t && !m.teachers.includes(t)) return;
      if (filterAtoms && !this.activities[i].resources.some((r) => filterAtoms.has(r))) return;
      if (sub && m.subject !== sub) return;
      if (tag && !m.tags.includes(tag)) return;
      if (dur >= 0 && this.activities[i].duration !== dur) return;
      out.push(i);
    });
    return out;
  }

  /** The solver's activities for FET activity ids (ids of inactive or unknown activities left out). */
  activitiesOf(ids: unknown): number[] {
    return strings(ids)
      .map((id) => this.actIdx.get(Number(id)))
      .filter((x): x is number => x !== undefined);
  }

  /** The rooms a space constraint names (`Room`, or its `Preferred_Room` list). */
  roomsOf(c: Node): number[] {
    return (c.Room !== undefined ? [text(c.Room)] : strings(c.Preferred_Room))
      .map((r) => this.roomIdx.get(r))
      .filter((x): x is number => x !== undefined);
  }
}

/** A constraint's weight in per cent (FET writes 100 for a hard one). */
export function weightOf(c: Node): number {
  return num(c.Weight_Percentage, 100);
}

/**
 * A soft constraint of weight w % is one FET breaks with probability 1 − w/100 each time it places an
 * activity, so a timetable FET is asked to confirm may break it only that often: the cost of a
 * break grows with −log(1 − w/100) (50 % → 7, 95 % → 30, 98 % → 39; a teacher's gap costs 3).
 */
export function softWeight(w: number): number {
  return Math.max(0.5, -10 * Math.log(1 - Math.min(w, 99.9) / 100));
}

export function intersect(m: Map<number, Set<number>>, a: number, values: number[]): void {
  const prev = m.get(a);
  m.set(a, prev ? new Set(values.filter((v) => prev.has(v))) : new Set(values));
}
