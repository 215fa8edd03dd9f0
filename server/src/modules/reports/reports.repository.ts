import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  classes,
  finalMarks,
  ktpItems,
  ktpPlans,
  lessons,
  loads,
  marks,
  students,
  subgroupMembers,
  subjects,
  users,
} from '../../db/schema';

/** Classes a report covers: the period's organization and grades, optionally one class. */
export function reportClasses(organizationId: number, grades: number[], groupId?: number): SQL | undefined {
  return and(
    eq(classes.organizationId, organizationId),
    sql`${classes.number} = any(${`{${grades.join(',')}}`}::smallint[])`,
    groupId === undefined ? undefined : eq(classes.id, groupId),
  );
}

/**
 * The marks a report counts, as a relation (student_id, subject_id, value) joined under the alias
 * `fm`: the period's confirmed final marks, or (mid-term) the values the service worked out.
 */
export type MarkSource = SQL;

export const confirmedFinalMarks = (periodId: number): MarkSource =>
  sql`(select ${finalMarks.studentId} as student_id, ${finalMarks.subjectId} as subject_id, ${finalMarks.value} as value
         from ${finalMarks} where ${finalMarks.periodId} = ${periodId})`;

export const listedMarks = (
  values: readonly { student_id: number; subject_id: number; value: string }[],
): MarkSource =>
  sql`(select * from json_to_recordset(${JSON.stringify(values)}::json)
         as r(student_id int, subject_id int, value text))`;

/** Counts of the marks by report column (shared/domain/reports markCategory, here in SQL), over `fm`. */
const finalMarkCounts = sql.raw(`
  count(fm.value) filter (where fm.value in ('5', 'ЗЧ'))::int as n5,
  count(fm.value) filter (where fm.value = '4')::int as n4,
  count(fm.value) filter (where fm.value = '3')::int as n3,
  count(fm.value) filter (where fm.value in ('1', '2', 'НЗ'))::int as n2,
  count(fm.value) filter (where fm.value = 'Н/А')::int as na,
  count(fm.value) filter (where fm.value = 'осв')::int as exempt,
  coalesce(sum(fm.value::int) filter (where fm.value in ('1','2','3','4','5')), 0)::int as sum,
  count(fm.value) filter (where fm.value in ('1','2','3','4','5'))::int as numeric`);

export interface StudentFinalCounts {
  id: number;
  surname: string;
  name: string;
  classId: number;
  number: number;
  letter: string;
  /** Taught with marks in something: a load line of theirs is graded, or they have no line at all. */
  graded: boolean;
  n5: number;
  n4: number;
  n3: number;
  n2: number;
  na: number;
  exempt: number;
  sum: number;
  numeric: number;
}

/**
 * The load line aliased `alias` is the outer student's: a whole-class line of their class, or a line
 * of a subgroup they sit in.
 */
const lineOfStudent = (alias: string) => {
  const line = sql.raw(alias);
  return sql`${line}.class_id = ${students.classId} and (${line}.subgroup_id is null or exists (
    select 1 from ${subgroupMembers} sm where sm.subgroup_id = ${line}.subgroup_id and sm.student_id = ${students.id}))`;
};

/**
 * Per active student of the classes: their marks of the period over all subjects, counted by
 * column in SQL (one row per student, never one per mark). A subject the student is taught on a
 * line «без отметок» (`loads.graded` false) counts none of its marks; a student all of whose lines
 * are such reads `graded` false. The lines without marks are read once (`ungraded`, a handful, most
 * schools none), so a school without them pays one hashed anti-join.
 */
export function findStudentFinalCounts(db: Database, source: MarkSource, where: SQL | undefined) {
  return rowsOf<StudentFinalCounts>(
    db,
    sql`
      with ungraded as (
        select ${loads.classId} as class_id, ${loads.subgroupId} as subgroup_id, ${loads.subjectId} as subject_id
          from ${loads} where not ${loads.graded}
      )
      select ${students.id} as id, ${students.surname} as surname, ${students.name} as name,
             ${classes.id} as "classId", ${classes.number} as number, ${classes.letter} as letter,
             (not exists (select 1 from ungraded u where ${lineOfStudent('u')})
               or exists (select 1 from ${loads} gl where gl.graded and ${lineOfStudent('gl')})) as graded,
             ${finalMarkCounts}
        from ${students}
        join ${classes} on ${classes.id} = ${students.classId}
        left join ${source} fm on fm.student_id = ${students.id}
          and not exists (select 1 from ungraded u where u.subject_id = fm.subject_id and ${lineOfStudent('u')})
       where ${students.status} = 'active' and ${where ?? sql`true`}
       group by ${students.id}, ${classes.id}
       order by ${classes.number}, ${classes.letter}, ${students.surname}, ${students.name}`,
  );
}

/**
 * Weighted averages Σ(grade·weight)/Σweight per student × subject over the lessons of the dates
 * (the final-marks screen's proposals come from the same figure), for the classes of `where`.
 */
export function findPeriodAverages(db: Database, from: string, to: string, where: SQL | undefined) {
  return rowsOf<{ student_id: number; subject_id: number; average: string }>(
    db,
    sql`
      select m.student_id, l.subject_id,
             (sum(m.value::int * m.weight) / nullif(sum(m.weight), 0))::text as average
        from ${marks} m
        join ${lessons} l on l.id = m.lesson_id
        join ${classes} on ${classes.id} = l.class_id
       where l.date between ${from} and ${to} and ${where ?? sql`true`}
       group by m.student_id, l.subject_id
      having sum(m.weight) > 0`,
  );
}

/** Confirmed final marks of the periods for the students of the classes of `where`. */
export function findConfirmedMarks(db: Database, periodIds: number[], where: SQL | undefined) {
  if (periodIds.length === 0) return Promise.resolve([]);
  return rowsOf<{ student_id: number; subject_id: number; period_id: number; value: string }>(
    db,
    sql`
      select fm.student_id, fm.subject_id, fm.period_id, fm.value
        from ${finalMarks} fm
        join ${students} on ${students.id} = fm.student_id
        join ${classes} on ${classes.id} = ${students.classId}
       where fm.period_id = any(${`{${periodIds.join(',')}}`}::int[]) and ${where ?? sql`true`}`,
  );
}

export interface SubjectFinalCounts {
  classId: number;
  number: number;
  letter: string;
  subjectId: number;
  subjectName: string;
  teacherId: number | null;
  teacherSurname: string | null;
  teacherName: string | null;
  teacherPatronymic: string | null;
  /** The lines' `loads.graded` (a class × subject × teacher with lines of both kinds gives two rows). */
  graded: boolean;
  students: number;
  n5: number;
  n4: number;
  n3: number;
  n2: number;
  na: number;
  exempt: number;
  sum: number;
  numeric: number;
}

/**
 * Per class × subject × teacher of the load: the class's students (a subgroup load: its members)
 * with their final mark of the period in the subject, counted by column.
 *
 * The members of each load come first (the class's active students for a whole-class load, the
 * subgroup's for a split one: two plain joins in a union, so the planner knows there are ~30 per
 * load), then one hash join with the period's final marks; an «or exists» membership test made it
 * guess a handful of rows and look the final marks up student by student (140 → 55 ms on the
 * large seed). `where` filters on loads and classes.
 */
export function findSubjectFinalCounts(db: Database, source: MarkSource, where: SQL | undefined) {
  const filter = where ?? sql`true`;
  return rowsOf<SubjectFinalCounts>(
    db,
    sql`
      with members as (
        select ${loads.id} as load_id, ${students.id} as student_id
          from ${loads} join ${classes} on ${classes.id} = ${loads.classId}
          join ${students} on ${students.classId} = ${loads.classId} and ${students.status} = 'active'
         where ${loads.subgroupId} is null and ${filter}
        union all
        select ${loads.id}, ${students.id}
          from ${loads} join ${classes} on ${classes.id} = ${loads.classId}
          join ${subgroupMembers} on ${subgroupMembers.subgroupId} = ${loads.subgroupId}
          join ${students} on ${students.id} = ${subgroupMembers.studentId}
            and ${students.classId} = ${loads.classId} and ${students.status} = 'active'
         where ${filter}
      )
      select c.id as "classId", c.number, c.letter, s.id as "subjectId", s.name as "subjectName",
             l.teacher_id as "teacherId", u.surname as "teacherSurname", u.name as "teacherName",
             u.patronymic as "teacherPatronymic", l.graded, count(distinct m.student_id)::int as students,
             ${finalMarkCounts}
        from members m
        join ${loads} l on l.id = m.load_id
        join ${classes} c on c.id = l.class_id
        join ${subjects} s on s.id = l.subject_id
        left join ${users} u on u.id = l.teacher_id
        left join ${source} fm on fm.student_id = m.student_id and fm.subject_id = l.subject_id
       group by c.id, s.id, l.teacher_id, u.id, l.graded
       order by c.number, c.letter, s.name, u.surname, u.name, l.teacher_id`,
  );
}

const heldLesson = (from: string, to: string) =>
  and(sql`${lessons.date} between ${from} and ${to}`, ne(lessons.status, 'cancelled'));

const hasText = (column: typeof lessons.topic | typeof lessons.homework) =>
  sql`coalesce(btrim(${column}), '') <> ''`;

const hasMarks = sql`exists (select 1 from ${marks} where ${marks.lessonId} = ${lessons.id})`;

/** A lesson's line is taught with marks (a lesson without a line is: it was graded before the line went). */
const lessonGraded = sql<boolean>`coalesce(${loads.graded}, true)`;

/**
 * Per teacher × class × subject: held lessons and how many have a topic, homework, a grade, a КТП
 * item; `graded` false when every one of them is of a line «без отметок». The grades are looked up per lesson through marks_lesson_student_idx (index-only), cheaper
 * than joining and aggregating the term's ~140,000 grades (measured: 85–120 ms against 175 ms).
 */
export function findCompletion(db: Database, from: string, to: string, where: SQL | undefined) {
  return db
    .select({
      teacherId: lessons.teacherId,
      teacherSurname: users.surname,
      teacherName: users.name,
      teacherPatronymic: users.patronymic,
      classId: classes.id,
      number: classes.number,
      letter: classes.letter,
      subjectId: subjects.id,
      subjectName: subjects.name,
      held: sql<number>`count(*)::int`,
      withTopic: sql<number>`count(*) filter (where ${hasText(lessons.topic)})::int`,
      withHomework: sql<number>`count(*) filter (where ${hasText(lessons.homework)})::int`,
      withMarks: sql<number>`count(*) filter (where ${hasMarks})::int`,
      ktpGiven: sql<number>`count(*) filter (where ${lessons.ktpItemId} is not null)::int`,
      graded: sql<boolean>`bool_or(${lessonGraded})`,
      marks: sql<number>`coalesce(sum((select count(*) from ${marks} where ${marks.lessonId} = ${lessons.id})), 0)::int`,
      students: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')::int`,
    })
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .leftJoin(loads, eq(loads.id, lessons.loadId))
    .where(and(heldLesson(from, to), where))
    .groupBy(lessons.teacherId, users.id, classes.id, subjects.id)
    .orderBy(asc(users.surname), asc(classes.number), asc(classes.letter), asc(subjects.name));
}

/**
 * Per teacher × class × subject: how many of the class's students have at least `minimum(held)`
 * grades — the minimum is computed in SQL from the group's own held lessons (ceil(held / 3)).
 */
export async function findStudentsAtMinimum(db: Database, from: string, to: string, where: SQL | undefined) {
  return rowsOf<{ teacher_id: number | null; class_id: number; subject_id: number; enough: number }>(
    db,
    sql`
    with held as (
      select ${lessons.id} as id, ${lessons.teacherId} as teacher_id, ${lessons.classId} as class_id,
        ${lessons.subjectId} as subject_id
      from ${lessons}
      where ${and(heldLesson(from, to), where)}
    ),
    groups as (
      select teacher_id, class_id, subject_id, ceil(count(*) / 3.0)::int as minimum
      from held group by teacher_id, class_id, subject_id
    ),
    per_student as (
      select h.teacher_id, h.class_id, h.subject_id, m.student_id, count(*) as marks
      from held h join ${marks} m on m.lesson_id = h.id
      group by h.teacher_id, h.class_id, h.subject_id, m.student_id
    )
    select g.teacher_id, g.class_id, g.subject_id, count(p.student_id)::int as enough
    from groups g
    -- coalesce, not «is not distinct from»: an equality the planner can hash (a lesson without a teacher is 0)
    left join per_student p on coalesce(p.teacher_id, 0) = coalesce(g.teacher_id, 0) and p.class_id = g.class_id
      and p.subject_id = g.subject_id and p.marks >= g.minimum
    group by g.teacher_id, g.class_id, g.subject_id`,
  );
}

/** КТП hours planned inside the range, per plan's teacher × class (or parallel) × subject. */
export function findPlannedHours(db: Database, from: string, to: string, where: SQL | undefined) {
  return db
    .select({
      teacherId: ktpPlans.teacherId,
      classId: ktpPlans.classId,
      grade: ktpPlans.grade,
      subjectId: ktpPlans.subjectId,
      hours: sql<number>`coalesce(sum(${ktpItems.hours}) filter (where ${ktpItems.plannedDate} between ${from} and ${to}), 0)::float8`,
    })
    .from(ktpPlans)
    .leftJoin(ktpItems, eq(ktpItems.planId, ktpPlans.id))
    .where(where)
    .groupBy(ktpPlans.id);
}

/** Held lessons without a topic or homework, oldest first (one page, or all), and how many there are. */
export function findGaps(
  db: Database,
  from: string,
  to: string,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
) {
  const missing = and(
    heldLesson(from, to),
    where,
    or(sql`not ${hasText(lessons.topic)}`, sql`not ${hasText(lessons.homework)}`),
  );
  return Promise.all([
    db
      .select({
        id: lessons.id,
        date: lessons.date,
        lessonNumber: lessons.lessonNumber,
        number: classes.number,
        letter: classes.letter,
        subjectName: subjects.name,
        teacherSurname: users.surname,
        teacherName: users.name,
        teacherPatronymic: users.patronymic,
        topic: lessons.topic,
        homework: lessons.homework,
        hasMarks: sql<boolean>`${hasMarks}`,
        graded: lessonGraded,
      })
      .from(lessons)
      .innerJoin(classes, eq(classes.id, lessons.classId))
      .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
      .leftJoin(users, eq(users.id, lessons.teacherId))
      .leftJoin(loads, eq(loads.id, lessons.loadId))
      .where(missing)
      .orderBy(
        asc(lessons.date),
        asc(lessons.lessonNumber),
        asc(classes.number),
        asc(classes.letter),
        asc(lessons.id),
      )
      .limit(page?.limit ?? 1_000_000)
      .offset(page?.offset ?? 0),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(lessons)
      .where(missing)
      .then((rows) => rows[0]?.count ?? 0),
  ]);
}
