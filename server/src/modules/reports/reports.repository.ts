import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plannedWithValues } from '../../db/plans';
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
import { inSchoolYears } from '../journal/journal.sql';
import { classRosterIds, onClassRoster } from '../students/students.sql';

/** The classes a period's report covers: the school's classes of its grades in its academic year, optionally one class. */
export function reportClasses(
  organizationId: number,
  academicYear: string,
  grades: number[],
  groupId?: number,
): SQL | undefined {
  return and(
    eq(classes.organizationId, organizationId),
    eq(classes.academicYear, academicYear),
    sql`${classes.number} = any(${`{${grades.join(',')}}`}::smallint[])`,
    groupId === undefined ? undefined : eq(classes.id, groupId),
  );
}

/**
 * One row per active student × load line of the classes (a whole-class line: the class's students;
 * a subgroup line: its members); the service puts the report mark of the student in the line's
 * subject beside each (`withReportMarks`). Both mark reports read these rows, and only these, so they
 * count the same marks; a mark of a subject the student has no line in counts in neither. (The marks
 * went in as a JSON parameter joined here until the region bench: its ~5,000 rows left-joined to
 * rows the planner guessed at a dozen were compared pair by pair, 30 million times, 1.1 s.)
 *
 * The members of each load come first (two plain joins in a union, so the planner knows there are
 * ~30 per load), then one hash join with the marks; an «or exists» membership test made it guess a
 * handful of rows and look the marks up student by student (140 → 55 ms on the large seed). A
 * whole-class line reads its roster off the class's indexes (`classRosterIds`, lateral): joined on
 * `onClassRoster`'s «or exists» it tested every pupil of the database against every line (48 s for
 * a school of a 1,000-school region).
 * Each row carries its line's, class's and student's columns out of the branch that joined them: joined
 * again row by row after the union (students, loads, classes), a school's 7,400 rows cost 90,000
 * index lookups in a 1,000-school region (98 → 45–65 ms).
 * `where` filters on loads, classes and students.
 */
export interface ReportLineRow {
  studentId: number;
  surname: string;
  name: string;
  classId: number;
  number: number;
  letter: string;
  subjectId: number;
  subjectName: string;
  teacherId: number | null;
  teacherSurname: string | null;
  teacherName: string | null;
  teacherPatronymic: string | null;
  /** The line's `loads.graded` (false: «без отметок»). */
  graded: boolean;
}

/** A line's row with the report mark of the student in its subject (null: none yet). */
export interface ReportMarkRow extends ReportLineRow {
  value: string | null;
}

export function findReportLines(db: Database, where: SQL | undefined) {
  const filter = where ?? sql`true`;
  // What a row tells of its line, class and student, taken where each branch has them joined already.
  const line = sql`${loads.subjectId} as subject_id, ${loads.teacherId} as teacher_id, ${loads.graded} as graded,
    ${classes.id} as class_id, ${classes.number} as number, ${classes.letter} as letter,
    ${students.surname} as surname, ${students.name} as name`;
  return rowsOf<ReportLineRow>(
    db,
    sql`
      with members as (
        select ${loads.id} as load_id, ${students.id} as student_id, ${line}
          from ${loads} join ${classes} on ${classes.id} = ${loads.classId}
          cross join lateral ${classRosterIds(sql`${loads.classId}`)} roster
          join ${students} on ${students.id} = roster.id
         where ${loads.subgroupId} is null and ${filter}
        union all
        select ${loads.id}, ${students.id}, ${line}
          from ${loads} join ${classes} on ${classes.id} = ${loads.classId}
          join ${subgroupMembers} on ${subgroupMembers.subgroupId} = ${loads.subgroupId}
          join ${students} on ${students.id} = ${subgroupMembers.studentId}
            and ${onClassRoster(sql`${loads.classId}`)}
         where ${filter}
      )
      select m.student_id as "studentId", m.surname, m.name, m.class_id as "classId", m.number, m.letter,
             s.id as "subjectId", s.name as "subjectName", m.teacher_id as "teacherId",
             u.surname as "teacherSurname", u.name as "teacherName", u.patronymic as "teacherPatronymic",
             m.graded
        from members m
        join ${subjects} s on s.id = m.subject_id
        left join ${users} u on u.id = m.teacher_id
       order by m.number, m.letter, s.name, u.surname, u.name, m.teacher_id, m.surname, m.name, m.student_id`,
  );
}

/** A pupil of a report's classes, with their class. */
export interface ReportStudentRow {
  id: number;
  surname: string;
  name: string;
  classId: number;
  number: number;
  letter: string;
}

/**
 * The active students of the classes (the classification lists each, with or without a load line),
 * each class's roster read off its indexes (`classRosterIds`, lateral), not by testing every pupil.
 */
export function findReportStudents(db: Database, where: SQL | undefined) {
  return rowsOf<ReportStudentRow>(
    db,
    sql`
      select ${students.id} as id, ${students.surname} as surname, ${students.name} as name,
             ${classes.id} as "classId", ${classes.number} as number, ${classes.letter} as letter
        from ${classes}
        cross join lateral ${classRosterIds(sql`${classes.id}`)} roster
        join ${students} on ${students.id} = roster.id
       where ${where ?? sql`true`}
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
       where l.date between ${from} and ${to} and ${inSchoolYears(sql`m.school_year`, from, to)}
         and ${where ?? sql`true`}
       group by m.student_id, l.subject_id
      having sum(m.weight) > 0`,
  );
}

/**
 * Confirmed final marks of the periods for the students of the classes of `where` (on classes only):
 * each class's roster read off its indexes, then its pupils' marks by key. Joined through
 * `onClassRoster`'s «or exists» it hashed every pupil of the database (130 ms at 1,000 schools; 13 now).
 */
export function findConfirmedMarks(db: Database, periodIds: number[], where: SQL | undefined) {
  if (periodIds.length === 0) return Promise.resolve([]);
  return rowsOf<{ student_id: number; subject_id: number; period_id: number; value: string }>(
    db,
    sql`
      select fm.student_id, fm.subject_id, fm.period_id, fm.value
        from ${classes}
        cross join lateral ${classRosterIds(sql`${classes.id}`)} roster
        join ${finalMarks} fm on fm.student_id = roster.id
       where fm.period_id = any(${`{${periodIds.join(',')}}`}::int[]) and ${where ?? sql`true`}`,
  );
}

const heldLesson = (from: string, to: string) =>
  and(sql`${lessons.date} between ${from} and ${to}`, ne(lessons.status, 'cancelled'));

const hasText = (column: typeof lessons.topic | typeof lessons.homework) =>
  sql`coalesce(btrim(${column}), '') <> ''`;

/** The lesson holds a grade (a lesson of `from`–`to`: its grades are in those school years' partitions). */
const hasMarks = (from: string, to: string) =>
  sql`exists (select 1 from ${marks} where ${marks.lessonId} = ${lessons.id}
               and ${inSchoolYears(sql`${marks.schoolYear}`, from, to)})`;

/** A lesson's line is taught with marks (a lesson without a line is: it was graded before the line went). */
const lessonGraded = sql<boolean>`coalesce(${loads.graded}, true)`;

/** One row of the journal completion: a teacher × class × subject's held lessons and what they hold. */
export interface CompletionReadRow {
  teacherId: number | null;
  teacherSurname: string | null;
  teacherName: string | null;
  teacherPatronymic: string | null;
  classId: number;
  number: number;
  letter: string;
  subjectId: number;
  subjectName: string;
  held: number;
  withTopic: number;
  withHomework: number;
  withMarks: number;
  ktpGiven: number;
  graded: boolean;
  marks: number;
  students: number;
}

/**
 * Per teacher × class × subject: held lessons and how many have a topic, homework, a grade, a КТП
 * item; `graded` false when every one of them is of a line «без отметок». The lessons are counted
 * first, per line (`lines`: a few hundred rows for a school's term), and only those rows are joined to
 * their teacher, class, subject and line: joined lesson by lesson, PostgreSQL hashed the whole
 * region's lines, classes and subjects for a school's 5,600 lessons (300 ms at 1,000 schools; 80 ms
 * so). Each lesson's grades are counted once through marks_lesson_student_idx (index-only), cheaper
 * than joining and aggregating the term's ~140,000 grades.
 */
export function findCompletion(db: Database, from: string, to: string, where: SQL | undefined) {
  return rowsOf<CompletionReadRow>(
    db,
    // Planned with its values, as the count below: a generic plan cannot see the dates and may hash the
    // region's lines for a school's term again.
    plannedWithValues(sql`
      with lines as (
        select ${lessons.teacherId} as teacher_id, ${lessons.classId} as class_id,
               ${lessons.subjectId} as subject_id, ${lessons.loadId} as load_id,
               count(*) as held,
               count(*) filter (where ${hasText(lessons.topic)}) as with_topic,
               count(*) filter (where ${hasText(lessons.homework)}) as with_homework,
               count(*) filter (where lesson_marks.count > 0) as with_marks,
               count(*) filter (where ${lessons.ktpItemId} is not null) as ktp_given,
               sum(lesson_marks.count) as marks
          from ${lessons}
          cross join lateral (
            select count(*) from ${marks}
             where ${marks.lessonId} = ${lessons.id} and ${inSchoolYears(sql`${marks.schoolYear}`, from, to)}
          ) lesson_marks
         where ${and(heldLesson(from, to), where)}
         group by 1, 2, 3, 4
      )
      select lines.teacher_id as "teacherId", u.surname as "teacherSurname", u.name as "teacherName",
             u.patronymic as "teacherPatronymic", c.id as "classId", c.number, c.letter,
             s.id as "subjectId", s.name as "subjectName",
             sum(lines.held)::int as held, sum(lines.with_topic)::int as "withTopic",
             sum(lines.with_homework)::int as "withHomework", sum(lines.with_marks)::int as "withMarks",
             sum(lines.ktp_given)::int as "ktpGiven",
             bool_or(${lessonGraded}) as graded,
             coalesce(sum(lines.marks), 0)::int as marks,
             (select count(*) from ${classRosterIds(sql`c.id`)} roster)::int as students
        from lines
        join ${classes} c on c.id = lines.class_id
        join ${subjects} s on s.id = lines.subject_id
        left join ${users} u on u.id = lines.teacher_id
        left join ${loads} on ${loads.id} = lines.load_id
       group by lines.teacher_id, u.id, c.id, s.id
       order by u.surname, c.number, c.letter, s.name`),
  );
}

/**
 * Per teacher × class × subject: how many of the class's students have at least `minimum(held)`
 * grades — the minimum is computed in SQL from the group's own held lessons (ceil(held / 3)).
 */
export async function findStudentsAtMinimum(db: Database, from: string, to: string, where: SQL | undefined) {
  return rowsOf<{ teacher_id: number | null; class_id: number; subject_id: number; enough: number }>(
    db,
    // With a generic plan (no values) the term's lessons look like one row and the join below turns
    // into a nested loop over every pupil's marks: 4.5–6 s instead of 0.1–0.3 s.
    plannedWithValues(sql`
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
      from held h join ${marks} m on m.lesson_id = h.id and ${inSchoolYears(sql`m.school_year`, from, to)}
      group by h.teacher_id, h.class_id, h.subject_id, m.student_id
    )
    select g.teacher_id, g.class_id, g.subject_id, count(p.student_id)::int as enough
    from groups g
    -- coalesce, not «is not distinct from»: an equality the planner can hash (a lesson without a teacher is 0)
    left join per_student p on coalesce(p.teacher_id, 0) = coalesce(g.teacher_id, 0) and p.class_id = g.class_id
      and p.subject_id = g.subject_id and p.marks >= g.minimum
    group by g.teacher_id, g.class_id, g.subject_id`),
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
        hasMarks: sql<boolean>`${hasMarks(from, to)}`,
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
