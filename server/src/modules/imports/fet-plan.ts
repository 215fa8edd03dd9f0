import type { FetData } from './fet-file';
import { ImportFileError } from './import-file-error';

/**
 * What a FET file becomes in a school's records, by natural keys (names), before any id is known:
 * pure, so the preview and the apply read one plan. Years become classes (a number 1–11 and a
 * Russian letter, read from the year's name where it has them), a year's groups and subgroups the
 * subgroups of the class for each subject they learn apart, activities load lines (hours = their
 * durations summed per class or subgroup, subject and teacher; split activities are lessons of one
 * line), teachers' not-available times availability, locked activities a template's slots.
 */
export interface PlannedLoad {
  key: string;
  classSource: string;
  subgroup: string | null;
  subject: string;
  teacher: string | null;
  hours: number;
  row?: number;
}

/** A staff member: a file's teacher, or a row of the staff register with its account's details. */
export interface PlannedTeacher {
  source: string;
  surname: string;
  name: string;
  patronymic?: string | null;
  login?: string | null;
  email?: string | null;
  /** Role names (the staff register's); none: the teacher role. */
  roles?: string[];
  /** The register's row, for a refusal that names it. */
  row?: number;
}

export interface PlannedClass {
  source: string;
  number: number;
  letter: string;
  /** The class teacher's full name (the classes register's), an existing staff member. */
  manager?: string | null;
  row?: number;
}

/**
 * The one plan every kind of file becomes (FET, aSc, the Excel registers); the preview and the apply
 * read only it. A register that says nothing of the week leaves `days` and `lessonsPerDay` null.
 */
export interface FetPlan {
  days: number | null;
  lessonsPerDay: number | null;
  teachers: PlannedTeacher[];
  subjects: string[];
  classes: PlannedClass[];
  rooms: { name: string; capacity: number | null }[];
  /** Subgroups by class source and subject. */
  subgroups: { classSource: string; subject: string; name: string }[];
  loads: PlannedLoad[];
  unavailable: { teacher: string; weekday: number; lesson: number }[];
  slots: { loadKey: string; weekday: number; lesson: number }[];
  unsupported: { name: string; count: number }[];
}

/** Parta's week: at most 7 days and 12 lessons a day. */
const MAX_DAYS = 7;
const MAX_LESSONS = 12;
/** Letters a class may have, in the order they are given out. */
const LETTERS = 'АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ';
const MAX_NAME = 50;

export const loadKey = (l: Pick<PlannedLoad, 'classSource' | 'subgroup' | 'subject' | 'teacher'>) =>
  JSON.stringify([l.classSource, l.subgroup, l.subject, l.teacher]);

/** «Иванов Иван Иванович» → surname «Иванов», name «Иван Иванович»; one word is both. */
export function splitTeacherName(source: string): { surname: string; name: string } {
  const words = source.split(/\s+/).filter(Boolean);
  return { surname: words[0] ?? source, name: words.slice(1).join(' ') || words[0] || source };
}

/** Classes from the years: «5А», «5 А», «Year 7» keep their number (and letter); the rest are given one (5–11). */
export function classNames(years: string[]): { source: string; number: number; letter: string }[] {
  const used = new Set<string>();
  const wanted = years.map((source, index) => {
    const digits = source.match(/\d+/);
    const n = digits ? Number(digits[0]) : Number.NaN;
    // A year with no grade in its name is taken for a secondary school's (5–11: no primary day limits).
    const number = n >= 1 && n <= 11 ? n : 5 + (index % 7);
    const letter = source.toUpperCase().match(/[А-ЯЁ]/)?.[0] ?? null;
    return { source, number, letter };
  });
  const named = wanted.map((w) => {
    const key = `${w.number}${w.letter}`;
    if (w.letter && !used.has(key)) {
      used.add(key);
      return { ...w, letter: w.letter };
    }
    return { ...w, letter: null as string | null };
  });
  return named.map((w) => {
    if (w.letter) return { source: w.source, number: w.number, letter: w.letter };
    const letter = [...LETTERS].find((l) => !used.has(`${w.number}${l}`));
    if (!letter)
      throw new ImportFileError('Слишком много классов одной параллели', {
        file: [`Для года «${w.source}» не осталось букв класса`],
      });
    used.add(`${w.number}${letter}`);
    return { source: w.source, number: w.number, letter };
  });
}

export function planFet(data: FetData): FetPlan {
  if (data.days.length > MAX_DAYS || data.hours.length > MAX_LESSONS)
    throw new ImportFileError('Сетка файла больше недели Parta', {
      file: [
        `В файле ${data.days.length} дн. и ${data.hours.length} ч.; Parta держит до 7 дней и 12 уроков в день`,
      ],
    });
  const classes = classNames(data.years.map((y) => y.name));
  const yearOfSet = new Map<string, string>();
  for (const y of data.years) {
    yearOfSet.set(y.name, y.name);
    for (const set of y.sets) if (!yearOfSet.has(set)) yearOfSet.set(set, y.name);
  }
  const loads = new Map<string, PlannedLoad>();
  const subgroups = new Map<string, { classSource: string; subject: string; name: string }>();
  const activityLoad = new Map<number, string[]>();
  for (const a of data.activities) {
    const teacher = a.teachers[0] ?? null;
    for (const students of new Set(a.students)) {
      const classSource = yearOfSet.get(students)!;
      const subgroup = students === classSource ? null : students.slice(0, MAX_NAME);
      if (subgroup)
        subgroups.set(JSON.stringify([classSource, a.subject, subgroup]), {
          classSource,
          subject: a.subject,
          name: subgroup,
        });
      const line = { classSource, subgroup, subject: a.subject, teacher };
      const key = loadKey(line);
      const planned = loads.get(key) ?? { ...line, key, hours: 0 };
      planned.hours += a.duration;
      loads.set(key, planned);
      activityLoad.set(a.id, [...(activityLoad.get(a.id) ?? []), key]);
    }
  }
  const duration = new Map(data.activities.map((a) => [a.id, a.duration]));
  const slots = data.locked.flatMap(({ activityId, day, hour }) =>
    (activityLoad.get(activityId) ?? []).flatMap((key) =>
      Array.from({ length: duration.get(activityId) ?? 1 }, (_, k) => ({
        loadKey: key,
        weekday: day + 1,
        lesson: hour + 1 + k,
      })).filter((slot) => slot.lesson <= data.hours.length),
    ),
  );
  const unavailable = data.teacherNotAvailable.flatMap(({ teacher, cells }) =>
    [...new Set(cells.map(([day, hour]) => `${day + 1}|${hour + 1}`))].map((cell) => {
      const [weekday, lesson] = cell.split('|').map(Number);
      return { teacher, weekday, lesson };
    }),
  );
  const usedSubjects = new Set(data.activities.map((a) => a.subject));
  return {
    days: data.days.length,
    lessonsPerDay: data.hours.length,
    teachers: data.teachers.map((source) => ({ source, ...splitTeacherName(source) })),
    // Every subject declared; one only in inactive activities is a subject too.
    subjects: [...new Set([...data.subjects, ...usedSubjects])],
    classes,
    rooms: data.rooms.filter((r) => r.name),
    subgroups: [...subgroups.values()],
    loads: [...loads.values()].map((l) => ({ ...l, hours: Math.min(l.hours, 40) })),
    unavailable,
    slots,
    unsupported: data.unsupported,
  };
}
