import type { AscData } from './asc-file';
import { classNames, type FetPlan, loadKey, type PlannedLoad, splitTeacherName } from './fet-plan';
import { ImportFileError } from './import-file-error';

/**
 * What an aSc Timetables file becomes in a school's records: the same plan a FET file becomes
 * (fet-plan.ts), so the preview and the apply are one. Classes keep their number and letter
 * («5А»), a lesson's groups the subgroups of the class for its subject, lessons load lines (hours =
 * the file's periods per week, summed per class or subgroup, subject and teacher; a lesson of
 * several classes is a line per class), placed cards a template's slots.
 */
const MAX_DAYS = 7;
const MAX_LESSONS = 12;
const MAX_NAME = 50;

export function planAsc(data: AscData): FetPlan {
  if (data.days > MAX_DAYS || data.periods > MAX_LESSONS)
    throw new ImportFileError('Сетка файла больше недели Parta', {
      file: [`В файле ${data.days} дн. и ${data.periods} ур.; Parta держит до 7 дней и 12 уроков в день`],
    });
  const classes = classNames(data.classes);
  const loads = new Map<string, PlannedLoad>();
  const subgroups = new Map<string, { classSource: string; subject: string; name: string }>();
  const lessonLoads = new Map<string, string[]>();
  const perCard = new Map<string, number>();
  for (const lesson of data.lessons) {
    perCard.set(lesson.id, lesson.periodsPerCard);
    const teacher = lesson.teachers[0] ?? null;
    for (const c of lesson.classes) {
      for (const group of c.groups.length === 0 ? [null] : c.groups) {
        const subgroup = group === null ? null : group.slice(0, MAX_NAME);
        if (subgroup)
          subgroups.set(JSON.stringify([c.name, lesson.subject, subgroup]), {
            classSource: c.name,
            subject: lesson.subject,
            name: subgroup,
          });
        const line = { classSource: c.name, subgroup, subject: lesson.subject, teacher };
        const key = loadKey(line);
        const planned = loads.get(key) ?? { ...line, key, hours: 0 };
        planned.hours += lesson.periodsPerWeek;
        loads.set(key, planned);
        lessonLoads.set(lesson.id, [...(lessonLoads.get(lesson.id) ?? []), key]);
      }
    }
  }
  const seen = new Set<string>();
  const slots = data.cards.flatMap(({ lessonId, day, period }) =>
    (lessonLoads.get(lessonId) ?? []).flatMap((key) =>
      Array.from({ length: perCard.get(lessonId) ?? 1 }, (_, k) => ({
        loadKey: key,
        weekday: day + 1,
        lesson: period + 1 + k,
      })).filter((slot) => {
        const id = `${slot.loadKey}|${slot.weekday}|${slot.lesson}`;
        if (slot.lesson > data.periods || seen.has(id)) return false;
        seen.add(id);
        return true;
      }),
    ),
  );
  return {
    days: data.days,
    lessonsPerDay: data.periods,
    teachers: data.teachers.map((source) => ({ source, ...splitTeacherName(source) })),
    subjects: [...new Set([...data.subjects, ...data.lessons.map((l) => l.subject)])],
    classes,
    rooms: data.rooms,
    subgroups: [...subgroups.values()],
    // Parta keeps a line's hours to one decimal, at most 40 a week.
    loads: [...loads.values()].map((l) => ({ ...l, hours: Math.min(Math.round(l.hours * 10) / 10, 40) })),
    unavailable: [],
    slots,
    unsupported: data.unsupported,
  };
}
