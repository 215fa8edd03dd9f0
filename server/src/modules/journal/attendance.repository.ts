import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { classLessonsSql, joinLesson } from '../timetable/lessons.sql';
import { inSchoolYears } from './journal.sql';

/* What attendance.service reads: a class's lessons with their attendance marks. */

/** A class's lessons between two dates (not cancelled) with their attendance marks. */
export async function findClassAttendance(db: Database, classId: number, from: string, to: string) {
  const [lessonRows, marks, members] = await Promise.all([
    rowsOf<{ id: number; date: string; lesson_number: number; subgroup_id: number | null }>(
      db,
      classLessonsSql(classId, from, to),
    ),
    rowsOf<{
      student_id: number;
      date: string;
      lesson_number: number;
      subject_name: string;
      value: 'н' | 'б';
    }>(
      db,
      sql`select a.student_id, l.date::text as date, l.lesson_number, s.name as subject_name, a.value
            from attendance a ${joinLesson('l', sql`a.lesson_id`)} join subjects s on s.id = l.subject_id
           where l.class_id = ${classId} and l.date between ${from} and ${to} and l.status <> 'cancelled'
             and ${inSchoolYears(sql`a.school_year`, from, to)}
           order by l.date, l.lesson_number`,
    ),
    rowsOf<{ student_id: number; subgroup_id: number }>(
      db,
      sql`select m.student_id, m.subgroup_id from subgroup_members m
            join subgroup_sets s on s.id = m.set_id where s.class_id = ${classId}`,
    ),
  ]);
  return { lessons: lessonRows, marks, members };
}
