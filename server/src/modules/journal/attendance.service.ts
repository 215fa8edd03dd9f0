import type { AttendanceQueryParsed, AttendanceReport } from '@parta/shared/domain/contracts/journal';
import { groupName } from '@parta/shared/domain/names';
import { findInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { findClassAttendance } from './attendance.repository';
import { findJournalStudents } from './journal.repository';

/**
 * GET /api/journal/attendance: н/б of a class's students per day and lesson over a date range, with
 * totals per student: lessons missed, whole days missed (every lesson of the student's day), and
 * of both those by illness (б).
 */
export async function attendanceReport(
  db: Database,
  actor: Actor,
  query: AttendanceQueryParsed,
): Promise<AttendanceReport> {
  const classRow = await findInScope(db, actor, classes, query.group_id, 'Класс не найден');
  const [students, data] = await Promise.all([
    findJournalStudents(db, classRow.id, null),
    findClassAttendance(db, classRow.id, query.from, query.to),
  ]);
  const subgroupsOf = new Map<number, Set<number>>();
  for (const member of data.members) {
    const set = subgroupsOf.get(member.student_id) ?? new Set<number>();
    set.add(member.subgroup_id);
    subgroupsOf.set(member.student_id, set);
  }
  const dates = [...new Set(data.lessons.map((lesson) => lesson.date))].sort();
  const totals = students.map((student) => {
    const mine = subgroupsOf.get(student.id) ?? new Set<number>();
    const lessonsOfDay = new Map<string, number>();
    for (const lesson of data.lessons) {
      if (lesson.subgroup_id === null || mine.has(lesson.subgroup_id)) {
        lessonsOfDay.set(lesson.date, (lessonsOfDay.get(lesson.date) ?? 0) + 1);
      }
    }
    const missedOfDay = new Map<string, { all: number; ill: number }>();
    let lessons = 0;
    let lessonsIll = 0;
    for (const mark of data.marks) {
      if (mark.student_id !== student.id) continue;
      lessons++;
      if (mark.value === 'б') lessonsIll++;
      const day = missedOfDay.get(mark.date) ?? { all: 0, ill: 0 };
      day.all++;
      if (mark.value === 'б') day.ill++;
      missedOfDay.set(mark.date, day);
    }
    let days = 0;
    let daysIll = 0;
    for (const [date, day] of missedOfDay) {
      if (day.all >= (lessonsOfDay.get(date) ?? Number.POSITIVE_INFINITY)) {
        days++;
        if (day.ill === day.all) daysIll++;
      }
    }
    return { student_id: student.id, lessons, lessons_ill: lessonsIll, days, days_ill: daysIll };
  });
  const studentIds = new Set(students.map((student) => student.id));
  return {
    group_id: classRow.id,
    group_name: groupName(classRow),
    from: query.from,
    to: query.to,
    students,
    dates,
    marks: data.marks.filter((mark) => studentIds.has(mark.student_id)),
    totals,
  };
}
