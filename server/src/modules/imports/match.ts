import type { ImportMapping } from '@parta/shared/domain/contracts/imports';
import type { FetPlan, PlannedLoad } from './fet-plan';
import type { School } from './imports.repository';

/**
 * A plan's names matched to a school's records: a teacher by the full name, a subject and a room
 * by name, a class by number and letter within the year — exactly, else closely (`closest`) — a
 * subgroup by name within its class and subject, a load line by class, subgroup, subject and
 * teacher. What the user chose in the preview (`Chosen`: a source to an existing id, or null for
 * «новый») goes before any match. Pure: the preview reads it, and the apply reads it again inside
 * its transaction, creating what is missing.
 */
export const normalName = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

/** The entities whose names the user may map in the preview. */
export const MAPPABLE = ['teachers', 'subjects', 'classes', 'rooms'] as const;
export type Mappable = (typeof MAPPABLE)[number];
export type Chosen = Partial<Record<Mappable, Record<string, number | null>>>;
export type MatchKind = ImportMapping['match'];

/** A name as compared loosely: case, ё/е, punctuation and spaces aside. */
const looseName = (name: string) =>
  normalName(name)
    .replace(/ё/g, 'е')
    .replace(/[.,;:«»"'()-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Levenshtein distance, given up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    if (Math.min(...current) > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** «Иванова А. П.» and «Иванова Анна Петровна»: the same surname, the rest initials of the other. */
function initialsMatch(a: string[], b: string[]): boolean {
  if (a.length !== b.length || a.length < 2 || a[0] !== b[0]) return false;
  return a.slice(1).every((w, i) => {
    const v = b[i + 1];
    return w === v || (w.length === 1 && v.startsWith(w)) || (v.length === 1 && w.startsWith(v));
  });
}

/**
 * The existing record a name closely matches, when exactly one does: the same name loosely, the
 * same person by initials, or a small slip (an edit or two in a long name); `typos` off for names
 * where one letter is all the difference (rooms «101» and «102»).
 */
export function closest(
  name: string,
  records: { id: number; name: string }[],
  typos = true,
): number | undefined {
  const wanted = looseName(name);
  const words = wanted.split(' ');
  const found = new Set<number>();
  for (const r of records) {
    const other = looseName(r.name);
    if (other === wanted || initialsMatch(words, other.split(' '))) found.add(r.id);
  }
  if (found.size === 0 && typos && wanted.length >= 5) {
    const max = wanted.length >= 10 ? 2 : 1;
    // «Учитель 10» and «Учитель 11» are two: a slip is in the letters, never the numbers.
    const digits = (s: string) => s.replace(/\D/g, '');
    for (const r of records) {
      const other = looseName(r.name);
      if (digits(other) === digits(wanted) && editDistance(wanted, other, max) <= max) found.add(r.id);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

export class SchoolMatch {
  readonly teacherIds = new Map<string, number>();
  readonly subjectIds = new Map<string, number>();
  readonly classIds = new Map<string, number>();
  readonly roomByName = new Map<string, { id: number; capacity: number | null }>();
  /** How each mapped name was matched, by entity and source. */
  private readonly how = new Map<string, MatchKind>();
  private readonly subgroupIds = new Map<string, number>();
  private readonly setIds = new Map<string, number>();
  private readonly loadByKey = new Map<string, { id: number; hours: number }>();
  private readonly unavailable = new Set<string>();

  constructor(plan: FetPlan, school: School, chosen: Chosen = {}) {
    const staffNames = school.staff.map((u) => ({
      id: u.id,
      name: [u.surname, u.name, u.patronymic].filter(Boolean).join(' '),
    }));
    const staff = new Map(staffNames.map((u) => [normalName(u.name), u.id]));
    this.staffId = (name) => staff.get(normalName(name)) ?? closest(name, staffNames);
    const pick = (
      entity: Mappable,
      source: string,
      ids: Set<number>,
      exact: number | undefined,
      close: () => number | undefined,
    ): number | undefined => {
      const own = chosen[entity]?.[source];
      if (own === null || (own !== undefined && ids.has(own))) {
        this.how.set(`${entity}|${source}`, 'chosen');
        return own ?? undefined;
      }
      const id = exact ?? close();
      this.how.set(`${entity}|${source}`, id === undefined ? 'new' : exact !== undefined ? 'exact' : 'close');
      return id;
    };
    const staffIds = new Set(staffNames.map((u) => u.id));
    for (const t of plan.teachers) {
      const id = pick(
        'teachers',
        t.source,
        staffIds,
        staff.get(normalName(t.source)) ?? staff.get(normalName(`${t.surname} ${t.name}`)),
        () => closest(t.source, staffNames),
      );
      if (id !== undefined) this.teacherIds.set(t.source, id);
    }
    const subjects = new Map(school.subjects.map((s) => [normalName(s.name), s.id]));
    const subjectIds = new Set(school.subjects.map((s) => s.id));
    for (const name of plan.subjects) {
      const id = pick('subjects', name, subjectIds, subjects.get(normalName(name)), () =>
        closest(name, school.subjects),
      );
      if (id !== undefined) this.subjectIds.set(name, id);
    }
    const classes = new Map(school.classes.map((c) => [`${c.number}${c.letter}`, c.id]));
    const classIds = new Set(school.classes.map((c) => c.id));
    for (const c of plan.classes) {
      const id = pick('classes', c.source, classIds, classes.get(`${c.number}${c.letter}`), () => undefined);
      if (id !== undefined) this.classIds.set(c.source, id);
    }
    const roomNames = new Map(school.rooms.map((r) => [normalName(r.name), r]));
    const roomIds = new Map(school.rooms.map((r) => [r.id, r]));
    for (const r of plan.rooms) {
      const exact = roomNames.get(normalName(r.name))?.id;
      const id = pick('rooms', r.name, new Set(roomIds.keys()), exact, () =>
        closest(r.name, school.rooms, false),
      );
      const room = id === undefined ? undefined : roomIds.get(id);
      if (room) this.roomByName.set(normalName(r.name), { id: room.id, capacity: room.capacity });
    }
    for (const s of school.subgroups) {
      this.setIds.set(`${s.classId}|${s.subjectId}`, s.setId);
      if (s.id !== null && s.name !== null)
        this.subgroupIds.set(`${s.classId}|${s.subjectId}|${s.name}`, s.id);
    }
    for (const cell of school.unavailable)
      this.unavailable.add(`${cell.teacherId}|${cell.weekday}|${cell.lesson}`);
    const planned = new Map(plan.loads.map((l) => [l.key, l]));
    const byIds = new Map<string, string>();
    for (const l of planned.values()) {
      const ids = this.loadIds(l);
      if (ids) byIds.set(JSON.stringify(ids), l.key);
    }
    for (const row of school.loads) {
      const key = byIds.get(JSON.stringify([row.classId, row.subgroupId, row.subjectId, row.teacherId]));
      if (key && !this.loadByKey.has(key)) this.loadByKey.set(key, { id: row.id, hours: Number(row.hours) });
    }
  }

  /** How a name of the file was matched. */
  matchOf(entity: Mappable, source: string): MatchKind {
    return this.how.get(`${entity}|${source}`) ?? 'new';
  }

  /** A staff member of the school by full name (exact, else close): a class teacher of a register. */
  readonly staffId: (name: string) => number | undefined;

  /** The ids a planned line stands on, once its class, subject, subgroup and teacher are known. */
  loadIds(l: Pick<PlannedLoad, 'classSource' | 'subgroup' | 'subject' | 'teacher'>) {
    const classId = this.classIds.get(l.classSource);
    const subjectId = this.subjectIds.get(l.subject);
    const teacherId = l.teacher === null ? null : this.teacherIds.get(l.teacher);
    if (classId === undefined || subjectId === undefined || teacherId === undefined) return undefined;
    const subgroupId = l.subgroup === null ? null : this.subgroupId(classId, subjectId, l.subgroup);
    if (subgroupId === undefined) return undefined;
    return [classId, subgroupId, subjectId, teacherId] as const;
  }

  setId(classId: number, subjectId: number) {
    return this.setIds.get(`${classId}|${subjectId}`);
  }
  addSet(classId: number, subjectId: number, id: number) {
    this.setIds.set(`${classId}|${subjectId}`, id);
  }
  subgroupId(classId: number, subjectId: number, name: string) {
    return this.subgroupIds.get(`${classId}|${subjectId}|${name}`);
  }
  addSubgroup(classId: number, subjectId: number, name: string, id: number) {
    this.subgroupIds.set(`${classId}|${subjectId}|${name}`, id);
  }
  load(l: PlannedLoad | string) {
    return this.loadByKey.get(typeof l === 'string' ? l : l.key);
  }
  addLoad(l: PlannedLoad, id: number) {
    this.loadByKey.set(l.key, { id, hours: l.hours });
  }
  hasUnavailable(teacherId: number, weekday: number, lesson: number) {
    return this.unavailable.has(`${teacherId}|${weekday}|${lesson}`);
  }
}
