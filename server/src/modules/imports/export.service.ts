import { parseSettings, WEEK_DAYS } from '@parta/shared/domain/week';
import { isInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { settingsOf } from '../settings/settings.service';
import { findExportRows, findTemplate } from './export.repository';
import { type ExportSchool, writeFetFile } from './fet-export';
import { className } from './preview';

const TEMPLATE_NOT_FOUND = 'Шаблон расписания не найден';

/** A teacher's name as the export writes it (and the import reads back to the same account). */
function teacherName(u: { surname: string; name: string; patronymic: string | null }): string {
  if (u.surname === u.name && !u.patronymic) return u.surname;
  return [u.surname, u.name, u.patronymic].filter(Boolean).join(' ');
}

/**
 * GET /api/timetable/templates/{id}/fet: the school with this template as a FET file (its file name
 * the template's, so importing it back keeps its slots in this very template: nothing changes).
 */
export async function exportTemplateToFet(
  db: Database,
  actor: Actor,
  templateId: number,
): Promise<{ fileName: string; text: string }> {
  const template = await findTemplate(db, templateId);
  if (!template || !isInScope(actor, template.organizationId)) throw notFound(TEMPLATE_NOT_FOUND);
  const settings = parseSettings(await settingsOf(db, template.organizationId));
  const rows = await findExportRows(db, template.organizationId, template.academicYear, template.id);
  const teacherOf = new Map(rows.staff.map((u) => [u.id, teacherName(u)]));
  const classOf = new Map(rows.classes.map((c) => [c.id, className(c)]));
  // A subgroup's name is its FET group's where no other class has one of that name; else the class's name leads.
  const classesOfName = new Map<string, Set<number>>();
  for (const l of rows.loads)
    if (l.subgroup !== null)
      classesOfName.set(l.subgroup, (classesOfName.get(l.subgroup) ?? new Set()).add(l.classId));
  const groupName = (classId: number, name: string) =>
    (classesOfName.get(name)?.size ?? 0) > 1 ? `${classOf.get(classId)} ${name}` : name;
  const loads = rows.loads.map((l) => ({
    id: l.id,
    className: classOf.get(l.classId) ?? '',
    subgroup: l.subgroup === null ? null : groupName(l.classId, l.subgroup),
    subject: l.subject,
    teacher: l.teacherId === null ? null : (teacherOf.get(l.teacherId) ?? null),
    hours: Number(l.hours),
  }));
  const usedTeachers = new Set(loads.flatMap((l) => (l.teacher ? [l.teacher] : [])));
  const school: ExportSchool = {
    institution: rows.institution,
    dayNames: WEEK_DAYS.slice(0, settings.working_days_per_week),
    lessons: settings.max_lessons_per_day,
    teachers: [...usedTeachers],
    subjects: [...new Set([...rows.subjects.map((s) => s.name), ...loads.map((l) => l.subject)])],
    classes: rows.classes.map((c) => ({
      name: className(c),
      subgroups: [
        ...new Set(
          loads.filter((l) => l.className === className(c) && l.subgroup).map((l) => l.subgroup as string),
        ),
      ],
    })),
    rooms: rows.rooms,
    loads,
    slots: rows.slots,
    unavailable: rows.unavailable.flatMap((u) => {
      const teacher = u.teacherId === null ? undefined : teacherOf.get(u.teacherId);
      return teacher && usedTeachers.has(teacher) ? [{ teacher, weekday: u.weekday, lesson: u.lesson }] : [];
    }),
  };
  return { fileName: `${template.name}.fet`, text: writeFetFile(school) };
}
