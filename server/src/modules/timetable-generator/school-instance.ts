import type { GenerationWeights } from '@parta/shared/domain/contracts/timetable-generator';
import { dailyLimit } from '@parta/shared/domain/timetable';
import type { Activity, Instance, Resource } from './solver/model';

/**
 * A school's load turned into the solver's instance. Student sets: a class is split by each of its
 * subgroup divisions (one per subject); the atoms are the combinations, so a whole-class lesson takes
 * every atom and a subgroup's lesson the atoms of that subgroup. Subgroups of one division with the
 * same hours run in parallel (the usual case: two English groups at once).
 */

export interface SchoolLoadLine {
  id: number;
  classId: number;
  className: string;
  grade: number;
  subgroupId: number | null;
  subjectId: number;
  subjectName: string;
  teacherId: number | null;
  teacherName: string | null;
  hours: number;
}

export interface SchoolDivision {
  classId: number;
  /** Subgroup ids of one division (a subgroup set). */
  subgroupIds: number[];
}

export interface SchoolData {
  workingDays: number;
  maxLessonsPerDay: number;
  lines: SchoolLoadLine[];
  divisions: SchoolDivision[];
}

export const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];

/** СанПиН 1.2.3685-21 difficulty ranks (grades 5–9 column, the scale schools print), by subject name. */
const RANKS: Array<[RegExp, number]> = [
  [/химия/i, 13],
  [/геометри/i, 12],
  [/алгебр|математик/i, 11],
  [/физика/i, 12],
  [/иностран|английск|немецк|французск/i, 10],
  [/русский/i, 10],
  [/информатик/i, 8],
  [/биологи/i, 8],
  [/истори|обществозн/i, 7],
  [/географи/i, 6],
  [/литератур|чтение/i, 5],
  [/окружающ/i, 6],
  [/изо|изобраз/i, 3],
  [/технолог|труд/i, 3],
  [/физическ|физкульт/i, 3],
  [/музык/i, 2],
  [/обж|основы безопасности/i, 2],
];

export function subjectRank(name: string): number {
  for (const [pattern, rank] of RANKS) if (pattern.test(name)) return rank;
  return 4;
}

export interface SchoolInstance {
  instance: Instance;
  /** Load line of each activity. */
  lineOf: SchoolLoadLine[];
}

export function buildSchoolInstance(data: SchoolData, weights: GenerationWeights): SchoolInstance {
  const days = Math.max(1, Math.min(7, data.workingDays));
  const periods = Math.max(1, Math.min(12, data.maxLessonsPerDay));
  const resources: Resource[] = [];
  const teacherIdx = new Map<number, number>();
  const teacherOf = (id: number, name: string) => {
    let i = teacherIdx.get(id);
    if (i === undefined) {
      i = resources.length;
      teacherIdx.set(id, i);
      resources.push({ kind: 'teacher', name });
    }
    return i;
  };

  // Atoms per class: the combinations of its divisions' subgroups.
  const classes = new Map<number, { name: string; grade: number }>();
  for (const line of data.lines) classes.set(line.classId, { name: line.className, grade: line.grade });
  const divisionsOf = new Map<number, number[][]>();
  for (const d of data.divisions) {
    if (!classes.has(d.classId) || d.subgroupIds.length === 0) continue;
    const list = divisionsOf.get(d.classId) ?? [];
    list.push(d.subgroupIds);
    divisionsOf.set(d.classId, list);
  }
  const atomsOfClass = new Map<number, number[]>();
  const atomsOfSubgroup = new Map<number, number[]>();
  for (const [classId, cls] of classes) {
    let combos: number[][] = [[]];
    for (const division of divisionsOf.get(classId) ?? []) {
      if (combos.length * division.length > 64) break;
      combos = combos.flatMap((combo) => division.map((sg) => [...combo, sg]));
    }
    const limit = dailyLimit(cls.grade, periods);
    const atoms = combos.map((combo) => {
      const r = resources.length;
      resources.push({
        kind: 'students',
        name:
          combos.length > 1
            ? `${cls.name} (подгруппа ${combo.length ? combos.indexOf(combo) + 1 : 1})`
            : cls.name,
        limits: [
          { kind: 'maxGapsPerDay', value: 0, hard: true, weight: 1 },
          { kind: 'maxHoursDaily', value: limit, hard: true, weight: 1 },
          { kind: 'earlyStart', value: 0, hard: false, weight: 1 },
        ],
        difficulty: weights.difficulty > 0 || weights.hard_first_last > 0,
      });
      for (const sg of combo) {
        const list = atomsOfSubgroup.get(sg) ?? [];
        list.push(r);
        atomsOfSubgroup.set(sg, list);
      }
      return r;
    });
    atomsOfClass.set(classId, atoms);
  }
  // Name a class's atoms by class only when it is not split.
  const activities: Activity[] = [];
  const lineOf: SchoolLoadLine[] = [];
  const groups: Instance['groups'] = [];
  const byLine = new Map<number, number[]>();
  for (const line of data.lines) {
    const res: number[] = [];
    if (line.teacherId !== null) res.push(teacherOf(line.teacherId, line.teacherName ?? 'Учитель'));
    const atoms =
      line.subgroupId !== null
        ? (atomsOfSubgroup.get(line.subgroupId) ?? atomsOfClass.get(line.classId) ?? [])
        : (atomsOfClass.get(line.classId) ?? []);
    res.push(...atoms);
    const rank = subjectRank(line.subjectName);
    const list: number[] = [];
    for (let h = 0; h < line.hours; h++) {
      list.push(activities.length);
      lineOf.push(line);
      activities.push({
        key: line.id,
        label: `${line.className} ${line.subjectName}${line.teacherName ? ` (${line.teacherName})` : ''}`,
        duration: 1,
        resources: res,
        rank,
      });
    }
    byLine.set(line.id, list);
    // One subject twice a day, and the hours spread over the week.
    if (list.length > 1 && list.length <= days) {
      if (weights.subject_twice_a_day > 0)
        groups.push({
          activities: list,
          minDays: 1,
          hard: false,
          weight: weights.subject_twice_a_day,
          consecutiveIfSameDay: false,
        });
      const spread = Math.floor(days / list.length);
      if (weights.spread > 0 && spread >= 2)
        groups.push({
          activities: list,
          minDays: spread,
          hard: false,
          weight: weights.spread,
          consecutiveIfSameDay: false,
        });
    }
  }
  // Subgroups of one division with equal hours run in parallel.
  const sameStart: number[][] = [];
  for (const d of data.divisions) {
    const lines = data.lines.filter((l) => l.subgroupId !== null && d.subgroupIds.includes(l.subgroupId));
    if (lines.length < 2) continue;
    const bySubject = new Map<number, SchoolLoadLine[]>();
    for (const l of lines) bySubject.set(l.subjectId, [...(bySubject.get(l.subjectId) ?? []), l]);
    for (const same of bySubject.values()) {
      if (same.length < 2 || new Set(same.map((l) => l.subgroupId)).size !== same.length) continue;
      const hours = same[0].hours;
      if (!same.every((l) => l.hours === hours)) continue;
      // Parallel only when the teachers differ (one teacher cannot take both groups at once).
      if (new Set(same.map((l) => l.teacherId)).size !== same.length) continue;
      for (let h = 0; h < hours; h++) sameStart.push(same.map((l) => byLine.get(l.id)![h]));
    }
  }
  return {
    instance: {
      days,
      periods,
      dayNames: DAY_NAMES.slice(0, days),
      periodNames: Array.from({ length: periods }, (_, p) => `${p + 1} урок`),
      resources,
      activities,
      groups,
      sameStart,
      weights: {
        teacherGaps: weights.teacher_gaps,
        teacherDays: weights.teacher_days,
        difficulty: weights.difficulty,
        hardFirstLast: weights.hard_first_last,
        stability: 20,
      },
    },
    lineOf,
  };
}
