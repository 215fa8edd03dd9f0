import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { students } from '../../db/schema';

/* What week-marks.service reads: the marks of the last days, for a teacher or a student. */

/** Marks of the last days: given by a teacher (their lessons) or got by one student. */
export async function findRecentMarks(
  db: Database,
  who: { studentId: number } | { teacherId: number },
  from: string,
  to: string,
  scope: SQL | undefined,
) {
  const whose =
    'studentId' in who ? sql`marks.student_id = ${who.studentId}` : sql`l.teacher_id = ${who.teacherId}`;
  return rowsOf<{
    date: string;
    subject_name: string;
    number: number;
    letter: string;
    surname: string;
    name: string;
    patronymic: string | null;
    value: string;
  }>(
    db,
    sql`select l.date::text as date, sj.name as subject_name, c.number, c.letter,
               st.surname, st.name, st.patronymic, marks.value
          from marks
          join lessons l on l.id = marks.lesson_id
          join subjects sj on sj.id = l.subject_id
          join classes c on c.id = l.class_id
          join students st on st.id = marks.student_id
         where ${whose} and l.date between ${from} and ${to} and ${scope ?? sql`true`}
         order by l.date desc, l.lesson_number desc, marks.id desc
         limit 200`,
  );
}

/** The student record behind a user login, if any. */
export async function findStudentOfUser(db: Database, userId: number) {
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  return row ?? null;
}
