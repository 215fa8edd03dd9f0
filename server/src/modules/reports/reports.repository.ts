import { and, asc, eq, exists, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** Counts of final marks by report column (shared/domain/reports markCategory, here in SQL). */
const markCounts = {
  n5: sql<number>`count(*) filter (where ${finalMarks.value} in ('5', 'ЗЧ'))::int`,
  n4: sql<number>`count(*) filter (where ${finalMarks.value} = '4')::int`,
  n3: sql<number>`count(*) filter (where ${finalMarks.value} = '3')::int`,
  n2: sql<number>`count(*) filter (where ${finalMarks.value} in ('1', '2', 'НЗ'))::int`,
  na: sql<number>`count(*) filter (where ${finalMarks.value} = 'Н/А')::int`,
  exempt: sql<number>`count(*) filter (where ${finalMarks.value} = 'осв')::int`,
  /** Σ and count of the numeric marks, for the average. */
  sum: sql<number>`coalesce(sum(${finalMarks.value}::int) filter (where ${finalMarks.value} in ('1','2','3','4','5')), 0)::int`,
  numeric: sql<number>`count(*) filter (where ${finalMarks.value} in ('1','2','3','4','5'))::int`,
};

/** Classes a report covers: the period's organization and grades, optionally one class. */
export function reportClasses(organizationId: number, grades: number[], groupId?: number): SQL | undefined {
  return and(
    eq(classes.organizationId, organizationId),
    sql`${classes.number} = any(${`{${grades.join(',')}}`}::smallint[])`,
    groupId === undefined ? undefined : eq(classes.id, groupId),
  );
}

/**
 * Per active student of the classes: their final marks of the period over all subjects, counted
 * by column in SQL (one row per student, never one per mark).
 */
export function findStudentFinalCounts(db: Db, periodId: number, where: SQL | undefined) {
  return db
    .select({
      id: students.id,
      surname: students.surname,
      name: students.name,
      classId: classes.id,
      number: classes.number,
      letter: classes.letter,
      ...markCounts,
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .leftJoin(finalMarks, and(eq(finalMarks.studentId, students.id), eq(finalMarks.periodId, periodId)))
    .where(and(eq(students.status, 'active'), where))
    .groupBy(students.id, classes.id)
    .orderBy(asc(classes.number), asc(classes.letter), asc(students.surname), asc(students.name));
}
export type StudentFinalCounts = Awaited<ReturnType<typeof findStudentFinalCounts>>[number];

/**
 * Per class × subject × teacher of the load: the class's students (a subgroup load: its members)
 * with their final mark of the period in the subject, counted by column.
 */
export function findSubjectFinalCounts(db: Db, periodId: number, where: SQL | undefined) {
  return db
    .select({
      classId: classes.id,
      number: classes.number,
      letter: classes.letter,
      subjectId: subjects.id,
      subjectName: subjects.name,
      teacherId: loads.teacherId,
      teacherSurname: users.surname,
      teacherName: users.name,
      teacherPatronymic: users.patronymic,
      students: sql<number>`count(distinct ${students.id})::int`,
      ...markCounts,
    })
    .from(loads)
    .innerJoin(classes, eq(classes.id, loads.classId))
    .innerJoin(subjects, eq(subjects.id, loads.subjectId))
    .leftJoin(users, eq(users.id, loads.teacherId))
    .innerJoin(
      students,
      and(
        eq(students.classId, loads.classId),
        eq(students.status, 'active'),
        or(
          isNull(loads.subgroupId),
          exists(
            db
              .select({ one: sql`1` })
              .from(subgroupMembers)
              .where(
                and(
                  eq(subgroupMembers.subgroupId, loads.subgroupId),
                  eq(subgroupMembers.studentId, students.id),
                ),
              ),
          ),
        ),
      ),
    )
    .leftJoin(
      finalMarks,
      and(
        eq(finalMarks.studentId, students.id),
        eq(finalMarks.subjectId, loads.subjectId),
        eq(finalMarks.periodId, periodId),
      ),
    )
    .where(where)
    .groupBy(classes.id, subjects.id, loads.teacherId, users.id)
    .orderBy(asc(classes.number), asc(classes.letter), asc(subjects.name));
}
export type SubjectFinalCounts = Awaited<ReturnType<typeof findSubjectFinalCounts>>[number];

const heldLesson = (from: string, to: string) =>
  and(sql`${lessons.date} between ${from} and ${to}`, ne(lessons.status, 'cancelled'));

const hasText = (column: typeof lessons.topic | typeof lessons.homework) =>
  sql`coalesce(btrim(${column}), '') <> ''`;

const hasMarks = sql`exists (select 1 from ${marks} where ${marks.lessonId} = ${lessons.id})`;

/** Per teacher × class × subject: held lessons and how many have a topic, homework, a grade, a КТП item. */
export function findCompletion(db: Db, from: string, to: string, where: SQL | undefined) {
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
      marks: sql<number>`coalesce(sum((select count(*) from ${marks} where ${marks.lessonId} = ${lessons.id})), 0)::int`,
      students: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')::int`,
    })
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .where(and(heldLesson(from, to), where))
    .groupBy(lessons.teacherId, users.id, classes.id, subjects.id)
    .orderBy(asc(users.surname), asc(classes.number), asc(classes.letter), asc(subjects.name));
}

/**
 * Per teacher × class × subject: how many of the class's students have at least `minimum(held)`
 * grades — the minimum is computed in SQL from the group's own held lessons (ceil(held / 3)).
 */
export async function findStudentsAtMinimum(db: Db, from: string, to: string, where: SQL | undefined) {
  const result = await db.execute(sql`
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
    group by g.teacher_id, g.class_id, g.subject_id`);
  // Both drivers (PGlite and node-postgres) answer a raw query with `rows`.
  return (
    result as unknown as {
      rows: { teacher_id: number | null; class_id: number; subject_id: number; enough: number }[];
    }
  ).rows;
}

/** КТП hours planned inside the range, per plan's teacher × class (or parallel) × subject. */
export function findPlannedHours(db: Db, from: string, to: string, where: SQL | undefined) {
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

/** Held lessons without a topic or homework, oldest first, and how many there are. */
export function findGaps(db: Db, from: string, to: string, where: SQL | undefined, limit: number) {
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
      })
      .from(lessons)
      .innerJoin(classes, eq(classes.id, lessons.classId))
      .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
      .leftJoin(users, eq(users.id, lessons.teacherId))
      .where(missing)
      .orderBy(asc(lessons.date), asc(lessons.lessonNumber), asc(classes.number), asc(classes.letter))
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(lessons)
      .where(missing)
      .then((rows) => rows[0]?.count ?? 0),
  ]);
}
