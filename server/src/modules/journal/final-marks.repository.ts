import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { finalMarks, students } from '../../db/schema';
import { joinLesson } from '../timetable/lessons.sql';
import { inSchoolYears } from './journal.sql';

/* What final-marks.service reads and writes: confirmed final marks, term averages, students' classes. */

/** Confirmed final marks of some students over some periods. */
export async function findFinalMarks(db: Database, studentIds: number[], periodIds: number[]) {
  if (studentIds.length === 0 || periodIds.length === 0) return [];
  return db
    .select({
      student_id: finalMarks.studentId,
      subject_id: finalMarks.subjectId,
      period_id: finalMarks.periodId,
      value: finalMarks.value,
    })
    .from(finalMarks)
    .where(and(inArray(finalMarks.studentId, studentIds), inArray(finalMarks.periodId, periodIds)));
}

/** Weighted averages per student × subject × term of a class's lessons (the proposals' source). */
export async function findTermAverages(
  db: Database,
  classId: number,
  terms: { id: number; start_date: string; end_date: string }[],
) {
  if (terms.length === 0) return [];
  const json = JSON.stringify(
    terms.map((term) => ({ id: term.id, start: term.start_date, end: term.end_date })),
  );
  const first = terms.map((term) => term.start_date).sort()[0];
  const last = terms.map((term) => term.end_date).sort()[terms.length - 1];
  return rowsOf<{ student_id: number; subject_id: number; period_id: number; average: string }>(
    db,
    sql`select m.student_id, l.subject_id, t.id as period_id,
               (sum(m.value::int * m.weight) / nullif(sum(m.weight), 0))::text as average
          from marks m
          ${joinLesson('l', sql`m.lesson_id`)}
          join json_to_recordset(${json}::json) as t(id int, start date, "end" date)
            on l.date between t.start and t."end"
         where l.class_id = ${classId} and ${inSchoolYears(sql`m.school_year`, first, last)}
         group by m.student_id, l.subject_id, t.id
        having sum(m.weight) > 0`,
  );
}

/** Where each student sits (class), within the caller's scope. */
export async function findStudentClasses(db: Database, scope: SQL | undefined, studentIds: number[]) {
  const rows = await db
    .select({ id: students.id, classId: students.classId })
    .from(students)
    .where(and(inArray(students.id, studentIds), scope));
  return new Map(rows.filter((row) => row.classId !== null).map((row) => [row.id, row.classId as number]));
}

/** Upserts (or, for null, deletes) final marks and appends each change to the audit trail, atomically. */
export async function writeFinalMarks(
  db: Database,
  userId: number,
  marks: {
    organization_id: number;
    student_id: number;
    subject_id: number;
    period_id: number;
    value: string | null;
  }[],
  /** The school clock's instant (ISO): when the audit trail says the change was made. */
  changedAt: string,
): Promise<{ student_id: number; subject_id: number; period_id: number }[]> {
  const json = JSON.stringify(marks);
  return rowsOf(
    db,
    sql`
    with input as (
      select * from json_to_recordset(${json}::json)
        as r(organization_id int, student_id int, subject_id int, period_id int, value text)
    ),
    old as (
      select f.student_id, f.subject_id, f.period_id, f.value from final_marks f
        join input i using (student_id, subject_id, period_id)
    ),
    upserted as (
      insert into final_marks (organization_id, student_id, subject_id, period_id, value, updated_by)
      select organization_id, student_id, subject_id, period_id, value, ${userId} from input where value is not null
      on conflict (student_id, subject_id, period_id)
      do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()
      returning id
    ),
    removed as (
      delete from final_marks f using input i
       where i.value is null and f.student_id = i.student_id and f.subject_id = i.subject_id and f.period_id = i.period_id
      returning f.id
    )
    insert into mark_audit (organization_id, school_year, entity, student_id, subject_id, period_id, old_value, new_value, user_id, changed_at)
    select i.organization_id, (select school_year_of(p.start_date) from periods p where p.id = i.period_id), 'final_mark', i.student_id, i.subject_id, i.period_id, o.value, i.value, ${userId},
           ${changedAt}::timestamptz
      from input i left join old o using (student_id, subject_id, period_id)
     where o.value is distinct from i.value
    returning student_id, subject_id, period_id`,
  );
}
