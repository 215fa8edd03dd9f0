import type { WeekMarks } from '@parta/shared/domain/contracts/journal';
import { groupName, shortName } from '@parta/shared/domain/names';
import { inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { marks } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { schoolToday } from '../clock/clock.service';
import { findRecentMarks, findStudentOfUser } from './week-marks.repository';

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** GET /api/journal/week: the dashboard's «Оценки за неделю» — a student's got, a teacher's given. */
export async function weekMarks(db: Database, actor: Actor, date = schoolToday()): Promise<WeekMarks> {
  const from = addDays(date, -6);
  const student = await findStudentOfUser(db, actor.userId);
  const scope = inScope(actor, marks.organizationId);
  const rows = await findRecentMarks(
    db,
    student ? { studentId: student.id } : { teacherId: actor.userId },
    from,
    date,
    scope,
  );
  const role = student ? 'student' : actor.permissions.has('journals.edit') ? 'teacher' : 'none';
  return {
    role,
    from,
    to: date,
    marks: rows.map((row) => ({
      date: row.date,
      subject_name: row.subject_name,
      group_name: groupName(row),
      student_name: shortName(row),
      value: row.value,
    })),
  };
}
