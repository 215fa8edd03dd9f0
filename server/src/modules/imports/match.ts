import type { FetPlan, PlannedLoad } from './fet-plan';
import type { School } from './imports.repository';

/**
 * A plan's names matched to a school's records (exact matches: a teacher by the full name, a
 * subject and a room by name, a class by number and letter within the year, a subgroup by name
 * within its class and subject, a load line by class, subgroup, subject and teacher). Pure: the
 * preview reads it, and the apply reads it again inside its transaction, creating what is missing.
 */
export const normalName = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

export class SchoolMatch {
  readonly teacherIds = new Map<string, number>();
  readonly subjectIds = new Map<string, number>();
  readonly classIds = new Map<string, number>();
  readonly roomByName = new Map<string, { id: number; capacity: number | null }>();
  private readonly subgroupIds = new Map<string, number>();
  private readonly setIds = new Map<string, number>();
  private readonly loadByKey = new Map<string, { id: number; hours: number }>();
  private readonly unavailable = new Set<string>();

  constructor(plan: FetPlan, school: School) {
    const staff = new Map(
      school.staff.map((u) => [
        normalName([u.surname, u.name, u.patronymic].filter(Boolean).join(' ')),
        u.id,
      ]),
    );
    for (const t of plan.teachers) {
      const id = staff.get(normalName(t.source)) ?? staff.get(normalName(`${t.surname} ${t.name}`));
      if (id !== undefined) this.teacherIds.set(t.source, id);
    }
    const subjects = new Map(school.subjects.map((s) => [normalName(s.name), s.id]));
    for (const name of plan.subjects) {
      const id = subjects.get(normalName(name));
      if (id !== undefined) this.subjectIds.set(name, id);
    }
    const classes = new Map(school.classes.map((c) => [`${c.number}${c.letter}`, c.id]));
    for (const c of plan.classes) {
      const id = classes.get(`${c.number}${c.letter}`);
      if (id !== undefined) this.classIds.set(c.source, id);
    }
    for (const r of school.rooms) this.roomByName.set(normalName(r.name), { id: r.id, capacity: r.capacity });
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
