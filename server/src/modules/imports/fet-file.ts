import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ImportFileError } from './import-file-error';

/**
 * A FET `.fet` file as the import carries it (issue 50): the names and what Parta keeps of them —
 * the grid, teachers, subjects, the students tree (years → groups → subgroups), rooms, the active
 * activities, teachers' not-available times and the permanently locked starts. Pure: no database,
 * no server; run off the API's thread by `parse-thread.ts`. The solver's FET reader (tools/fet) is
 * the bench's and reads what the search needs; this one reads what a school's records need.
 */
export interface FetYear {
  name: string;
  /** Groups and their subgroups, as one flat list of student sets under the year. */
  sets: string[];
}

export interface FetActivity {
  id: number;
  teachers: string[];
  subject: string;
  students: string[];
  duration: number;
}

export interface FetData {
  days: string[];
  hours: string[];
  teachers: string[];
  subjects: string[];
  years: FetYear[];
  rooms: { name: string; capacity: number | null }[];
  activities: FetActivity[];
  /** Teacher → not-available cells as [day index, hour index]. */
  teacherNotAvailable: { teacher: string; cells: [number, number][] }[];
  /** Permanently locked starts: activity id, day index, hour index. */
  locked: { activityId: number; day: number; hour: number }[];
  /** What the file holds that the import does not carry, by name and count. */
  unsupported: { name: string; count: number }[];
}

type Node = Record<string, unknown>;

const list = (x: unknown): Node[] =>
  x === undefined || x === null
    ? []
    : (Array.isArray(x) ? x : [x]).filter((v): v is Node => typeof v === 'object' && v !== null);
const strings = (x: unknown): string[] =>
  x === undefined || x === null
    ? []
    : (Array.isArray(x) ? x : [x]).map((v) => String(v).trim()).filter(Boolean);
const text = (x: unknown): string => (x === undefined || x === null ? '' : String(x).trim());
const flag = (x: unknown, fallback: boolean): boolean => (x === undefined ? fallback : text(x) === 'true');

/** Entities are off: no DTD is expanded, and a file that declares one is refused. */
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
});

/** The file's constraints Parta carries (the rest are listed as not carried). */
const CARRIED = new Set(['ConstraintBasicCompulsoryTime', 'ConstraintBasicCompulsorySpace']);

const fileError = (message: string) => new ImportFileError(message, { file: [message] });

/** Refuses what is not a well-formed XML document before it is parsed: a DTD, a truncated file. */
export function checkXml(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw fileError('Файл содержит объявления DTD или сущностей: такие файлы не принимаются');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw fileError(`Файл повреждён или обрезан: ошибка XML в строке ${valid.err.line} (${valid.err.msg})`);
}

export function readFetFile(xml: string): FetData {
  checkXml(xml);
  const root = (parser.parse(xml) as { fet?: Node }).fet;
  if (!root || typeof root !== 'object') throw fileError('Это не файл FET: нет корневого элемента <fet>');
  const days = list((root.Days_List as Node)?.Day).map((d) => text(d.Name));
  const hours = list((root.Hours_List as Node)?.Hour).map((h) => text(h.Name));
  if (days.length === 0 || hours.length === 0) throw fileError('В файле FET нет дней или часов');
  const dayIdx = new Map(days.map((name, i) => [name, i]));
  const hourIdx = new Map(hours.map((name, i) => [name, i]));

  const teachers = unique(list((root.Teachers_List as Node)?.Teacher).map((t) => text(t.Name)));
  const subjects = unique(list((root.Subjects_List as Node)?.Subject).map((s) => text(s.Name)));
  const years = list((root.Students_List as Node)?.Year).map((y) => ({
    name: text(y.Name),
    sets: unique(list(y.Group).flatMap((g) => [text(g.Name), ...list(g.Subgroup).map((s) => text(s.Name))])),
  }));
  const rooms = list((root.Rooms_List as Node)?.Room).map((r) => {
    const capacity = Number(text(r.Capacity));
    return {
      name: text(r.Name),
      capacity: Number.isInteger(capacity) && capacity >= 1 && capacity <= 1000 ? capacity : null,
    };
  });

  const errors: string[] = [];
  const teacherSet = new Set(teachers);
  const subjectSet = new Set(subjects);
  const studentSets = new Set(years.flatMap((y) => [y.name, ...y.sets]));
  const activities: FetActivity[] = [];
  const unsupported = new Map<string, number>();
  const notCarried = (name: string) => unsupported.set(name, (unsupported.get(name) ?? 0) + 1);
  for (const a of list((root.Activities_List as Node)?.Activity)) {
    if (!flag(a.Active, true)) continue;
    const id = Number(text(a.Id));
    const activity: FetActivity = {
      id,
      teachers: strings(a.Teacher),
      subject: text(a.Subject),
      students: strings(a.Students),
      duration: Number(text(a.Duration)),
    };
    const where = `Занятие ${text(a.Id) || '?'}`;
    if (!Number.isInteger(id) || id < 0) errors.push(`${where}: нет номера`);
    if (!Number.isInteger(activity.duration) || activity.duration < 1 || activity.duration > hours.length)
      errors.push(`${where}: длительность «${text(a.Duration)}» не число часов дня`);
    if (!subjectSet.has(activity.subject))
      errors.push(`${where}: предмет «${activity.subject}» не объявлен в файле`);
    for (const t of activity.teachers)
      if (!teacherSet.has(t)) errors.push(`${where}: учитель «${t}» не объявлен в файле`);
    for (const s of activity.students)
      if (!studentSets.has(s)) errors.push(`${where}: класс или группа «${s}» не объявлены в файле`);
    if (activity.students.length === 0) notCarried('Занятия без учеников');
    else if (activity.teachers.length > 1) notCarried('Второй и следующие учителя занятия');
    if (activity.students.length > 0) activities.push(activity);
  }
  if (errors.length > 0)
    throw new ImportFileError('В файле есть ссылки на то, чего он не объявляет', {
      file: errors.slice(0, 20),
    });

  const activityIds = new Set(activities.map((a) => a.id));
  const teacherNotAvailable = new Map<string, [number, number][]>();
  const locked: FetData['locked'] = [];
  for (const [family, holder] of [
    ['time', root.Time_Constraints_List],
    ['space', root.Space_Constraints_List],
  ] as const) {
    if (!holder || typeof holder !== 'object') continue;
    for (const [name, items] of Object.entries(holder as Node)) {
      for (const c of list(items)) {
        if (!flag(c.Active, true) || CARRIED.has(name)) continue;
        const hard = Number(text(c.Weight_Percentage)) >= 100;
        if (family === 'time' && name === 'ConstraintTeacherNotAvailableTimes' && hard) {
          const cells = list(c.Not_Available_Time).flatMap((t): [number, number][] => {
            const day = dayIdx.get(text(t.Day));
            const hour = hourIdx.get(text(t.Hour));
            return day === undefined || hour === undefined ? [] : [[day, hour]];
          });
          const teacher = text(c.Teacher);
          if (teacherSet.has(teacher))
            teacherNotAvailable.set(teacher, [...(teacherNotAvailable.get(teacher) ?? []), ...cells]);
          continue;
        }
        if (
          family === 'time' &&
          name === 'ConstraintActivityPreferredStartingTime' &&
          hard &&
          flag(c.Permanently_Locked, false)
        ) {
          const activityId = Number(text(c.Activity_Id));
          const day = dayIdx.get(text(c.Preferred_Day));
          const hour = hourIdx.get(text(c.Preferred_Hour));
          if (activityIds.has(activityId) && day !== undefined && hour !== undefined) {
            locked.push({ activityId, day, hour });
            continue;
          }
        }
        notCarried(name);
      }
    }
  }
  return {
    days,
    hours,
    teachers,
    subjects,
    years,
    rooms,
    activities,
    teacherNotAvailable: [...teacherNotAvailable].map(([teacher, cells]) => ({ teacher, cells })),
    locked,
    unsupported: [...unsupported].map(([name, count]) => ({ name, count })),
  };
}

function unique(names: string[]): string[] {
  return [...new Set(names.filter(Boolean))];
}
