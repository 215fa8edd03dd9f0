import type { WeekMarks } from '@parta/shared/domain/contracts/journal';
import { groupName, shortName } from '@parta/shared/domain/names';
import { addDays } from '@parta/shared/domain/timetable';
import { findOwnPupil } from '../../access/pupil';
import { inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes, marks, students } from '../../db/schema';
import { type Actor, can } from '../../plugins/auth';
import { schoolToday } from '../clock/clock.service';
import { findChildrenOfParent, findRecentMarks, findSchoolWeek } from './week-marks.repository';

type MarkRow = Awaited<ReturnType<typeof findRecentMarks>>[number];

const toMark = (row: MarkRow) => ({
  date: row.date,
  subject_name: row.subject_name,
  group_name: groupName(row),
  student_name: shortName(row),
  value: row.value,
});

/** The school's marks per class and subject (director, завуч), with the classes that got none. */
async function schoolWeek(db: Database, actor: Actor, from: string, to: string) {
  const { classList, perClass } = await findSchoolWeek(
    db,
    actor.organizationId,
    inScope(actor, classes.organizationId),
    from,
    to,
  );
  const nameOf = new Map(
    classList.map((row) => [
      Number(row.id),
      row.branch ? `${groupName(row)} · ${row.branch}` : groupName(row),
    ]),
  );
  const withMarks = new Set(perClass.map((row) => Number(row.class_id)));
  const order = new Map(classList.map((row, index) => [Number(row.id), index]));
  return {
    classes: perClass
      .filter((row) => nameOf.has(Number(row.class_id)))
      .sort((a, b) => order.get(Number(a.class_id))! - order.get(Number(b.class_id))!)
      .map((row) => ({
        group_name: nameOf.get(Number(row.class_id))!,
        subject_name: row.subject_name,
        count: Number(row.count),
        average: row.average === null ? null : Number(row.average),
      })),
    classes_without_marks: classList
      .filter((row) => !withMarks.has(Number(row.id)))
      .map((row) => nameOf.get(Number(row.id))!),
  };
}

/**
 * GET /api/journal/week: the dashboard's «Оценки за неделю» over the seven days ending `date` — a
 * student's marks got, a parent's children's, a teacher's given; for a director or завуч (classes.edit)
 * the whole school's week per class and subject.
 */
export async function weekMarks(db: Database, actor: Actor, date = schoolToday()): Promise<WeekMarks> {
  const from = addDays(date, -6);
  const week = { from, to: date, marks: [], classes: [], classes_without_marks: [] };
  const recent = async (who: Parameters<typeof findRecentMarks>[1]) =>
    (await findRecentMarks(db, who, from, date, inScope(actor, marks.organizationId))).map(toMark);
  const student = await findOwnPupil(db, actor.userId);
  if (student) return { ...week, role: 'student', marks: await recent({ studentId: student.id }) };
  if (can(actor, 'classes.edit'))
    return { ...week, role: 'school', ...(await schoolWeek(db, actor, from, date)) };
  if (can(actor, 'journals.edit'))
    return { ...week, role: 'teacher', marks: await recent({ teacherId: actor.userId }) };
  const children = await findChildrenOfParent(db, actor.userId, inScope(actor, students.organizationId));
  if (children.length > 0) return { ...week, role: 'parent', marks: await recent({ childIds: children }) };
  return { ...week, role: 'none' };
}
