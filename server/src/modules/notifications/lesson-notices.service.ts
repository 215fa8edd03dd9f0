import { formatDate } from '@parta/shared/domain/dates';
import { groupName, shortName } from '@parta/shared/domain/names';
import { addDays } from '@parta/shared/domain/timetable';
import type { Database } from '../../db/client';
import type { LessonChanged } from '../../queue/events';
import type { Queue } from '../../queue/queue';
import { schoolToday } from '../clock/clock.service';
import { type Channel, deliver, inAppChannel } from './channels';
import { findChangedLesson, findFamiliesOfLesson } from './notices.repository';

export const LESSON_CHANGE_JOB = 'notify-lesson-change';
/** A lesson changed for a day this many days ahead or sooner is told of at once; later ones the diary shows. */
export const LESSON_CHANGE_DAYS = 7;

/** A job of LESSON_CHANGE_JOB: a dated lesson changed by `actorId`, and what it was before. */
export type LessonChangeJob = LessonChanged;

/**
 * A one-off change of a dated lesson was saved (the event `timetable.lesson-changed`, inside the change's transaction, so a notice is owed
 * only for a change that holds): told at once when the lesson was or is within the next
 * LESSON_CHANGE_DAYS days, from today on.
 */
export async function lessonChanged(db: Database, queue: Queue, job: LessonChangeJob, date: string) {
  const today = schoolToday();
  const last = addDays(today, LESSON_CHANGE_DAYS);
  if (![date, job.previous.date].some((day) => day >= today && day <= last)) return;
  await queue.send(db, LESSON_CHANGE_JOB, job);
}

/**
 * Tells of a lesson as it is now: the class's pupils and parents (one notice per lesson, updated in
 * place by a later change, so an undone замена reads «по расписанию»); the substitute that they take
 * it, with the link to its journal; a substitute taken off it that it is no longer theirs. Never to
 * whoever made the change.
 */
export async function notifyLessonChange(
  db: Database,
  job: LessonChangeJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const lesson = await findChangedLesson(db, job.lessonId);
  if (!lesson) return;
  const group = groupName({ number: lesson.grade, letter: lesson.letter });
  const when = `${formatDate(lesson.date)}, ${lesson.lesson_number}-й урок`;
  const teacher = shortName(lesson.teacher);
  const original = lesson.original ? ` вместо ${shortName(lesson.original)}` : '';
  const notice = {
    replaced: {
      title: `${group}: замена ${formatDate(lesson.date)}`,
      body: `${when} — ${lesson.subject_name}: ведёт ${teacher}${original}`,
    },
    cancelled: {
      title: `${group}: урок отменён ${formatDate(lesson.date)}`,
      body: `${when} — ${lesson.subject_name}`,
    },
    moved: {
      title: `${group}: урок перенесён`,
      body: `${lesson.subject_name}: ${when}${
        lesson.date !== job.previous.date ? ` (было ${formatDate(job.previous.date)})` : ''
      }`,
    },
    scheduled: {
      title: `${group}: урок по расписанию ${formatDate(lesson.date)}`,
      body: `${when} — ${lesson.subject_name}, ведёт ${teacher}`,
    },
  }[lesson.status];
  const notMe = (recipient: { id: number }) => recipient.id !== job.actorId;
  const families = (await findFamiliesOfLesson(db, lesson)).filter(notMe);
  const base = { organizationId: lesson.organization_id, category: 'timetable' as const };
  await deliver(
    channels,
    { ...base, ...notice, link: `/diary?week=${lesson.date}`, dedupeKey: `lesson:${job.lessonId}` },
    families.map((user) => ({ userId: user.id })),
    log,
  );
  const journal =
    lesson.load_id === null ? null : `/journal/${lesson.class_id}/${lesson.load_id}?date=${lesson.date}`;
  if (
    lesson.status === 'replaced' &&
    lesson.teacher_id !== null &&
    lesson.teacher_id !== job.actorId &&
    !job.substituteToldElsewhere
  ) {
    await deliver(
      channels,
      {
        ...base,
        title: `Замена: ${group}, ${lesson.subject_name}`,
        body: `${when}${original}`,
        link: journal,
        dedupeKey: `substitute:${job.lessonId}:${lesson.teacher_id}`,
      },
      [{ userId: lesson.teacher_id }],
      log,
    );
  }
  const before = job.previous.teacherId;
  if (
    job.previous.status === 'replaced' &&
    before !== null &&
    before !== job.actorId &&
    (lesson.status !== 'replaced' || lesson.teacher_id !== before)
  ) {
    await deliver(
      channels,
      {
        ...base,
        title: `Замена снята: ${group}, ${lesson.subject_name}`,
        body: `${when}: ${lesson.status === 'cancelled' ? 'урок отменён' : `урок ведёт ${teacher}`}`,
        link: null,
        dedupeKey: `substitute:${job.lessonId}:${before}`,
      },
      [{ userId: before }],
      log,
    );
  }
}
