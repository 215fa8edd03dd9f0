import type {
  Lesson,
  LessonChangeParsed,
  LessonQueryParsed,
  TodayLessons,
} from '@parta/shared/domain/contracts/timetable';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import { addDays, clockTime } from '@parta/shared/domain/timetable';
import { and, eq, gte, lte, or } from 'drizzle-orm';
import { findOwnPupil, findParentChildren } from '../../access/pupil';
import { findInScope, inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { lessons, students } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { schoolToday } from '../clock/clock.service';
import {
  findClassGrade,
  findClassLessonsAt,
  findFirstLessonDate,
  findLessons,
  findStaffMember,
  findTeacherLessonsAt,
  type LessonRow,
  studentLessonsCondition,
  updateLesson,
} from './lessons.repository';
import { bellsForGrade } from './planning';
import { findBellTimes } from './templates.repository';

const LESSON_NOT_FOUND = 'Урок не найден';

// ---------------------------------------------------------------- dated lessons

function toLesson(row: LessonRow): Lesson {
  return {
    id: row.id,
    date: row.date,
    lesson_number: row.lesson_number,
    start_time: clockTime(row.start_time),
    end_time: clockTime(row.end_time),
    group_id: row.group_id,
    group_name: groupName(row),
    subgroup_id: row.subgroup_id,
    subgroup_name: row.subgroup_name,
    subject_id: row.subject_id,
    subject_name: row.subject_name,
    teacher_id: row.teacher_id,
    teacher_name: joinedTeacherName(row),
    original_teacher_id: row.original_teacher_id,
    load_id: row.load_id,
    topic: row.topic,
    homework: row.homework,
    status: row.status,
  };
}

/** GET /api/lessons: a class's or a teacher's dated lessons in a date range. */
export async function listLessons(db: Database, actor: Actor, query: LessonQueryParsed): Promise<Lesson[]> {
  const rows = await findLessons(
    db,
    and(
      inScope(actor, lessons.organizationId),
      query.group_id === undefined ? undefined : eq(lessons.classId, query.group_id),
      query.teacher_id === undefined ? undefined : eq(lessons.teacherId, query.teacher_id),
      gte(lessons.date, query.from),
      lte(lessons.date, query.to),
    ),
  );
  return rows.map(toLesson);
}

/**
 * A teacher's dated lessons in a range, those a replacement gives for them included (substitutions:
 * the absent teacher's lessons stay theirs to list while another teacher gives them).
 */
export async function listTeacherLessonsWithReplaced(
  db: Database,
  actor: Actor,
  teacherId: number,
  from: string,
  to: string,
): Promise<Lesson[]> {
  const rows = await findLessons(
    db,
    and(
      inScope(actor, lessons.organizationId),
      or(eq(lessons.teacherId, teacherId), eq(lessons.originalTeacherId, teacherId)),
      gte(lessons.date, from),
      lte(lessons.date, to),
    ),
  );
  return rows.map(toLesson);
}

async function getLesson(db: Database, actor: Actor, id: number): Promise<Lesson> {
  const [row] = await findLessons(db, and(eq(lessons.id, id), inScope(actor, lessons.organizationId)));
  if (!row) throw notFound(LESSON_NOT_FOUND);
  return toLesson(row);
}

export interface ChangeOptions {
  /**
   * A replacement teacher's own lesson at that hour the lesson joins (substitutions' «Объединить»: the
   * parallel class's same-subject lesson): it does not count as teaching elsewhere.
   */
  alongside?: number;
  /**
   * The substitute hears of it from the caller, in one notice for several lessons (substitutions'
   * «Распределить всё»); the class is still told of each lesson.
   */
  substituteToldElsewhere?: boolean;
}

/**
 * PATCH /api/lessons/{id}: a one-off change — a replacement teacher, a move to another date or
 * lesson, a cancellation, or back to the template's plan — without touching the template.
 */
export async function changeLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  id: number,
  change: LessonChangeParsed,
  options: ChangeOptions = {},
): Promise<Lesson> {
  await db.transaction(async (tx) => {
    const before = await findInScope(tx, actor, lessons, id, LESSON_NOT_FOUND);
    const after = await applyChange(tx, before, change, options);
    if (
      before.status !== after.status ||
      before.teacherId !== after.teacherId ||
      before.date !== after.date ||
      before.lessonNumber !== after.lessonNumber
    ) {
      await queue.emit(tx, 'timetable.lesson-changed', {
        change: {
          lessonId: id,
          actorId: actor.userId,
          previous: { status: before.status, teacherId: before.teacherId, date: before.date },
          ...(options.substituteToldElsewhere ? { substituteToldElsewhere: true } : {}),
        },
        date: after.date,
      });
    }
  });
  return getLesson(db, actor, id);
}

/** The change itself, on the lesson as it was read (in the caller's transaction); the lesson as written. */
async function applyChange(
  db: Database,
  lesson: typeof lessons.$inferSelect,
  change: LessonChangeParsed,
  options: ChangeOptions = {},
): Promise<typeof lessons.$inferSelect> {
  const id = lesson.id;
  const templateTeacher = lesson.originalTeacherId ?? lesson.teacherId;
  if (change.status === 'cancelled') {
    return updateLesson(db, id, { status: 'cancelled' });
  }
  if (change.status === 'scheduled') {
    return updateLesson(db, id, { status: 'scheduled', teacherId: templateTeacher, originalTeacherId: null });
  }
  if (change.status === 'replaced') {
    if (!change.teacher_id)
      throw unprocessable(VALIDATION_MESSAGE, { teacher_id: ['Выберите учителя на замену'] });
    if (!(await findStaffMember(db, change.teacher_id, lesson.organizationId)))
      throw unprocessable(VALIDATION_MESSAGE, { teacher_id: ['Учитель не найден в этой организации'] });
    const elsewhere = await findTeacherLessonsAt(db, change.teacher_id, lesson.date, lesson.lessonNumber, id);
    if (elsewhere.some((other) => other.id !== options.alongside)) {
      throw conflict('Этот учитель уже ведёт урок в это время');
    }
    return updateLesson(db, id, {
      status: 'replaced',
      teacherId: change.teacher_id,
      originalTeacherId: templateTeacher,
    });
  }
  // A move to another date or lesson number.
  const date = change.date ?? lesson.date;
  const lessonNumber = change.lesson_number ?? lesson.lessonNumber;
  if (date === lesson.date && lessonNumber === lesson.lessonNumber) {
    throw unprocessable(VALIDATION_MESSAGE, { date: ['Укажите новую дату или номер урока'] });
  }
  const others = await findClassLessonsAt(db, lesson.classId, date, lessonNumber, id);
  if (
    others.some(
      (other) =>
        other.subgroupId === null || lesson.subgroupId === null || other.subgroupId === lesson.subgroupId,
    )
  ) {
    throw conflict('У класса уже есть урок в это время');
  }
  if (
    lesson.teacherId &&
    (await findTeacherLessonsAt(db, lesson.teacherId, date, lessonNumber, id)).length > 0
  ) {
    throw conflict('Учитель уже ведёт урок в это время');
  }
  const grade = await findClassGrade(db, lesson.classId);
  const time = bellsForGrade(await findBellTimes(db, lesson.organizationId), grade, null).get(lessonNumber);
  return updateLesson(db, id, {
    status: 'moved',
    date,
    lessonNumber,
    startTime: time?.start ?? null,
    endTime: time?.end ?? null,
  });
}

/** A lesson's change as the notifications tell it (the class, a substitute taken on or off it). */
async function told(
  db: Database,
  queue: Queue,
  actor: Actor,
  before: typeof lessons.$inferSelect,
  after: typeof lessons.$inferSelect,
) {
  await queue.emit(db, 'timetable.lesson-changed', {
    change: {
      lessonId: before.id,
      actorId: actor.userId,
      previous: { status: before.status, teacherId: before.teacherId, date: before.date },
    },
    date: after.date,
  });
}

/**
 * Substitutions' «Перенести»: two lessons of one class on one day exchange their slots (number and
 * bell times) as one-off changes, both «перенесён», each remembering the other so the swap can be
 * undone. Refused when either has started is the caller's rule; here: the same class and day, whole-
 * class lessons with no other lesson of the class at either slot, and the second lesson's teacher free
 * at the first slot. The first lesson's teacher is the absent one: their slot is not checked.
 */
export async function swapLessons(
  db: Database,
  queue: Queue,
  actor: Actor,
  id: number,
  otherId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const first = await findInScope(tx, actor, lessons, id, LESSON_NOT_FOUND);
    const second = await findInScope(tx, actor, lessons, otherId, LESSON_NOT_FOUND);
    if (
      first.id === second.id ||
      first.classId !== second.classId ||
      first.date !== second.date ||
      first.subjectId === second.subjectId
    )
      throw unprocessable(VALIDATION_MESSAGE, {
        lesson_id: ['Поменять можно только с уроком другого предмета этого класса в тот же день'],
      });
    if (first.swappedWithId !== null || second.swappedWithId !== null)
      throw conflict('Один из уроков уже перенесён: сначала верните его');
    if (first.status !== 'scheduled' || second.status !== 'scheduled')
      throw conflict('Урок уже изменён (замена, отмена или перенос): сначала верните его');
    if (first.subgroupId !== null || second.subgroupId !== null)
      throw conflict('Урок по подгруппам не переносится: у другой подгруппы урок в то же время');
    for (const [lesson, number] of [
      [first, second.lessonNumber],
      [second, first.lessonNumber],
    ] as const) {
      const others = await findClassLessonsAt(tx, lesson.classId, lesson.date, number, lesson.id);
      if (others.some((other) => other.id !== first.id && other.id !== second.id))
        throw conflict('У класса в это время ещё один урок: перенос невозможен');
    }
    if (
      second.teacherId !== null &&
      (await findTeacherLessonsAt(tx, second.teacherId, first.date, first.lessonNumber, second.id)).some(
        (other) => other.id !== first.id,
      )
    )
      throw conflict('Учитель второго урока в это время ведёт другой урок');
    const slot = (lesson: typeof first) => ({
      lessonNumber: lesson.lessonNumber,
      startTime: lesson.startTime,
      endTime: lesson.endTime,
    });
    // The slot index keys on the subject too: two different subjects never collide mid-swap.
    const firstAfter = await updateLesson(tx, first.id, {
      ...slot(second),
      status: 'moved',
      swappedWithId: second.id,
    });
    const secondAfter = await updateLesson(tx, second.id, {
      ...slot(first),
      status: 'moved',
      swappedWithId: first.id,
    });
    await told(tx, queue, actor, first, firstAfter);
    await told(tx, queue, actor, second, secondAfter);
  });
}

/**
 * Undoes a swap: both lessons back to their own slots and to the template's plan (the first one's
 * substitute or cancellation goes too; the second one was only moved). Whether the lesson was swapped.
 */
export async function unswapLessons(db: Database, queue: Queue, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await findInScope(tx, actor, lessons, id, LESSON_NOT_FOUND);
    if (first.swappedWithId === null) return false;
    const second = await findInScope(tx, actor, lessons, first.swappedWithId, LESSON_NOT_FOUND);
    const firstAfter = await updateLesson(tx, first.id, {
      lessonNumber: second.lessonNumber,
      startTime: second.startTime,
      endTime: second.endTime,
      status: 'scheduled',
      teacherId: first.originalTeacherId ?? first.teacherId,
      originalTeacherId: null,
      swappedWithId: null,
    });
    const secondAfter = await updateLesson(tx, second.id, {
      lessonNumber: first.lessonNumber,
      startTime: first.startTime,
      endTime: first.endTime,
      status: second.status === 'moved' ? 'scheduled' : second.status,
      swappedWithId: null,
    });
    await told(tx, queue, actor, first, firstAfter);
    await told(tx, queue, actor, second, secondAfter);
    return true;
  });
}

/**
 * GET /api/lessons/today: a teacher's own lessons, a student's class's (their subgroups only), or
 * a parent's child's (`studentId`, else the first child) for the day; when the day has none (a
 * Sunday, каникулы), the next day with lessons within two weeks.
 */
export async function todayLessons(
  db: Database,
  actor: Actor,
  date = schoolToday(),
  studentId?: number,
): Promise<TodayLessons> {
  const pupil = await findOwnPupil(db, actor.userId);
  const children = pupil
    ? []
    : await findParentChildren(db, actor.userId, inScope(actor, students.organizationId));
  const child = studentId === undefined ? children[0] : children.find((item) => item.id === studentId);
  // Only the caller's own children (or the pupil themself): anyone else's day is not theirs to read.
  if (studentId !== undefined && !child && pupil?.id !== studentId) throw notFound('Ученик не найден');
  const named = (row: { id: number; surname: string; name: string }) => ({
    id: row.id,
    name: `${row.surname} ${row.name}`,
  });
  const whose = {
    student: pupil || !child ? null : named(child),
    children: children.map(named),
  };
  const learner = pupil ?? child;
  // A pupil not yet in a class has no lessons (not a teacher's).
  if (learner && learner.classId === null) return { date, role: 'student', lessons: [], ...whose };
  const student = learner && { classId: learner.classId as number, subgroupIds: learner.subgroupIds };
  const role = student ? 'student' : 'teacher';
  const where = and(
    inScope(actor, lessons.organizationId),
    student ? studentLessonsCondition(student) : eq(lessons.teacherId, actor.userId),
  );
  const day = (await findFirstLessonDate(db, where, date, addDays(date, 14))) ?? date;
  const rows = await findLessons(db, and(where, eq(lessons.date, day)));
  if (!student && rows.length === 0) return { date: day, role: 'none', lessons: [], ...whose };
  return { date: day, role, lessons: rows.map(toLesson), ...whose };
}
