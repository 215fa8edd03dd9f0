import { plural } from '@parta/shared/domain/plural';
import { XMLParser } from 'fast-xml-parser';
import {
  defaultWeights,
  type Instance,
  type UnsupportedConstraint,
} from '../../modules/timetable-generator/solver/model';
import { readConstraints, SPACE_CONSTRAINTS, TIME_CONSTRAINTS } from './fet-constraints';
import { FetReading, type Grid, list, type Node, num, type SoftMinDays, strings, text } from './fet-reading';

/**
 * Reads a FET `.fet` file into the solver's instance: days, hours, subjects, teachers, the students
 * tree (years → groups → subgroups; the atomic sets are the leaves), activities (split ones stay
 * separate activities joined by FET's own min-days constraints), rooms, and the time and space
 * constraints schools use most. Anything else is listed by name and count in `unsupported`.
 */

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

/**
 * The file read in the order FET defines it: the grid of days and hours, who and where (teachers, the
 * students tree, rooms), the activities, then each time and space constraint by its family; what is
 * gathered becomes the solver's instance.
 */
export function readFet(xml: string): FetModel {
  const fet = parseFet(xml);
  const r = new FetReading(readDaysAndHours(fet));
  readTeachers(r, fet);
  readStudents(r, fet);
  readRooms(r, fet);
  readActivities(r, fet);
  readConstraints(r, fet.Time_Constraints_List, TIME_CONSTRAINTS);
  readConstraints(r, fet.Space_Constraints_List, SPACE_CONSTRAINTS);
  sendToHomeRooms(r);
  const clashes = lockedAgainstSoftRules(
    r.softMinDays,
    lockedDays(r),
    r.dayNames,
    (i) => r.describe(i),
    r.activityIds,
  );
  return {
    instance: toInstance(r),
    activityIds: r.activityIds,
    roomName: r.roomName,
    warnings: clashes.map((c) => c.warning),
    lockClashes: clashes.map((c) => c.ids),
  };
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  // FET keeps names exactly as typed (trailing spaces and tabs included).
  trimValues: false,
  processEntities: true,
});

function parseFet(xml: string): Node {
  const doc = parser.parse(xml) as { fet?: Node };
  const fet = doc.fet;
  if (!fet) throw new Error('Это не файл FET: нет корневого элемента <fet>');
  return fet;
}

function readDaysAndHours(fet: Node): Grid {
  const dayNames = list((fet.Days_List as Node)?.Day).map((d) => text(d.Name));
  const periodNames = list((fet.Hours_List as Node)?.Hour).map((h) => text(h.Name));
  if (dayNames.length === 0 || periodNames.length === 0) throw new Error('В файле FET нет дней или часов');
  return {
    dayNames,
    periodNames,
    dayIdx: new Map(dayNames.map((n, i) => [n, i])),
    hourIdx: new Map(periodNames.map((n, i) => [n, i])),
  };
}

function readTeachers(r: FetReading, fet: Node): void {
  for (const t of list((fet.Teachers_List as Node)?.Teacher)) {
    r.teacherIdx.set(text(t.Name), r.resources.length);
    r.resources.push({ kind: 'teacher', name: text(t.Name) });
  }
}

/** The students tree: years → groups → subgroups, each set mapped to the atomic sets under it. */
function readStudents(r: FetReading, fet: Node): void {
  const atom = (name: string): number => {
    let i = r.atomicIdx.get(name);
    if (i === undefined) {
      i = r.resources.length;
      r.atomicIdx.set(name, i);
      r.resources.push({ kind: 'students', name });
    }
    return i;
  };
  const addTo = (set: string, atoms: number[]) => {
    let s = r.setAtoms.get(set);
    if (!s) {
      s = new Set();
      r.setAtoms.set(set, s);
    }
    for (const a of atoms) s.add(a);
  };
  for (const y of list((fet.Students_List as Node)?.Year)) {
    const yName = text(y.Name);
    r.setSize.set(yName, num(y.Number_of_Students));
    const groups = list(y.Group);
    if (groups.length === 0) addTo(yName, [atom(yName)]);
    for (const g of groups) {
      const gName = text(g.Name);
      r.setSize.set(gName, num(g.Number_of_Students));
      const subs = list(g.Subgroup);
      const atoms =
        subs.length === 0
          ? [atom(gName)]
          : subs.map((s) => {
              r.setSize.set(text(s.Name), num(s.Number_of_Students));
              addTo(text(s.Name), [atom(text(s.Name))]);
              return atom(text(s.Name));
            });
      addTo(gName, atoms);
      addTo(yName, atoms);
    }
  }
}

function readRooms(r: FetReading, fet: Node): void {
  for (const room of list((fet.Rooms_List as Node)?.Room)) {
    if (text(room.Virtual) === 'true') r.unsupported('Virtual room', 100);
    const i = r.resources.length;
    r.roomIdx.set(text(room.Name), i);
    r.roomName.set(i, text(room.Name));
    const building = text(room.Building);
    r.resources.push({
      kind: 'room',
      name: text(room.Name),
      capacity: num(room.Capacity),
      ...(building ? { building } : {}),
    });
  }
}

/** Activities (inactive ones are left out, as FET does). */
function readActivities(r: FetReading, fet: Node): void {
  for (const a of list((fet.Activities_List as Node)?.Activity)) {
    if (text(a.Active) === 'false') continue;
    const id = num(a.Id);
    const teachers = strings(a.Teacher);
    const students = strings(a.Students);
    const subject = text(a.Subject);
    const res = new Set<number>();
    for (const t of teachers) {
      const ti = r.teacherIdx.get(t);
      if (ti !== undefined) res.add(ti);
    }
    let size = 0;
    for (const s of students) {
      for (const x of r.setAtoms.get(s) ?? []) res.add(x);
      size += r.setSize.get(s) ?? 0;
    }
    // FET writes an activity's own number of students only when the user gave it (the count is not
    // the sets'): Hungary's Bethlen college has 36 of a class of 38 in a 36-seat art room.
    if (a.Number_Of_Students !== undefined) size = num(a.Number_Of_Students);
    r.actIdx.set(id, r.activities.length);
    r.activityIds.push(id);
    r.meta.push({ teachers, students, subject, tags: strings(a.Activity_Tag) });
    r.activities.push({
      key: id,
      label: `${subject} (${[...teachers, ...students].join(', ')}) #${id}`,
      duration: Math.max(1, num(a.Duration, 1)),
      resources: [...res],
      size,
    });
  }
}

/** An activity no preferred room rule places goes to its home room (FET: without a room it breaks it). */
function sendToHomeRooms(r: FetReading): void {
  for (const [a, home] of r.homeSets) if (!r.roomSets.has(a)) r.roomSets.set(a, home);
}

/** The day each activity is locked to by its allowed starts (-1: none, or more than one day). */
function lockedDays(r: FetReading): number[] {
  return r.activities.map((_, i) => {
    const starts = r.startSets.get(i);
    if (!starts || starts.size === 0) return -1;
    const days = new Set([...starts].map((x) => Math.floor(x / r.P)));
    return days.size === 1 ? [...days][0] : -1;
  });
}

/** The solver's instance: each resource with its limits and unavailable slots, each activity with its allowed starts, slots and rooms. */
function toInstance(r: FetReading): Instance {
  r.resources.forEach((res, i) => {
    const l = r.limits.get(i);
    if (l) res.limits = l;
    const u = r.unavailable.get(i);
    if (u) res.unavailable = [...new Set(u)];
  });
  r.activities.forEach((a, i) => {
    const st = r.startSets.get(i);
    if (st) a.allowedStarts = [...st];
    const sl = r.slotSets.get(i);
    if (sl) a.allowedSlots = [...sl];
    const rs = r.roomSets.get(i);
    if (rs) a.roomOptions = [[...rs]];
  });
  const unsupported: UnsupportedConstraint[] = [...r.unsupportedCounts.entries()]
    .map(([name, e]) => ({ name, count: e.count, hard: e.hard }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    days: r.D,
    periods: r.P,
    dayNames: r.dayNames,
    periodNames: r.periodNames,
    resources: r.resources,
    activities: r.activities,
    groups: r.groups,
    sameStart: r.sameStart,
    forbiddenSlots: [...new Set(r.forbiddenSlots)],
    // FET's own measure: only its constraints count; teacher gaps are the extra objective.
    weights: { ...defaultWeights, teacherDays: 0, difficulty: 0, hardFirstLast: 0, teacherGaps: 1 },
    unsupported,
  };
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
