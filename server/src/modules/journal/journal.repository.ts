import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { inScopePlaceholder, preparedInScope, type ScopeVariant, scopeParams } from '../../access/prepared';
import type { ScopedActor } from '../../access/scope';
import { loadTeacherOfLesson, type TeachingActor, teachesSql } from '../../access/teaching';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { classes, finalMarks, lessons, loads, students, subgroupMembers, workTypes } from '../../db/schema';
import { waitingWorksSql } from '../homework/homework.sql';
import { classRosterIds, joinStudent, onClassRoster, studentPlacesJson } from '../students/students.sql';
import { joinLesson } from '../timetable/lessons.sql';
import { yearClosedSql } from '../year-change/year-change.sql';
import { type CellPart, foldCells } from './cell-parts';

/** The grid's reads (one round trip each) live in journal-grid.repository.ts. */
export { findJournalGrid, findJournalOpen } from './journal-grid.repository';

/** The class's roster (its active pupils; a closed year's: who sat in it), or one subgroup's, in register order. */
export function findJournalStudents(db: Database, classId: number, subgroupId: number | null) {
  const query = db
    .select({
      id: students.id,
      surname: students.surname,
      name: students.name,
      patronymic: students.patronymic,
    })
    .from(students);
  const where = sql`${students.id} in ${classRosterIds(sql`${classId}::int`)}`;
  return (
    subgroupId === null
      ? query.where(where)
      : query
          .innerJoin(subgroupMembers, eq(subgroupMembers.studentId, students.id))
          .where(and(where, eq(subgroupMembers.subgroupId, subgroupId)))
  ).orderBy(asc(students.surname), asc(students.name), asc(students.patronymic), asc(students.id));
}

/** The cells named by (lesson, student) pairs, as saved now (what a 409 answers). */
export async function findCells(db: Database, keys: { lesson_id: number; student_id: number }[]) {
  if (keys.length === 0) return [];
  const json = JSON.stringify(keys);
  const wanted = sql`select * from json_to_recordset(${json}::json) as k(lesson_id int, student_id int)`;
  const parts = await rowsOf<CellPart>(
    db,
    sql`with k as (${wanted})
        select 'm' as kind, m.lesson_id, m.student_id, m.value, m.work_type_id, m.weight::text as weight, m.id as ord
          from marks m join k on k.lesson_id = m.lesson_id and k.student_id = m.student_id
        union all
        select 'a', a.lesson_id, a.student_id, a.value, null, null, 0
          from attendance a join k on k.lesson_id = a.lesson_id and k.student_id = a.student_id
        union all
        select 'v', c.lesson_id, c.student_id, c.version::text, null, null, 0
          from journal_cells c join k on k.lesson_id = c.lesson_id and k.student_id = c.student_id
        order by 7`,
  );
  const found = new Map(foldCells(parts).map((cell) => [`${cell.lesson_id}|${cell.student_id}`, cell]));
  return keys.map(
    (key) =>
      found.get(`${key.lesson_id}|${key.student_id}`) ?? {
        ...key,
        grades: [],
        attendance: null,
        version: 0,
        weights: [],
      },
  );
}

/** What a save needs to know of each lesson: where it is, who teaches it, whether its period is closed. */
export interface LessonGuard {
  id: number;
  organization_id: number;
  class_id: number;
  subgroup_id: number | null;
  subject_id: number;
  date: string;
  teacher_id: number | null;
  load_teacher_id: number | null;
  /** The writer teaches this lesson (its load's or its own teacher, or loads.edit). */
  teaches: boolean;
  locked: boolean;
  /** The lesson's class belongs to a closed academic year (read-only for good). */
  year_closed: boolean;
  academic_year: string;
  /** Its load line takes grades (false: «без отметок», attendance only); a lesson without a line does. */
  graded: boolean;
  work_type_ids: number[];
}

function buildLessonGuards(db: Database, variant: ScopeVariant) {
  return db
    .select({
      id: lessons.id,
      organization_id: lessons.organizationId,
      class_id: lessons.classId,
      subgroup_id: lessons.subgroupId,
      subject_id: lessons.subjectId,
      date: lessons.date,
      teacher_id: lessons.teacherId,
      load_teacher_id: loads.teacherId,
      // The teaching rule itself (access/teaching.ts), the same fragment the save statement checks.
      teaches: sql<boolean>`${teachesSql(
        { userId: sql.placeholder('userId'), everyLoad: sql.placeholder('everyLoad') },
        [lessons.teacherId, loadTeacherOfLesson(lessons.status, loads.teacherId)],
      )}`,
      locked: sql<boolean>`exists (
        select 1 from periods p
         where p.organization_id = ${lessons.organizationId} and p.closed
           and ${lessons.date} between p.start_date and p.end_date and ${classes.number} = any (p.grades))`,
      year_closed: sql<boolean>`${yearClosedSql(sql`${lessons.organizationId}`, sql`${classes.academicYear}`)}`,
      academic_year: classes.academicYear,
      graded: sql<boolean>`coalesce(${loads.graded}, true)`,
      work_type_ids: sql<number[]>`array(
        select w.id from work_types w where w.organization_id = ${lessons.organizationId})`,
      // The students a save names, with their class and subgroups, in the same round trip (the same
      // array on every row; empty when no student is asked for).
      places: sql<StudentPlace[]>`${studentPlacesJson(sql`${sql.placeholder('studentIds')}`)}`,
    })
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .leftJoin(loads, eq(loads.id, lessons.loadId))
    .where(
      and(
        sql`${lessons.id} = any(${sql.placeholder('lessonIds')}::int[])`,
        sql`${lessons.status} <> 'cancelled'`,
        inScopePlaceholder(lessons.organizationId, variant),
      ),
    )
    .prepare(`lesson_guards_${variant}`);
}
const lessonGuards = preparedInScope(buildLessonGuards);

/** A student a save names: the class and subgroups they sit in (a cell's student must be in the lesson's). */
export interface StudentPlace {
  id: number;
  classId: number | null;
  subgroupIds: number[];
}

/**
 * Lessons by id within the caller's scope with what a save checks, and the students named by
 * `studentIds` (prepared, one round trip: every save asks).
 */
export async function findLessonGuards(
  db: Database,
  scope: ScopedActor,
  teacher: TeachingActor,
  lessonIds: number[],
  studentIds: number[] = [],
): Promise<{ guards: LessonGuard[]; places: StudentPlace[] }> {
  const query = lessonGuards(db, scope);
  const rows = await query.execute({ ...scopeParams(scope), ...teacher, lessonIds, studentIds });
  return { guards: rows.map(({ places: _places, ...guard }) => guard), places: rows[0]?.places ?? [] };
}

/** One cell to save, as the save statement reads it from JSON. */
export interface CellWrite {
  lesson_id: number;
  student_id: number;
  version: number;
  attendance: 'н' | 'б' | null;
  grades: { value: string; work_type_id: number | null; ord: number }[];
  /** The grades as the audit trail writes them («5/4»), null when none. */
  grades_text: string | null;
}

/** Who writes: the teaching rule's actor and their organizations (null: all, a platform administrator). */
export interface CellWriter extends TeachingActor {
  organizationIds: number[] | null;
  /** The school's today: a lesson dated later takes no mark or attendance yet. */
  today: string;
  /** The school clock's instant (ISO): when the audit trail says a change was made. */
  now: string;
}

/**
 * Saves cells in one statement, the checks included: a cell is written only when its lesson is held
 * (not cancelled) in the writer's organizations, the writer teaches it (the load's or the lesson's
 * teacher) unless they write any load, its period is open, the student is active in the lesson's
 * class (and subgroup), it carries no grade on a load line «без отметок» (attendance only) and every
 * work type is the school's — the same rules `explainRefusal` (journal.service.ts) explains
 * when a cell is refused. Checked in the statement that writes, a period closed a moment earlier
 * cannot be written into. Each cell's version moves on only from the version the change was based on
 * (insert at 0, conditional update above); grades, attendance and the audit trail change only for
 * the cells whose version moved. Answers the cells saved; a cell missing from the answer was
 * refused or stale.
 */
export async function saveCells(db: Database, writer: CellWriter, cells: CellWrite[]) {
  const json = JSON.stringify(cells);
  const userId = writer.userId;
  // One parameter holding the array (Drizzle would spread a bare array into a list).
  const scope = sql.param(writer.organizationIds);
  return rowsOf<{ lesson_id: number; student_id: number; version: number }>(
    db,
    sql`with input as (
          select * from json_to_recordset(${json}::json) as r(
            lesson_id int, student_id int, version int, attendance text, grades json, grades_text text)
        ),
        allowed as (
          select i.*, l.organization_id, l.subject_id, school_year_of(l.date) as school_year
            from input i
            ${joinLesson('l', sql`i.lesson_id`, sql`l.status <> 'cancelled'`)}
            join classes c on c.id = l.class_id
            left join loads ld on ld.id = l.load_id
            ${joinStudent('st', sql`i.student_id`, sql`st.status = 'active' and st.class_id = l.class_id`)}
           where (${scope}::int[] is null or l.organization_id = any(${scope}::int[]))
             and l.date <= ${writer.today}::date
             and (coalesce(ld.graded, true) or json_array_length(i.grades) = 0)
             and ${teachesSql(writer, [sql`l.teacher_id`, loadTeacherOfLesson(sql`l.status`, sql`ld.teacher_id`)])}
             and not exists (select 1 from periods p
                              where p.organization_id = l.organization_id and p.closed
                                and l.date between p.start_date and p.end_date and c.number = any (p.grades))
             and not ${yearClosedSql(sql`l.organization_id`, sql`c.academic_year`)}
             and (l.subgroup_id is null or exists (
                   select 1 from subgroup_members sm where sm.student_id = st.id and sm.subgroup_id = l.subgroup_id))
             and not exists (
                   select 1 from json_to_recordset(i.grades) as g(value text, work_type_id int, ord int)
                    where g.work_type_id is not null
                      and not exists (select 1 from work_types w
                                       where w.id = g.work_type_id and w.organization_id = l.organization_id))
        ),
        updated as (
          update journal_cells c set version = c.version + 1, updated_by = ${userId}, updated_at = now()
            from allowed i
           where i.version > 0 and c.lesson_id = i.lesson_id and c.student_id = i.student_id and c.version = i.version
          returning c.lesson_id, c.student_id, c.version
        ),
        inserted as (
          insert into journal_cells (organization_id, lesson_id, student_id, version, updated_by)
          select i.organization_id, i.lesson_id, i.student_id, 1, ${userId} from allowed i where i.version = 0
          on conflict (lesson_id, student_id) do nothing
          returning lesson_id, student_id, version
        ),
        saved as (
          select s.*, i.organization_id, i.subject_id, i.school_year, i.attendance, i.grades, i.grades_text
            from (select * from updated union all select * from inserted) s
            join allowed i on i.lesson_id = s.lesson_id and i.student_id = s.student_id
        ),
        old_marks as (
          delete from marks m using saved s
           where m.lesson_id = s.lesson_id and m.student_id = s.student_id and m.school_year = s.school_year
          returning m.lesson_id, m.student_id, m.value, m.id
        ),
        new_marks as (
          insert into marks (organization_id, school_year, lesson_id, student_id, value, work_type_id, weight, created_by)
          select s.organization_id, s.school_year, s.lesson_id, s.student_id, g.value, w.id, coalesce(w.weight, 1), ${userId}
            from saved s
            cross join lateral json_to_recordset(s.grades) as g(value text, work_type_id int, ord int)
            -- Each grade's work type found by its key (\`limit 1\` keeps it a probe, not a join): joined,
            -- the planner expected json_to_recordset's default 100 rows and hashed every school's work types.
            left join lateral (select w.id, w.weight from work_types w
                                where w.id = g.work_type_id and w.organization_id = s.organization_id limit 1) w on true
           order by s.lesson_id, s.student_id, g.ord
          returning id
        ),
        old_attendance as (
          select a.lesson_id, a.student_id, a.value from attendance a
            join saved s on a.lesson_id = s.lesson_id and a.student_id = s.student_id and a.school_year = s.school_year
        ),
        set_attendance as (
          insert into attendance (organization_id, school_year, lesson_id, student_id, value, created_by)
          select s.organization_id, s.school_year, s.lesson_id, s.student_id, s.attendance, ${userId}
            from saved s where s.attendance is not null
          on conflict (lesson_id, student_id, school_year) do update set value = excluded.value, created_by = excluded.created_by, updated_at = now()
          returning id
        ),
        cleared_attendance as (
          delete from attendance a using saved s
           where a.lesson_id = s.lesson_id and a.student_id = s.student_id and a.school_year = s.school_year
             and s.attendance is null
          returning a.id
        ),
        old_text as (
          select lesson_id, student_id, string_agg(value, '/' order by id) as grades_text from old_marks group by 1, 2
        ),
        audit_marks as (
          insert into mark_audit (organization_id, school_year, entity, student_id, lesson_id, subject_id, old_value, new_value, user_id, changed_at)
          select s.organization_id, s.school_year, 'mark', s.student_id, s.lesson_id, s.subject_id, o.grades_text, s.grades_text, ${userId}, ${writer.now}::timestamptz
            from saved s left join old_text o on o.lesson_id = s.lesson_id and o.student_id = s.student_id
           where o.grades_text is distinct from s.grades_text
          returning id
        ),
        audit_attendance as (
          insert into mark_audit (organization_id, school_year, entity, student_id, lesson_id, subject_id, old_value, new_value, user_id, changed_at)
          select s.organization_id, s.school_year, 'attendance', s.student_id, s.lesson_id, s.subject_id, o.value, s.attendance, ${userId}, ${writer.now}::timestamptz
            from saved s left join old_attendance o on o.lesson_id = s.lesson_id and o.student_id = s.student_id
           where o.value is distinct from s.attendance
          returning id
        )
        -- Data-modifying CTEs run to completion whether or not the answer reads them.
        select lesson_id, student_id, version from saved`,
  );
}

/** The audit trail of one cell, newest first, with who changed it. */
export function findCellHistory(db: Database, lessonId: number, studentId: number, scope: SQL | undefined) {
  return rowsOf<{
    id: number;
    entity: 'mark' | 'attendance' | 'final_mark';
    old_value: string | null;
    new_value: string | null;
    surname: string | null;
    name: string | null;
    patronymic: string | null;
    changed_at: string;
  }>(
    db,
    sql`select mark_audit.id, mark_audit.entity, mark_audit.old_value, mark_audit.new_value,
               u.surname, u.name, u.patronymic,
               to_char(mark_audit.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as changed_at
          from mark_audit left join users u on u.id = mark_audit.user_id
         where mark_audit.lesson_id = ${lessonId} and mark_audit.student_id = ${studentId} and ${scope ?? sql`true`}
         order by mark_audit.changed_at desc, mark_audit.id desc`,
  );
}

/**
 * Sets a lesson's topic and homework as the teacher typed them. Text other than the linked КТП
 * item's is the teacher's: the link goes, so no later re-lay of the plan (applying a timetable,
 * applying the КТП without «overwrite») writes over it. Saving the item's own text keeps the link.
 */
export async function updateLessonTopic(
  db: Database,
  lessonId: number,
  values: { topic: string | null; homework: string | null },
) {
  await db
    .update(lessons)
    .set({
      ...values,
      ktpItemId: sql`(select i.id from ktp_items i where i.id = lessons.ktp_item_id
        and i.topic is not distinct from ${values.topic}::text
        and i.homework is not distinct from ${values.homework}::text)`,
    })
    .where(eq(lessons.id, lessonId));
}

/** Classes whose классный руководитель is the user, within `scope`. */
export async function findManagedClassIds(db: Database, userId: number, scope: SQL | undefined) {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.managerId, userId), scope));
  return new Set(rows.map((row) => row.id));
}

/** One lesson's date, topic and homework as the journal shows them. */
export async function findLessonTopic(db: Database, lessonId: number) {
  const [row] = await db
    .select({
      id: lessons.id,
      date: lessons.date,
      lesson_number: lessons.lessonNumber,
      topic: lessons.topic,
      homework: lessons.homework,
    })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  return row;
}

/**
 * The period's confirmed final marks of one subject for the pupils of a class (the «Итог» column);
 * read beside the grid, not after it, so opening the journal waits for no extra round trip.
 */
export function findGridFinalMarks(db: Database, periodId: number, subjectId: number, classId: number) {
  return db
    .select({ student_id: finalMarks.studentId, value: finalMarks.value })
    .from(finalMarks)
    .innerJoin(students, eq(students.id, finalMarks.studentId))
    .where(
      and(
        eq(finalMarks.periodId, periodId),
        eq(finalMarks.subjectId, subjectId),
        onClassRoster(sql`${classId}::int`),
      ),
    );
}

/** A school's work type by name (the homework mark's «Домашняя работа»), or null. */
export async function findWorkTypeId(
  db: Database,
  organizationId: number,
  name: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: workTypes.id })
    .from(workTypes)
    .where(and(eq(workTypes.organizationId, organizationId), eq(workTypes.name, name)))
    .orderBy(asc(workTypes.id))
    .limit(1);
  return row?.id ?? null;
}

/** Pupils' works waiting for review in these lessons (homework's piece): a dot in their cells. */
export async function findWaitingWorks(db: Database, lessonIds: number[]) {
  if (lessonIds.length === 0) return [];
  return rowsOf<{ lesson_id: number; student_id: number }>(db, waitingWorksSql(lessonIds));
}
