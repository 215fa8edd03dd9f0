import { plural } from '@parta/shared/domain/plural';
import { XMLParser } from 'fast-xml-parser';
import {
  type Activity,
  defaultWeights,
  type Instance,
  type Limit,
  type Resource,
  type SpreadGroup,
  type UnsupportedConstraint,
} from '../../modules/timetable-generator/solver/model';

/**
 * Reads a FET `.fet` file into the solver's instance: days, hours, subjects, teachers, the students
 * tree (years → groups → subgroups; the atomic sets are the leaves), activities (split ones stay
 * separate activities joined by FET's own min-days constraints), rooms, and the time and space
 * constraints schools use most. Anything else is listed by name and count in `unsupported`.
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  // FET keeps names exactly as typed (trailing spaces and tabs included).
  trimValues: false,
  processEntities: true,
});

function list(x: unknown): Node[] {
  if (x === undefined || x === null) return [];
  return (Array.isArray(x) ? x : [x]).filter((v) => typeof v === 'object' && v !== null) as Node[];
}

function strings(x: unknown): string[] {
  if (x === undefined || x === null) return [];
  return (Array.isArray(x) ? x : [x]).map((v) => String(v));
}

function text(x: unknown): string {
  return x === undefined || x === null ? '' : String(x);
}

function num(x: unknown, fallback = 0): number {
  const n = Number(x);
  return Number.isFinite(n) ? n : fallback;
}

export interface FetModel {
  instance: Instance;
  /** FET activity id for each solver activity. */
  activityIds: number[];
  /** Room names by resource index (rooms only). */
  roomName: Map<number, string>;
  /**
   * What in the file itself keeps FET from finishing, in Russian (the solver still solves it): lessons
   * the file locks to days that break its own rules under 100 % (`lockedAgainstSoftRules`).
   */
  warnings: string[];
  /** The FET activity ids of each min-days rule under 100 % that the file's locks break (as written). */
  lockClashes: number[][];
}

export function readFet(xml: string): FetModel {
  const doc = parser.parse(xml) as { fet?: Node };
  const fet = doc.fet;
  if (!fet) throw new Error('Это не файл FET: нет корневого элемента <fet>');

  const dayNames = list((fet.Days_List as Node)?.Day).map((d) => text(d.Name));
  const periodNames = list((fet.Hours_List as Node)?.Hour).map((h) => text(h.Name));
  const D = dayNames.length;
  const P = periodNames.length;
  if (D === 0 || P === 0) throw new Error('В файле FET нет дней или часов');
  const dayIdx = new Map(dayNames.map((n, i) => [n, i]));
  const hourIdx = new Map(periodNames.map((n, i) => [n, i]));
  const slotOf = (day: unknown, hour: unknown): number => {
    const d = dayIdx.get(text(day));
    const h = hourIdx.get(text(hour));
    return d === undefined || h === undefined ? -1 : d * P + h;
  };

  const resources: Resource[] = [];
  const teacherIdx = new Map<string, number>();
  for (const t of list((fet.Teachers_List as Node)?.Teacher)) {
    teacherIdx.set(text(t.Name), resources.length);
    resources.push({ kind: 'teacher', name: text(t.Name) });
  }

  // Students: atomic sets are subgroups, or groups without subgroups, or years without groups.
  const atomicIdx = new Map<string, number>();
  const setAtoms = new Map<string, Set<number>>();
  const setSize = new Map<string, number>();
  const atom = (name: string): number => {
    let i = atomicIdx.get(name);
    if (i === undefined) {
      i = resources.length;
      atomicIdx.set(name, i);
      resources.push({ kind: 'students', name });
    }
    return i;
  };
  const addTo = (set: string, atoms: number[]) => {
    let s = setAtoms.get(set);
    if (!s) {
      s = new Set();
      setAtoms.set(set, s);
    }
    for (const a of atoms) s.add(a);
  };
  for (const y of list((fet.Students_List as Node)?.Year)) {
    const yName = text(y.Name);
    setSize.set(yName, num(y.Number_of_Students));
    const groups = list(y.Group);
    if (groups.length === 0) addTo(yName, [atom(yName)]);
    for (const g of groups) {
      const gName = text(g.Name);
      setSize.set(gName, num(g.Number_of_Students));
      const subs = list(g.Subgroup);
      const atoms =
        subs.length === 0
          ? [atom(gName)]
          : subs.map((s) => {
              setSize.set(text(s.Name), num(s.Number_of_Students));
              addTo(text(s.Name), [atom(text(s.Name))]);
              return atom(text(s.Name));
            });
      addTo(gName, atoms);
      addTo(yName, atoms);
    }
  }

  const roomIdx = new Map<string, number>();
  const roomName = new Map<number, string>();
  const unsupportedCounts = new Map<string, { count: number; hard: boolean }>();
  const unsupported = (name: string, weight: number) => {
    const e = unsupportedCounts.get(name) ?? { count: 0, hard: false };
    e.count++;
    if (weight >= 100) e.hard = true;
    unsupportedCounts.set(name, e);
  };
  for (const r of list((fet.Rooms_List as Node)?.Room)) {
    if (text(r.Virtual) === 'true') unsupported('Virtual room', 100);
    const i = resources.length;
    roomIdx.set(text(r.Name), i);
    roomName.set(i, text(r.Name));
    const building = text(r.Building);
    resources.push({
      kind: 'room',
      name: text(r.Name),
      capacity: num(r.Capacity),
      ...(building ? { building } : {}),
    });
  }

  // Activities (inactive ones are left out, as FET does).
  const activities: Activity[] = [];
  const activityIds: number[] = [];
  const actIdx = new Map<number, number>();
  const meta: Array<{ teachers: string[]; students: string[]; subject: string; tags: string[] }> = [];
  for (const a of list((fet.Activities_List as Node)?.Activity)) {
    if (text(a.Active) === 'false') continue;
    const id = num(a.Id);
    const teachers = strings(a.Teacher);
    const students = strings(a.Students);
    const subject = text(a.Subject);
    const res = new Set<number>();
    for (const t of teachers) {
      const ti = teacherIdx.get(t);
      if (ti !== undefined) res.add(ti);
    }
    let size = 0;
    for (const s of students) {
      for (const x of setAtoms.get(s) ?? []) res.add(x);
      size += setSize.get(s) ?? 0;
    }
    // FET writes an activity's own number of students only when the user gave it (the count is not
    // the sets'): Hungary's Bethlen college has 36 of a class of 38 in a 36-seat art room.
    if (a.Number_Of_Students !== undefined) size = num(a.Number_Of_Students);
    actIdx.set(id, activities.length);
    activityIds.push(id);
    meta.push({ teachers, students, subject, tags: strings(a.Activity_Tag) });
    activities.push({
      key: id,
      label: `${subject} (${[...teachers, ...students].join(', ')}) #${id}`,
      duration: Math.max(1, num(a.Duration, 1)),
      resources: [...res],
      size,
    });
  }

  const limits = new Map<number, Limit[]>();
  const addLimit = (r: number, l: Limit) => {
    const arr = limits.get(r) ?? [];
    arr.push(l);
    limits.set(r, arr);
  };
  const unavailable = new Map<number, number[]>();
  const block = (r: number, slots: number[]) => {
    const arr = unavailable.get(r) ?? [];
    arr.push(...slots);
    unavailable.set(r, arr);
  };
  const forbiddenSlots: number[] = [];
  const groups: Instance['groups'] = [];
  /** FET's min-days rules under 100 %, with their weight as written (for `lockedAgainstSoftRules`). */
  const softMinDays: SoftMinDays[] = [];
  const sameStart: number[][] = [];
  /** Allowed starts / covered slots per activity: intersections of every constraint that applies. */
  const startSets = new Map<number, Set<number>>();
  const slotSets = new Map<number, Set<number>>();
  const roomSets = new Map<number, Set<number>>();
  const intersect = (m: Map<number, Set<number>>, a: number, values: number[]) => {
    const prev = m.get(a);
    m.set(a, prev ? new Set(values.filter((v) => prev.has(v))) : new Set(values));
  };
  const teachersOf = (c: Node): number[] => {
    if (c.Teacher_Name !== undefined || c.Teacher !== undefined) {
      const t = teacherIdx.get(text(c.Teacher_Name ?? c.Teacher));
      return t === undefined ? [] : [t];
    }
    return [...teacherIdx.values()];
  };
  const studentsOf = (c: Node): number[] =>
    c.Students !== undefined ? [...(setAtoms.get(text(c.Students)) ?? [])] : [...atomicIdx.values()];
  // A soft constraint of weight w % is one FET breaks with probability 1 − w/100 each time it places an
  // activity, so a timetable FET is asked to confirm may break it only that often: the cost of a
  // break grows with −log(1 − w/100) (50 % → 7, 95 % → 30, 98 % → 39; a teacher's gap costs 3).
  const softWeight = (w: number) => Math.max(0.5, -10 * Math.log(1 - Math.min(w, 99.9) / 100));
  /** The virtual resource occupied by resource `r`'s lessons tagged `tag` (-1: there are none). */
  const taggedResources = new Map<string, number>();
  const taggedResource = (r: number, tag: string): number => {
    const key = `${r}\u0000${tag}`;
    let v = taggedResources.get(key);
    if (v !== undefined) return v;
    const acts = activities.filter((a, i) => a.resources.includes(r) && meta[i].tags.includes(tag));
    v = acts.length === 0 ? -1 : resources.length;
    if (v >= 0) {
      resources.push({ kind: 'virtual', name: `${resources[r].name} · ${tag}` });
      for (const a of acts) a.resources.push(v);
    }
    taggedResources.set(key, v);
    return v;
  };
  const filterActs = (c: Node): number[] => {
    const t = text(c.Teacher_Name);
    const s = text(c.Students_Name);
    const sub = text(c.Subject_Name);
    const tag = text(c.Activity_Tag_Name);
    const dur = c.Duration !== undefined && text(c.Duration) !== '' ? num(c.Duration) : -1;
    // FET 6 applies a students filter to every activity that shares students with the set (a year's
    // filter takes its groups' lessons), not only to activities that name the set itself.
    const filterAtoms = s ? (setAtoms.get(s) ?? new Set<number>()) : null;
    const out: number[] = [];
    meta.forEach((m, i) => {
      if (t && !m.teachers.includes(t)) return;
      if (filterAtoms && !activities[i].resources.some((r) => filterAtoms.has(r))) return;
      if (sub && m.subject !== sub) return;
      if (tag && !m.tags.includes(tag)) return;
      if (dur >= 0 && activities[i].duration !== dur) return;
      out.push(i);
    });
    return out;
  };
  /** The solver's activities for FET activity ids (ids of inactive or unknown activities left out). */
  const activitiesOf = (ids: unknown): number[] =>
    strings(ids)
      .map((id) => actIdx.get(Number(id)))
      .filter((x): x is number => x !== undefined);
  /** Constraint `c`'s limit on each of resources `rs`, hard at 100 %, else soft at its weight. */
  const limit = (c: Node, kind: Limit['kind'], value: number, rs: number[]) => {
    const w = num(c.Weight_Percentage, 100);
    for (const r of rs) addLimit(r, { kind, value, hard: w >= 100, weight: softWeight(w) });
  };
  /** A hard group of two or more activities with no days' spread (grouped, same hour, same day). */
  const hardGroup = (kind: SpreadGroup['kind'], acts: number[]) => {
    if (acts.length > 1)
      groups.push({ kind, activities: acts, minDays: 0, hard: true, weight: 1, consecutiveIfSameDay: false });
  };
  const startsOf = (items: unknown, dayKey: string, hourKey: string) =>
    list(items)
      .map((x) => slotOf(x[dayKey], x[hourKey]))
      .filter((s) => s >= 0);

  const handleTime = (name: string, c: Node): boolean => {
    const w = num(c.Weight_Percentage, 100);
    const hard = w >= 100;
    /**
     * Where activity `a` may start (or which slots it may cover): at 100 % the only ones allowed, below
     * that a soft wish of the rule's weight (`TimeWish`).
     */
    const timeRule = (a: number, kind: 'starts' | 'slots', values: number[]) => {
      if (hard) intersect(kind === 'starts' ? startSets : slotSets, a, values);
      else
        activities[a].wishes = [...(activities[a].wishes ?? []), { [kind]: values, weight: softWeight(w) }];
    };
    switch (name) {
      case 'ConstraintBasicCompulsoryTime':
        return true;
      case 'ConstraintBreakTimes':
        if (!hard) return false;
        forbiddenSlots.push(...startsOf(c.Break_Time, 'Day', 'Hour'));
        return true;
      case 'ConstraintTeacherNotAvailableTimes':
      case 'ConstraintStudentsSetNotAvailableTimes': {
        if (!hard) return false;
        const slots = startsOf(c.Not_Available_Time, 'Day', 'Hour');
        const rs = name === 'ConstraintTeacherNotAvailableTimes' ? teachersOf(c) : studentsOf(c);
        for (const r of rs) block(r, slots);
        return true;
      }
      case 'ConstraintTeacherMaxGapsPerWeek':
      case 'ConstraintTeachersMaxGapsPerWeek':
        limit(c, 'maxGapsPerWeek', num(c.Max_Gaps), teachersOf(c));
        return true;
      case 'ConstraintTeacherMaxGapsPerDay':
      case 'ConstraintTeachersMaxGapsPerDay':
        limit(c, 'maxGapsPerDay', num(c.Max_Gaps), teachersOf(c));
        return true;
      case 'ConstraintStudentsMaxGapsPerWeek':
      case 'ConstraintStudentsSetMaxGapsPerWeek':
        limit(c, 'maxGapsPerWeek', num(c.Max_Gaps), studentsOf(c));
        return true;
      case 'ConstraintStudentsMaxGapsPerDay':
      case 'ConstraintStudentsSetMaxGapsPerDay':
        limit(c, 'maxGapsPerDay', num(c.Max_Gaps), studentsOf(c));
        return true;
      case 'ConstraintTeacherMaxHoursDaily':
      case 'ConstraintTeachersMaxHoursDaily':
        limit(c, 'maxHoursDaily', num(c.Maximum_Hours_Daily), teachersOf(c));
        return true;
      case 'ConstraintStudentsMaxHoursDaily':
      case 'ConstraintStudentsSetMaxHoursDaily':
        limit(c, 'maxHoursDaily', num(c.Maximum_Hours_Daily), studentsOf(c));
        return true;
      case 'ConstraintTeacherMaxHoursContinuously':
      case 'ConstraintTeachersMaxHoursContinuously':
        limit(c, 'maxHoursContinuously', num(c.Maximum_Hours_Continuously), teachersOf(c));
        return true;
      case 'ConstraintStudentsMaxHoursContinuously':
      case 'ConstraintStudentsSetMaxHoursContinuously':
        limit(c, 'maxHoursContinuously', num(c.Maximum_Hours_Continuously), studentsOf(c));
        return true;
      case 'ConstraintTeacherActivityTagMaxHoursDaily':
      case 'ConstraintTeachersActivityTagMaxHoursDaily':
      case 'ConstraintStudentsActivityTagMaxHoursDaily':
      case 'ConstraintStudentsSetActivityTagMaxHoursDaily':
      case 'ConstraintTeacherActivityTagMaxHoursContinuously':
      case 'ConstraintTeachersActivityTagMaxHoursContinuously':
      case 'ConstraintStudentsActivityTagMaxHoursContinuously':
      case 'ConstraintStudentsSetActivityTagMaxHoursContinuously': {
        // Counted over one resource's lessons with the tag only: a virtual resource per (resource, tag)
        // that exactly those lessons occupy carries the limit.
        const daily = name.endsWith('Daily');
        const tag = text(c.Activity_Tag_Name);
        const rs = name.includes('Teacher') ? teachersOf(c) : studentsOf(c);
        const tagged = rs.map((r) => taggedResource(r, tag));
        limit(
          c,
          daily ? 'maxHoursDaily' : 'maxHoursContinuously',
          num(daily ? c.Maximum_Hours_Daily : c.Maximum_Hours_Continuously),
          tagged.filter((r) => r >= 0),
        );
        return true;
      }
      case 'ConstraintTeacherMinHoursDaily':
      case 'ConstraintTeachersMinHoursDaily':
      case 'ConstraintStudentsMinHoursDaily':
      case 'ConstraintStudentsSetMinHoursDaily':
        limit(
          c,
          text(c.Allow_Empty_Days) === 'false' ? 'minHoursEveryDay' : 'minHoursDaily',
          num(c.Minimum_Hours_Daily),
          name.includes('Teacher') ? teachersOf(c) : studentsOf(c),
        );
        return true;
      case 'ConstraintTeacherIntervalMaxDaysPerWeek':
      case 'ConstraintTeachersIntervalMaxDaysPerWeek':
      case 'ConstraintStudentsSetIntervalMaxDaysPerWeek':
      case 'ConstraintStudentsIntervalMaxDaysPerWeek': {
        // The end hour is not part of the interval; none given: to the end of the day.
        const from = hourIdx.get(text(c.Interval_Start_Hour));
        const to = text(c.Interval_End_Hour) === '' ? P : hourIdx.get(text(c.Interval_End_Hour));
        if (from === undefined || to === undefined) return false;
        const rs = name.includes('Teacher') ? teachersOf(c) : studentsOf(c);
        for (const r of rs)
          addLimit(r, {
            kind: 'maxDaysInInterval',
            value: num(c.Max_Days_Per_Week),
            hard,
            weight: softWeight(w),
            from,
            to,
          });
        return true;
      }
      case 'ConstraintTeacherMaxDaysPerWeek':
      case 'ConstraintTeachersMaxDaysPerWeek':
        limit(c, 'maxDaysPerWeek', num(c.Max_Days_Per_Week), teachersOf(c));
        return true;
      case 'ConstraintStudentsEarlyMaxBeginningsAtSecondHour':
      case 'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour':
        limit(c, 'earlyStart', num(c.Max_Beginnings_At_Second_Hour), studentsOf(c));
        return true;
      case 'ConstraintMinDaysBetweenActivities': {
        const acts = activitiesOf(c.Activity_Id);
        if (acts.length > 1 && !hard)
          softMinDays.push({
            ids: strings(c.Activity_Id).map(Number),
            activities: acts,
            minDays: num(c.MinDays, 1),
            percent: w,
          });
        if (acts.length > 1)
          groups.push({
            activities: acts,
            minDays: num(c.MinDays, 1),
            hard,
            weight: softWeight(w),
            consecutiveIfSameDay: text(c.Consecutive_If_Same_Day) === 'true',
            // Kept while building only where it can hold: n lessons `minDays` apart fit the week.
            ...(!hard && w >= 95 && (acts.length - 1) * num(c.MinDays, 1) < D
              ? { keepWhileBuilding: true }
              : {}),
          });
        return true;
      }
      case 'ConstraintTwoActivitiesConsecutive': {
        if (!hard) return false;
        const first = actIdx.get(num(c.First_Activity_Id));
        const second = actIdx.get(num(c.Second_Activity_Id));
        if (first !== undefined && second !== undefined)
          groups.push({
            kind: 'consecutive',
            activities: [first, second],
            minDays: 0,
            hard,
            weight: 1,
            consecutiveIfSameDay: false,
          });
        return true;
      }
      case 'ConstraintTwoActivitiesGrouped':
      case 'ConstraintThreeActivitiesGrouped': {
        if (!hard) return false;
        hardGroup(
          'grouped',
          activitiesOf(
            [c.First_Activity_Id, c.Second_Activity_Id, c.Third_Activity_Id].filter((id) => id !== undefined),
          ),
        );
        return true;
      }
      case 'ConstraintActivitiesSameStartingTime': {
        if (!hard) return false;
        const acts = activitiesOf(c.Activity_Id);
        if (acts.length > 1) sameStart.push(acts);
        return true;
      }
      case 'ConstraintActivitiesSameStartingHour':
      case 'ConstraintActivitiesSameStartingDay': {
        if (!hard) return false;
        hardGroup(
          name === 'ConstraintActivitiesSameStartingHour' ? 'sameHour' : 'sameDay',
          activitiesOf(c.Activity_Id),
        );
        return true;
      }
      case 'ConstraintActivitiesNotOverlapping': {
        if (!hard) return false;
        const r = resources.length;
        resources.push({ kind: 'virtual', name: 'Не пересекаются' });
        for (const a of activitiesOf(c.Activity_Id)) activities[a].resources.push(r);
        return true;
      }
      case 'ConstraintActivityPreferredStartingTime': {
        const a = actIdx.get(num(c.Activity_Id));
        const s = slotOf(c.Preferred_Day, c.Preferred_Hour);
        if (a !== undefined) {
          // A day without an hour (or the reverse) allows every slot of that day (hour).
          const d = dayIdx.get(text(c.Preferred_Day));
          const h = hourIdx.get(text(c.Preferred_Hour));
          const allowed: number[] = [];
          for (let x = 0; x < D * P; x++) {
            if ((d === undefined || Math.floor(x / P) === d) && (h === undefined || x % P === h))
              allowed.push(x);
          }
          timeRule(a, 'starts', s >= 0 ? [s] : allowed);
        }
        return true;
      }
      case 'ConstraintActivityEndsStudentsDay':
      case 'ConstraintActivitiesEndStudentsDay': {
        if (!hard) return false;
        const acts =
          name === 'ConstraintActivityEndsStudentsDay' ? activitiesOf(c.Activity_Id) : filterActs(c);
        for (const a of acts) activities[a].endsStudentsDay = true;
        return true;
      }
      case 'ConstraintActivityPreferredStartingTimes':
      case 'ConstraintActivityPreferredTimeSlots': {
        const a = actIdx.get(num(c.Activity_Id));
        if (a === undefined) return true;
        if (name === 'ConstraintActivityPreferredStartingTimes')
          timeRule(
            a,
            'starts',
            startsOf(c.Preferred_Starting_Time, 'Preferred_Starting_Day', 'Preferred_Starting_Hour'),
          );
        else timeRule(a, 'slots', startsOf(c.Preferred_Time_Slot, 'Preferred_Day', 'Preferred_Hour'));
        return true;
      }
      case 'ConstraintActivitiesPreferredStartingTimes':
      case 'ConstraintActivitiesPreferredTimeSlots': {
        const slots =
          name === 'ConstraintActivitiesPreferredStartingTimes'
            ? startsOf(c.Preferred_Starting_Time, 'Preferred_Starting_Day', 'Preferred_Starting_Hour')
            : startsOf(c.Preferred_Time_Slot, 'Preferred_Day', 'Preferred_Hour');
        for (const a of filterActs(c))
          timeRule(a, name.endsWith('StartingTimes') ? 'starts' : 'slots', slots);
        return true;
      }
      default:
        return false;
    }
  };

  /**
   * Home rooms per activity: FET's teacher home room(s) covers the activities the teacher teaches alone,
   * a students set's those of that set alone; both hold where both apply. A preferred room rule comes first.
   */
  const homeSets = new Map<number, Set<number>>();
  const handleSpace = (name: string, c: Node): boolean => {
    const w = num(c.Weight_Percentage, 100);
    const hard = w >= 100;
    const roomsOf = (c: Node) =>
      (c.Room !== undefined ? [text(c.Room)] : strings(c.Preferred_Room))
        .map((r) => roomIdx.get(r))
        .filter((x): x is number => x !== undefined);
    switch (name) {
      case 'ConstraintBasicCompulsorySpace':
        return true;
      case 'ConstraintRoomNotAvailableTimes': {
        if (!hard) return false;
        const r = roomIdx.get(text(c.Room));
        if (r !== undefined) block(r, startsOf(c.Not_Available_Time, 'Day', 'Hour'));
        return true;
      }
      case 'ConstraintTeacherMaxBuildingChangesPerDay':
      case 'ConstraintTeachersMaxBuildingChangesPerDay':
        limit(c, 'maxBuildingChangesPerDay', num(c.Max_Building_Changes_Per_Day), teachersOf(c));
        return true;
      case 'ConstraintStudentsSetMaxBuildingChangesPerDay':
      case 'ConstraintStudentsMaxBuildingChangesPerDay':
        limit(c, 'maxBuildingChangesPerDay', num(c.Max_Building_Changes_Per_Day), studentsOf(c));
        return true;
      case 'ConstraintTeacherMaxBuildingChangesPerWeek':
      case 'ConstraintTeachersMaxBuildingChangesPerWeek':
        limit(c, 'maxBuildingChangesPerWeek', num(c.Max_Building_Changes_Per_Week), teachersOf(c));
        return true;
      case 'ConstraintStudentsSetMaxBuildingChangesPerWeek':
      case 'ConstraintStudentsMaxBuildingChangesPerWeek':
        limit(c, 'maxBuildingChangesPerWeek', num(c.Max_Building_Changes_Per_Week), studentsOf(c));
        return true;
      case 'ConstraintTeacherMinGapsBetweenBuildingChanges':
      case 'ConstraintTeachersMinGapsBetweenBuildingChanges':
        limit(c, 'minGapsBetweenBuildingChanges', num(c.Min_Gaps_Between_Building_Changes), teachersOf(c));
        return true;
      case 'ConstraintStudentsSetMinGapsBetweenBuildingChanges':
      case 'ConstraintStudentsMinGapsBetweenBuildingChanges':
        limit(c, 'minGapsBetweenBuildingChanges', num(c.Min_Gaps_Between_Building_Changes), studentsOf(c));
        return true;
      case 'ConstraintTeacherHomeRoom':
      case 'ConstraintTeacherHomeRooms':
      case 'ConstraintStudentsSetHomeRoom':
      case 'ConstraintStudentsSetHomeRooms': {
        if (!hard) return false;
        const teacher = name.startsWith('ConstraintTeacher') ? text(c.Teacher) : null;
        const students = teacher === null ? text(c.Students) : null;
        meta.forEach((m, a) => {
          const alone = teacher !== null ? m.teachers : m.students;
          if (alone.length === 1 && alone[0] === (teacher ?? students)) intersect(homeSets, a, roomsOf(c));
        });
        return true;
      }
      case 'ConstraintActivityPreferredRoom':
      case 'ConstraintActivityPreferredRooms': {
        if (!hard) return false;
        const a = actIdx.get(num(c.Activity_Id));
        if (a !== undefined) intersect(roomSets, a, roomsOf(c));
        return true;
      }
      case 'ConstraintSubjectPreferredRoom':
      case 'ConstraintSubjectPreferredRooms':
      case 'ConstraintActivityTagPreferredRoom':
      case 'ConstraintActivityTagPreferredRooms':
      case 'ConstraintSubjectActivityTagPreferredRoom':
      case 'ConstraintSubjectActivityTagPreferredRooms': {
        if (!hard) return false;
        const subject = c.Subject !== undefined ? text(c.Subject) : null;
        const tag = c.Activity_Tag !== undefined ? text(c.Activity_Tag) : null;
        const rooms = roomsOf(c);
        meta.forEach((m, a) => {
          if (subject !== null && m.subject !== subject) return;
          if (tag !== null && !m.tags.includes(tag)) return;
          intersect(roomSets, a, rooms);
        });
        return true;
      }
      default:
        return false;
    }
  };

  for (const [listName, handler] of [
    ['Time_Constraints_List', handleTime],
    ['Space_Constraints_List', handleSpace],
  ] as const) {
    const node = (fet[listName] ?? {}) as Node;
    for (const [name, items] of Object.entries(node)) {
      for (const c of list(items)) {
        if (text(c.Active) === 'false') continue;
        if (!handler(name, c)) unsupported(name, num(c.Weight_Percentage, 100));
      }
    }
  }

  // An activity no preferred room rule places goes to its home room (FET: without a room it breaks it).
  for (const [a, home] of homeSets) if (!roomSets.has(a)) roomSets.set(a, home);
  resources.forEach((r, i) => {
    const l = limits.get(i);
    if (l) r.limits = l;
    const u = unavailable.get(i);
    if (u) r.unavailable = [...new Set(u)];
  });
  activities.forEach((a, i) => {
    const st = startSets.get(i);
    if (st) a.allowedStarts = [...st];
    const sl = slotSets.get(i);
    if (sl) a.allowedSlots = [...sl];
    const rs = roomSets.get(i);
    if (rs) a.roomOptions = [[...rs]];
  });

  const lockedDay = activities.map((_, i) => {
    const starts = startSets.get(i);
    if (!starts || starts.size === 0) return -1;
    const days = new Set([...starts].map((x) => Math.floor(x / P)));
    return days.size === 1 ? [...days][0] : -1;
  });
  const clashes = lockedAgainstSoftRules(
    softMinDays,
    lockedDay,
    dayNames,
    (i) => {
      const m = meta[i];
      return `${m.subject}, ${[...m.teachers, ...m.students].join(', ')}`;
    },
    activityIds,
  );

  const unsupportedList: UnsupportedConstraint[] = [...unsupportedCounts.entries()]
    .map(([name, e]) => ({ name, count: e.count, hard: e.hard }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    instance: {
      days: D,
      periods: P,
      dayNames,
      periodNames,
      resources,
      activities,
      groups,
      sameStart,
      forbiddenSlots: [...new Set(forbiddenSlots)],
      // FET's own measure: only its constraints count; teacher gaps are the extra objective.
      weights: { ...defaultWeights, teacherDays: 0, difficulty: 0, hardFirstLast: 0, teacherGaps: 1 },
      unsupported: unsupportedList,
    },
    activityIds,
    roomName,
    warnings: clashes.map((c) => c.warning),
    lockClashes: clashes.map((c) => c.ids),
  };
}

interface SoftMinDays {
  /** The rule's activity ids as written in the file. */
  ids: number[];
  activities: number[];
  minDays: number;
  percent: number;
}

/**
 * A min-days rule under 100 % whose lessons the file locks to days too close together: every timetable
 * of the file breaks it, so its breaks are no fault of the solver's. FET places a lesson against such a
 * rule only with probability 1 − w/100 for each break it makes at once, each time it tries, and a
 * locked lesson has no other place to try: seen with fet-cl 6.8 at 95 %, one break at once passes
 * (South Africa's Insight Learning Centre: two such rules, solved in 24 s), two or more stop it for
 * good (Brazil's EEBLJ-Diurno: five lessons locked on one Wednesday under «1 day apart», stuck at 8 of
 * 842 lessons). Each such rule with a Russian sentence: which lessons, which days, how many breaks.
 */
function lockedAgainstSoftRules(
  rules: SoftMinDays[],
  lockedDay: number[],
  dayNames: string[],
  describe: (activity: number) => string,
  activityIds: number[],
): Array<{ ids: number[]; warning: string }> {
  const out: Array<{ ids: number[]; warning: string }> = [];
  for (const rule of rules) {
    const locked = rule.activities.filter((a) => lockedDay[a] >= 0);
    const close = (a: number, b: number) => Math.abs(lockedDay[a] - lockedDay[b]) < rule.minDays;
    let breaks = 0;
    for (let i = 0; i < locked.length; i++)
      for (let j = i + 1; j < locked.length; j++) if (close(locked[i], locked[j])) breaks++;
    if (breaks === 0) continue;
    /** The most breaks one lesson makes at once: the last of them FET places. */
    const atOnce = Math.max(...locked.map((a) => locked.filter((b) => b !== a && close(a, b)).length));
    const days = new Map<number, number>();
    for (const a of locked) days.set(lockedDay[a], (days.get(lockedDay[a]) ?? 0) + 1);
    const dayList = [...days.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([d, n]) => (n > 1 ? `${dayNames[d]} ×${n}` : dayNames[d]))
      .join(', ');
    const ids = locked.map((a) => `#${activityIds[a]}`).join(', ');
    const chance = `${Math.round((100 - rule.percent) * 100) / 100} %`;
    out.push({
      ids: rule.ids,
      warning:
        `Уроки ${ids} (${describe(locked[0])}) закреплены в файле на дни ${dayList}, а правило «не менее ${rule.minDays} дн. между уроками» (${rule.percent} %) их разводит: при любом расписании нарушений ${breaks}; Parta считает их мягкими (штраф).` +
        (atOnce > 1
          ? ` Один урок нарушает его сразу ${atOnce} ${plural(atOnce, 'раз', 'раза', 'раз')}, а FET допускает каждое нарушение лишь с вероятностью ${chance} за попытку и на таком файле не завершается.`
          : ''),
    });
  }
  return out;
}
