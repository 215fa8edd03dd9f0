import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  classes,
  loads,
  organizations,
  rooms,
  subgroups,
  subjects,
  timetableSlots,
  timetableTemplates,
  users,
} from '../../db/schema';
import { findTeacherUnavailability } from './imports.repository';

/** What the FET export of one template reads: the template, and the school's records of its year. */
export async function findTemplate(db: Database, id: number) {
  const [row] = await db
    .select({
      id: timetableTemplates.id,
      organizationId: timetableTemplates.organizationId,
      name: timetableTemplates.name,
      academicYear: timetableTemplates.academicYear,
    })
    .from(timetableTemplates)
    .where(eq(timetableTemplates.id, id));
  return row;
}

export async function findExportRows(
  db: Database,
  organizationId: number,
  academicYear: string,
  templateId: number,
) {
  const [organization] = await db
    .select({ name: organizations.shortName })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const classRows = await db
    .select({ id: classes.id, number: classes.number, letter: classes.letter })
    .from(classes)
    .where(and(eq(classes.organizationId, organizationId), eq(classes.academicYear, academicYear)))
    .orderBy(asc(classes.number), asc(classes.letter));
  const classIds = classRows.map((c) => c.id);
  const loadRows =
    classIds.length === 0
      ? []
      : await db
          .select({
            id: loads.id,
            classId: loads.classId,
            subgroup: subgroups.name,
            subject: subjects.name,
            teacherId: loads.teacherId,
            hours: loads.hoursPerWeek,
          })
          .from(loads)
          .innerJoin(subjects, eq(subjects.id, loads.subjectId))
          .leftJoin(subgroups, eq(subgroups.id, loads.subgroupId))
          .where(inArray(loads.classId, classIds))
          .orderBy(asc(loads.id));
  const staff = await db
    .select({ id: users.id, surname: users.surname, name: users.name, patronymic: users.patronymic })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.kind, 'staff')));
  const subjectRows = await db
    .select({ name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.organizationId, organizationId), eq(subjects.archived, false)));
  const roomRows = await db
    .select({ name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(eq(rooms.organizationId, organizationId));
  const slots = await db
    .select({
      loadId: timetableSlots.loadId,
      weekday: timetableSlots.weekday,
      lesson: timetableSlots.lessonNumber,
    })
    .from(timetableSlots)
    .where(eq(timetableSlots.templateId, templateId));
  const unavailable = await findTeacherUnavailability(db, organizationId);
  return {
    institution: organization?.name ?? '',
    classes: classRows,
    loads: loadRows,
    staff,
    subjects: subjectRows,
    rooms: roomRows,
    slots,
    unavailable,
  };
}
