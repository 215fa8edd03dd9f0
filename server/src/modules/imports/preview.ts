import type { ImportEntity, ImportMapping, ImportPreview } from '@parta/shared/domain/contracts/imports';
import {
  classWeeklyHours,
  sanpinWeeklyMax,
  TEACHER_RATE_HOURS,
  weeklyLoadWarning,
} from '@parta/shared/domain/timetable';
import type { FetPlan } from './fet-plan';
import type { School } from './imports.repository';
import { type Chosen, type Mappable, normalName, SchoolMatch } from './match';

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
  target: { fileName: string; academicYear: string; workingDays: number; chosen?: Chosen },
): ImportPreview {
  const { fileName, academicYear } = target;
  const match = new SchoolMatch(plan, school, target.chosen);
  const mappings: ImportMapping[] = [];
  const counts = {} as ImportPreview['counts'];
  const count = (entity: ImportEntity, total: number, existing: number) => {
    counts[entity] = { total, new: total - existing, existing };
  };
  const names = {
    teachers: new Map(
      school.staff.map((u) => [u.id, [u.surname, u.name, u.patronymic].filter(Boolean).join(' ')]),
    ),
    subjects: new Map(school.subjects.map((s) => [s.id, s.name])),
    classes: new Map(school.classes.map((c) => [c.id, className(c)])),
    rooms: new Map(school.rooms.map((r) => [r.id, r.name])),
  };
  const map = (entity: ImportEntity, source: string, target: string, id: number | undefined) => {
    const how = match.matchOf(entity as Mappable, source);
    mappings.push({
      entity,
      source,
      // A name mapped to an existing record is shown as that record is named.
      target: id === undefined ? target : (names[entity as Mappable]?.get(id) ?? target),
      target_id: id ?? null,
      // «новый» the user chose stays chosen (the apply keeps it even when a record matches).
      match: id === undefined && how !== 'chosen' ? 'new' : how,
    });
  };

  for (const t of plan.teachers)
    map(
      'teachers',
      t.source,
      [t.surname, t.name, t.patronymic].filter(Boolean).join(' '),
      match.teacherIds.get(t.source),
    );
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

  // The class's week as the load screen counts it (classWeeklyHours: a split subject once).
  const subjectIndex = new Map(plan.subjects.map((s, i) => [s, i]));
  const hoursByClass = plan.classes.flatMap((c) => {
    const lines = plan.loads.filter((l) => l.classSource === c.source);
    if (lines.length === 0) return [];
    const hours = classWeeklyHours(
      lines.map((l) => ({
        subject_id: subjectIndex.get(l.subject) ?? -1,
        subgroup_id: l.subgroup === null ? null : 1,
        hours_per_week: l.hours,
      })),
    );
    return [
      {
        name: className(c),
        hours,
        max: sanpinWeeklyMax(c.number, target.workingDays),
        warning: weeklyLoadWarning(c.number, hours, target.workingDays),
      },
    ];
  });
  const teacherHours = new Map<string, number>();
  for (const l of plan.loads)
    if (l.teacher !== null) teacherHours.set(l.teacher, (teacherHours.get(l.teacher) ?? 0) + l.hours);
  return {
    file_name: fileName,
    academic_year: academicYear,
    days: plan.days,
    lessons_per_day: plan.lessonsPerDay,
    counts,
    mappings,
    hours_by_class: hoursByClass,
    hours_by_teacher: [...teacherHours].map(([name, hours]) => ({
      name,
      hours,
      rates: Math.round((hours / TEACHER_RATE_HOURS) * 100) / 100,
    })),
    choices: Object.fromEntries(
      Object.entries(names).map(([entity, byId]) => [
        entity,
        [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'ru')),
      ]),
    ),
    unsupported: plan.unsupported,
    creates_staff: plan.teachers.some((t) => !match.teacherIds.has(t.source)),
  };
}
