import type { GenerationFigures } from '@parta/shared/domain/contracts/timetable-generator';
import type { SchoolInstance } from './school-instance';
import type { CheckResult } from './solver/check';
import { unevenDays } from './solver/diagnose';
import type { Assignment } from './solver/model';

/** The most lessons a day СанПиН allows anyone (grades 7–11): the day a завуч looks out for. */
const FULL_DAY = 7;

/**
 * The figures a завуч checks in a generated timetable, per class and per teacher. A class's days are
 * read as its timetable screen shows them: a lesson number counts once whichever of its subgroups
 * has it (parallel subgroups are one lesson of the day). Gaps and late starts are its pupils': the
 * most that any group of them (a student set of the instance) has, from the independent check.
 */
/** Per class: its lessons per day as its timetable screen shows them (a lesson number counts once). */
function classDays(school: SchoolInstance, result: Assignment): Map<number, number[]> {
  const { instance, lineOf } = school;
  const { days: D, periods: P } = instance;
  const slotsOf = new Map<number, Set<number>>();
  result.starts.forEach((s, i) => {
    if (s < 0) return;
    const slots = slotsOf.get(lineOf[i].classId) ?? new Set<number>();
    for (let t = s; t < s + instance.activities[i].duration; t++) slots.add(t);
    slotsOf.set(lineOf[i].classId, slots);
  });
  const days = new Map<number, number[]>();
  for (const cls of school.classes) {
    const slots = slotsOf.get(cls.classId) ?? new Set<number>();
    days.set(
      cls.classId,
      Array.from({ length: D }, (_, d) => {
        let n = 0;
        for (let p = 0; p < P; p++) if (slots.has(d * P + p)) n++;
        return n;
      }),
    );
  }
  return days;
}

/**
 * What the instance's check cannot see, read as the class's screen shows it: a day's lesson numbers
 * over the class's daily maximum when its subgroups have lessons at different times (each subgroup's
 * own day is within it; the class's timetable lists both). Each finding is a hard violation.
 */
export function classScreenProblems(school: SchoolInstance, result: Assignment): string[] {
  const days = classDays(school, result);
  const problems: string[] = [];
  for (const cls of school.classes) {
    const limit = school.instance.resources[cls.atoms[0]]?.limits?.find(
      (l) => l.hard && l.kind === 'maxHoursDaily',
    )?.value;
    if (limit === undefined) continue;
    (days.get(cls.classId) ?? []).forEach((n, d) => {
      if (n > limit)
        problems.push(
          `${cls.name}: ${n} уроков в ${school.instance.dayNames[d] ?? `день ${d + 1}`} при пределе ${limit}`,
        );
    });
  }
  return problems;
}

export function schoolFigures(
  school: SchoolInstance,
  result: Assignment,
  check: CheckResult,
): GenerationFigures {
  const days = classDays(school, result);
  const notes = unevenDays(school.instance);
  const classes = school.classes.map((cls) => {
    const perDay = days.get(cls.classId) ?? [];
    const ofAtoms = cls.atoms.map((r) => check.figures[r]);
    return {
      class_id: cls.classId,
      name: cls.name,
      gaps: Math.max(0, ...ofAtoms.map((f) => f.gaps)),
      late_starts: Math.max(0, ...ofAtoms.map((f) => f.lateStarts)),
      longest_day: Math.max(0, ...perDay),
      shortest_day: perDay.length > 0 ? Math.min(...perDay) : 0,
      days_of_7: perDay.filter((n) => n >= FULL_DAY).length,
      note: cls.atoms.map((r) => notes.get(r)).find((note) => note !== undefined) ?? null,
    };
  });
  const teachers = school.teachers.map((teacher) => {
    const f = check.figures[teacher.resource];
    return {
      teacher_id: teacher.teacherId,
      name: teacher.name,
      gaps: f.gaps,
      days: f.dayLessons.filter((n) => n > 0).length,
      longest_day: Math.max(0, ...f.dayLessons),
      days_of_7: f.dayLessons.filter((n) => n >= FULL_DAY).length,
    };
  });
  return { classes, teachers };
}
