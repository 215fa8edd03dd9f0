import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { childrenOfParentSql, joinStudent } from '../students/students.sql';
import { joinLesson } from '../timetable/lessons.sql';
import { inSchoolYears } from './journal.sql';

/** The students a parent account is linked to (the parent's children); `scope` is a condition on `students.organization_id`. */
export async function findChildrenOfParent(db: Database, parentUserId: number, scope: SQL | undefined) {
  const rows = await rowsOf<{ id: number }>(db, childrenOfParentSql(parentUserId, scope ?? sql`true`));
  return rows.map((row) => Number(row.id));
}

/**
 * The school's week: marks per class and subject over [from, to] (count, average), and every class
 * of the current academic year, so the caller can list the ones without marks. `classScope` is a
 * condition on `classes.organization_id`; a class of a child organization (a branch) carries the
 * organization's short name.
 */
export async function findSchoolWeek(
  db: Database,
  ownOrganizationId: number,
  classScope: SQL | undefined,
  from: string,
  to: string,
) {
  const inScope = classScope ?? sql`true`;
  const classList = await rowsOf<{ id: number; number: number; letter: string; branch: string | null }>(
    db,
    sql`select classes.id, classes.number, classes.letter,
               case when classes.organization_id = ${ownOrganizationId} then null else o.short_name end as branch
          from classes join organizations o on o.id = classes.organization_id
         where ${inScope}
           and classes.academic_year = (select max(c2.academic_year) from classes c2
                                         where c2.organization_id = classes.organization_id)
         order by classes.organization_id, classes.number, classes.letter`,
  );
  const perClass = await rowsOf<{
    class_id: number;
    subject_name: string;
    count: number;
    average: string | null;
  }>(
    db,
    sql`select l.class_id, sj.name as subject_name, count(*)::int as count,
               round(avg(marks.value::int), 2)::text as average
          from marks
          ${joinLesson('l', sql`marks.lesson_id`)}
          join subjects sj on sj.id = l.subject_id
         where l.date between ${from} and ${to} and ${inSchoolYears(sql`marks.school_year`, from, to)}
           and l.class_id in (select classes.id from classes where ${inScope})
         group by l.class_id, sj.name
         order by sj.name`,
  );
  return { classList, perClass };
}

/**
 * Marks of the last days, at most 200: given by a teacher (their lessons), got by one student, or got
 * by a parent's children (ordered child by child), newest first.
 */
export async function findRecentMarks(
  db: Database,
  who: { studentId: number } | { teacherId: number } | { childIds: number[] },
  from: string,
  to: string,
  scope: SQL | undefined,
) {
  const whose =
    'studentId' in who
      ? sql`marks.student_id = ${who.studentId}`
      : 'teacherId' in who
        ? sql`l.teacher_id = ${who.teacherId}`
        : sql`marks.student_id in (${sql.join(
            who.childIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const childFirst = 'childIds' in who ? sql`st.surname, st.name, ` : sql``;
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
          ${joinLesson('l', sql`marks.lesson_id`)}
          join subjects sj on sj.id = l.subject_id
          join classes c on c.id = l.class_id
          ${joinStudent('st', sql`marks.student_id`)}
         where ${whose} and l.date between ${from} and ${to} and ${inSchoolYears(sql`marks.school_year`, from, to)}
           and ${scope ?? sql`true`}
         order by ${childFirst}l.date desc, l.lesson_number desc, marks.id desc
         limit 200`,
  );
}
