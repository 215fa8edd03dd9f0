import type {
  AbsenceDetail,
  CoverDecisionParsed,
  CoverLesson,
  DistributeResult,
} from '@parta/shared/domain/contracts/substitutions';
import type { Lesson } from '@parta/shared/domain/contracts/timetable';
import { formatDate } from '@parta/shared/domain/dates';
import { shortName } from '@parta/shared/domain/names';
import { plural } from '@parta/shared/domain/plural';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { lessonStarted } from '../clock/clock.service';
import { changeLesson, swapLessons, unswapLessons } from '../timetable/lessons.service';
import { absenceInScope, absenceLessons, detail, schoolPicture, surroundings } from './absences.service';
import { rankedOf, roomFit, stateOf, swapRoomClash } from './cover-options';
import { distribute } from './ranking';
import { type AbsenceRow, deleteAbsence, hasMarksByOthers } from './substitutions.repository';

/**
 * The decisions for an absence's lessons — a substitute, a merge, a move, a cancellation, back to
 * the timetable, «Распределить всё» — and the notices they owe (the absent teacher's summary, each
 * substitute's list). Reading an absence is absences.service.ts; the report is report.service.ts.
 */

const LESSON_NOT_IN_ABSENCE = 'Урок не относится к этому отсутствию';

/** What the absent teacher is told of a lesson of theirs. */
function coverLine({ lesson, state }: CoverLesson): string {
  const what = `${formatDate(lesson.date)}, ${lesson.lesson_number}-й урок, ${lesson.group_name}, ${lesson.subject_name}`;
  if (state === 'replaced') return `${what}: ведёт ${lesson.teacher_name ?? 'другой учитель'}`;
  if (state === 'cancelled') return `${what}: отменён`;
  return `${what}: пока без замены`;
}

/**
 * The absent teacher's summary: who takes each of their lessons, what is cancelled, what is still open.
 * One notice per absence, replaced by the next decision's (never to the teacher who decided it).
 */
async function tellAbsentTeacher(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  { days }: AbsenceDetail,
): Promise<void> {
  const lessons = days.flatMap((day) => day.lessons);
  if (lessons.length === 0) return;
  const replaced = lessons.filter((item) => item.state === 'replaced').length;
  const cancelled = lessons.filter((item) => item.state === 'cancelled').length;
  const range =
    absence.startDate === absence.endDate
      ? formatDate(absence.startDate)
      : `${formatDate(absence.startDate)}–${formatDate(absence.endDate)}`;
  const counts = [
    `заменено ${replaced} из ${lessons.length}`,
    ...(cancelled ? [`отменено ${cancelled}`] : []),
  ];
  await queue.emit(db, 'notice.owed', {
    userId: absence.teacherId,
    actorId: actor.userId,
    notice: {
      organizationId: absence.organizationId,
      category: 'timetable',
      title: `Ваши уроки на ${range}: ${counts.join(', ')}`,
      body: lessons.map(coverLine).join('\n'),
      link: null,
      dedupeKey: `absence:${absence.id}`,
    },
  });
}

/**
 * After «Распределить всё»: each substitute it gave lessons to gets one notice listing every lesson of
 * this absence they take now (a later distribution replaces it), the first one's journal linked.
 */
async function tellSubstitutes(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  { days }: AbsenceDetail,
  substitutes: Set<number>,
): Promise<void> {
  const absent = shortName(absence);
  for (const teacherId of substitutes) {
    const taken = days
      .flatMap((day) => day.lessons)
      .filter((item) => item.state === 'replaced' && item.lesson.teacher_id === teacherId)
      .map((item) => item.lesson);
    const [first] = taken;
    if (!first) continue;
    await queue.emit(db, 'notice.owed', {
      userId: teacherId,
      actorId: actor.userId,
      notice: {
        organizationId: absence.organizationId,
        category: 'timetable',
        title: `Замены вместо ${absent}: ${taken.length} ${plural(taken.length, 'урок', 'урока', 'уроков')}`,
        body: taken
          .map(
            (lesson) =>
              `${formatDate(lesson.date)}, ${lesson.lesson_number}-й урок, ${lesson.group_name}, ${lesson.subject_name}`,
          )
          .join('\n'),
        link:
          first.load_id === null ? null : `/journal/${first.group_id}/${first.load_id}?date=${first.date}`,
        dedupeKey: `absence:${absence.id}:substitute:${teacherId}`,
      },
    });
  }
}

/**
 * DELETE /api/substitutions/absences/{id}: the absence was entered by mistake (or the teacher came
 * back): decisions of lessons not yet started go back to the timetable; started ones stay history.
 */
export async function removeAbsence(db: Database, queue: Queue, actor: Actor, id: number): Promise<void> {
  const absence = await absenceInScope(db, actor, id);
  const list = await absenceLessons(db, actor, absence);
  for (const lesson of list) {
    if (lessonStarted(lesson.date, lesson.start_time)) continue;
    if (!(await unswapLessons(db, queue, actor, lesson.id)) && stateOf(lesson) !== 'open')
      await changeLesson(db, queue, actor, lesson.id, { status: 'scheduled' });
  }
  await deleteAbsence(db, absence.id);
}

/**
 * PUT /api/substitutions/absences/{id}/lessons/{lessonId}: the decision for one lesson — a substitute
 * (a one-off change of the dated lesson: its journal goes to them), a cancellation, or back to open.
 * Refused once the lesson has started, and when the substitute cannot take it.
 */
export async function decideLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absenceId: number,
  lessonId: number,
  decision: CoverDecisionParsed,
): Promise<CoverLesson> {
  const absence = await absenceInScope(db, actor, absenceId);
  const list = await absenceLessons(db, actor, absence);
  const lesson = list.find((item) => item.id === lessonId);
  if (!lesson) throw notFound(LESSON_NOT_IN_ABSENCE);
  if (lessonStarted(lesson.date, lesson.start_time)) {
    throw conflict('Урок уже начался: решение по нему осталось в истории и не меняется');
  }
  if (decision.action === 'assign') {
    const teacherId = decision.teacher_id as number;
    if (teacherId === absence.teacherId)
      throw unprocessable(VALIDATION_MESSAGE, {
        teacher_id: ['Отсутствующий учитель не может заменять себя'],
      });
    const school = await schoolPicture(db, absence.organizationId, [lesson.date]);
    if (school.absentAt(teacherId, lesson.date, lesson.lesson_number))
      throw conflict('Этот учитель сам отсутствует в это время');
    if (await hasMarksByOthers(db, lesson.id, teacherId))
      throw conflict('По уроку уже выставлены оценки другим учителем: замену не назначить');
    // changeLesson refuses a teacher who gives another lesson then (409) and one of another school (422).
    await changeLesson(db, queue, actor, lesson.id, { status: 'replaced', teacher_id: teacherId });
  } else if (decision.action === 'merge' || decision.action === 'move') {
    const apply = decision.action === 'merge' ? mergeLesson : moveLesson;
    // A decided lesson changes its decision as one step: back to the timetable, then the new one.
    await db.transaction(async (tx) => {
      let current = lesson;
      if (await revertLesson(tx, queue, actor, absence, lesson)) {
        const fresh = (await absenceLessons(tx, actor, absence)).find((item) => item.id === lessonId);
        if (!fresh) throw notFound(LESSON_NOT_IN_ABSENCE);
        current = fresh;
      }
      await apply(tx, queue, actor, absence, current, decision.lesson_id as number);
    });
  } else if (decision.action === 'cancel') {
    if (await hasMarksByOthers(db, lesson.id, null))
      throw conflict('По уроку уже выставлены оценки: отменить его нельзя');
    if (lesson.status !== 'scheduled')
      await changeLesson(db, queue, actor, lesson.id, { status: 'scheduled' });
    await changeLesson(db, queue, actor, lesson.id, { status: 'cancelled' });
  } else {
    await revertLesson(db, queue, actor, absence, lesson);
  }
  // changeLesson has queued the notices: the class and the substitute hear of it (notifications);
  // the absent teacher gets the whole absence's picture.
  const now = await detail(db, actor, absence);
  await tellAbsentTeacher(db, queue, actor, absence, now);
  const fresh = now.days.flatMap((day) => day.lessons).find((item) => item.lesson.id === lessonId);
  if (!fresh) throw notFound(LESSON_NOT_IN_ABSENCE);
  return fresh;
}

/**
 * A lesson's decision undone: a swap put back, a substitute or a cancellation back to the timetable
 * (refused once the substitute has given marks). Whether there was anything to undo.
 */
async function revertLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  lesson: Lesson,
): Promise<boolean> {
  if (lesson.status === 'replaced' && (await hasMarksByOthers(db, lesson.id, absence.teacherId)))
    throw conflict('Заменяющий учитель уже выставил оценки: замену не отменить');
  if (await unswapLessons(db, queue, actor, lesson.id)) return true;
  if (lesson.status === 'scheduled') return false;
  await changeLesson(db, queue, actor, lesson.id, { status: 'scheduled' });
  return true;
}

const OTHER_LESSON_NOT_FOUND = 'Второй урок не найден';

/** The day around a lesson of the absence and the other lesson a merge or a move names (404 if none). */
async function lessonAndOther(db: Database, absence: AbsenceRow, lesson: Lesson, otherId: number) {
  const around = await surroundings(db, absence.organizationId, [lesson.date]);
  const own = around.byId.get(lesson.id);
  const other = around.byId.get(otherId);
  if (!own || !other) throw notFound(OTHER_LESSON_NOT_FOUND);
  return { around, own, other };
}

/**
 * «Объединить с 5Б»: the parallel class's teacher takes this class too — a replacement of the dated
 * lesson by them, their own lesson at that hour not counting as teaching elsewhere.
 */
async function mergeLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  lesson: Lesson,
  otherId: number,
) {
  const { around, own, other } = await lessonAndOther(db, absence, lesson, otherId);
  if (
    other.date !== own.date ||
    other.lessonNumber !== own.lessonNumber ||
    other.grade !== own.grade ||
    other.classId === own.classId ||
    other.subjectId !== own.subjectId
  )
    throw unprocessable(VALIDATION_MESSAGE, {
      lesson_id: ['Объединить можно только с уроком того же предмета параллельного класса в то же время'],
    });
  if (own.subgroupId !== null || other.subgroupId !== null)
    throw conflict('Урок по подгруппам не объединяется с другим классом');
  if (other.status === 'cancelled') throw conflict('Урок параллельного класса отменён');
  if (other.teacherId === null || other.teacherId === absence.teacherId)
    throw conflict('У урока параллельного класса нет другого учителя');
  const school = await schoolPicture(db, absence.organizationId, [lesson.date]);
  if (school.absentAt(other.teacherId, other.date, other.lessonNumber))
    throw conflict('Учитель параллельного класса сам отсутствует в это время');
  const fit = roomFit(around, own, other);
  if (fit.taken) throw conflict(`Объединить нельзя: ${fit.room_note}`);
  if (fit.fits === false) throw conflict(`Оба класса не поместятся: ${fit.room_note}`);
  if (await hasMarksByOthers(db, lesson.id, other.teacherId))
    throw conflict('По уроку уже выставлены оценки другим учителем: объединить нельзя');
  await changeLesson(
    db,
    queue,
    actor,
    lesson.id,
    { status: 'replaced', teacher_id: other.teacherId },
    { alongside: other.id },
  );
}

/**
 * «Перенести»: the lesson swaps its slot with a later lesson of the class that day whose teacher is
 * here and free then (timetable's swapLessons makes both one-off changes, the pupils told).
 */
async function moveLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  lesson: Lesson,
  otherId: number,
) {
  const { around, own, other } = await lessonAndOther(db, absence, lesson, otherId);
  if (other.classId !== own.classId || other.date !== own.date || other.lessonNumber <= own.lessonNumber)
    throw unprocessable(VALIDATION_MESSAGE, {
      lesson_id: ['Перенести можно только на более поздний урок этого класса в тот же день'],
    });
  if (lesson.status !== 'scheduled')
    throw conflict('По уроку уже принято решение: сначала верните его, затем переносите');
  if (other.teacherId === null) throw conflict('У второго урока нет учителя');
  const school = await schoolPicture(db, absence.organizationId, [lesson.date]);
  if (school.absentAt(other.teacherId, other.date, own.lessonNumber))
    throw conflict('Учитель второго урока отсутствует в это время');
  const clash = swapRoomClash(around, own, other);
  if (clash) throw conflict(`Перенос невозможен: ${clash}`);
  // swapLessons refuses a teacher busy at the new hour, a subgroup lesson, a lesson already changed.
  await swapLessons(db, queue, actor, lesson.id, other.id);
}

/**
 * POST /api/substitutions/absences/{id}/distribute: «Распределить всё» — the best candidate for
 * every open lesson not yet started, balanced across the staff (ranking.ts `distribute`).
 */
export async function distributeAbsence(
  db: Database,
  queue: Queue,
  actor: Actor,
  id: number,
): Promise<DistributeResult> {
  const absence = await absenceInScope(db, actor, id);
  const list = await absenceLessons(db, actor, absence);
  const open = list.filter(
    (lesson) => stateOf(lesson) === 'open' && !lessonStarted(lesson.date, lesson.start_time),
  );
  const school = await schoolPicture(
    db,
    absence.organizationId,
    list.map((lesson) => lesson.date),
  );
  const plan = distribute(
    open.map((lesson) => rankedOf(lesson, absence.teacherId)),
    school,
  );
  // Each substitute hears once, below, of all their lessons; the classes still hear of each lesson.
  for (const step of plan) {
    await changeLesson(
      db,
      queue,
      actor,
      step.lessonId,
      { status: 'replaced', teacher_id: step.teacherId },
      { substituteToldElsewhere: true },
    );
  }
  const now = await detail(db, actor, absence);
  // One summary for the absent teacher for the whole distribution, not one per lesson.
  if (plan.length > 0) await tellAbsentTeacher(db, queue, actor, absence, now);
  await tellSubstitutes(db, queue, actor, absence, now, new Set(plan.map((step) => step.teacherId)));
  return { assigned: plan.length, left_open: open.length - plan.length, detail: now };
}
