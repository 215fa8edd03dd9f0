import type { ImportEntity, ImportMapping, ImportPreview } from '@parta/shared/domain/contracts/imports';
import type { FetPlan } from './fet-plan';
import type { School } from './imports.repository';
import { normalName, SchoolMatch } from './match';

/** A class's name as the school reads it: «5А». */
export const className = (c: { number: number; letter: string }) => `${c.number}${c.letter}`;

/**
 * What applying the plan would do to the school as it is now: every name with what it maps to
 * (an existing record or a new one), the counts per kind, the hours per class and per teacher,
 * and what the file holds that is not carried. Pure.
 */
export function previewOf(
  plan: FetPlan,
  school: School,
  fileName: string,
  academicYear: string,
): ImportPreview {
  const match = new SchoolMatch(plan, school);
  const mappings: ImportMapping[] = [];
  const counts = {} as ImportPreview['counts'];
  const count = (entity: ImportEntity, total: number, existing: number) => {
    counts[entity] = { total, new: total - existing, existing };
  };
  const map = (entity: ImportEntity, source: string, target: string, id: number | undefined) =>
    mappings.push({
      entity,
      source,
      target,
      target_id: id ?? null,
      match: id === undefined ? 'new' : 'exact',
    });

  for (const t of plan.teachers)
    map('teachers', t.source, `${t.surname} ${t.name}`, match.teacherIds.get(t.source));
  count('teachers', plan.teachers.length, match.teacherIds.size);
  for (const s of plan.subjects) map('subjects', s, s, match.subjectIds.get(s));
  count('subjects', plan.subjects.length, match.subjectIds.size);
  for (const c of plan.classes) map('classes', c.source, className(c), match.classIds.get(c.source));
  count('classes', plan.classes.length, match.classIds.size);
  let rooms = 0;
  for (const r of plan.rooms) {
    const found = match.roomByName.get(normalName(r.name));
    if (found) rooms++;
    map('rooms', r.name, r.name, found?.id);
  }
  count('rooms', plan.rooms.length, rooms);
  const subgroupsFound = plan.subgroups.filter((s) => {
    const classId = match.classIds.get(s.classSource);
    const subjectId = match.subjectIds.get(s.subject);
    return (
      classId !== undefined &&
      subjectId !== undefined &&
      match.subgroupId(classId, subjectId, s.name) !== undefined
    );
  }).length;
  count('subgroups', plan.subgroups.length, subgroupsFound);
  count('loads', plan.loads.length, plan.loads.filter((l) => match.load(l)?.hours === l.hours).length);
  count(
    'unavailable',
    plan.unavailable.length,
    plan.unavailable.filter((u) => {
      const id = match.teacherIds.get(u.teacher);
      return id !== undefined && match.hasUnavailable(id, u.weekday, u.lesson);
    }).length,
  );
  const slots = new Set(school.slots.map((s) => `${s.loadId}|${s.weekday}|${s.lesson}`));
  count(
    'slots',
    plan.slots.length,
    plan.slots.filter((slot) => {
      const load = match.load(slot.loadKey);
      return load !== undefined && slots.has(`${load.id}|${slot.weekday}|${slot.lesson}`);
    }).length,
  );

  const classNameOf = new Map(plan.classes.map((c) => [c.source, className(c)]));
  const hours = (key: (l: FetPlan['loads'][number]) => string | null) => {
    const sums = new Map<string, number>();
    for (const l of plan.loads) {
      const k = key(l);
      if (k !== null) sums.set(k, (sums.get(k) ?? 0) + l.hours);
    }
    return [...sums].map(([name, h]) => ({ name, hours: h }));
  };
  return {
    file_name: fileName,
    academic_year: academicYear,
    days: plan.days,
    lessons_per_day: plan.lessonsPerDay,
    counts,
    mappings,
    // Subgroups' hours are the class's once each (they run side by side): the class's own lines here.
    hours_by_class: hours((l) => (l.subgroup === null ? (classNameOf.get(l.classSource) ?? null) : null)),
    hours_by_teacher: hours((l) => l.teacher),
    unsupported: plan.unsupported,
    creates_staff: plan.teachers.some((t) => !match.teacherIds.has(t.source)),
  };
}
