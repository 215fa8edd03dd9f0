import { formatDate } from '@parta/shared/domain/dates';
import { formatAverage } from '@parta/shared/domain/marks';
import { weightedAverage } from '@parta/shared/domain/reports';
import { addDays } from '@parta/shared/domain/timetable';
import type { Database } from '../../db/client';
import type { Queue } from '../../queue/queue';
import { SCHOOL_TIME_ZONE, schoolTime, schoolToday } from '../clock/clock.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import { type Channel, deliver, inAppChannel, type OutgoingNotification } from './channels';
import { preferenceDefaults } from './email-channel';
import {
  findHomeworkOfDay,
  findMarkChangesOfDay,
  findOrganizationIds,
  findParentLinks,
} from './notices.repository';
import { findPreferences, hasInstantMarks } from './preferences.repository';
import { warningsTick } from './warnings.service';

export const MARKS_DIGEST_JOB = 'marks-digest';
/** How often each instance looks whether a school's digest hour has come. */
export const DIGEST_TICK_MS = 10 * 60 * 1000;

/** A job of MARKS_DIGEST_JOB: one school's marks of one day, told to its families. */
export interface MarksDigestJob {
  organizationId: number;
  date: string;
  /** Before the digest hour: only to those who get marks «сразу». */
  instantOnly?: boolean;
}

/**
 * Every DIGEST_TICK_MS on each instance: a school whose digest hour (its «Настройки») has come today
 * gets the day's digest job. Sent again on each tick until midnight, so a mark changed in the evening
 * updates the evening's digest; the job writes each family's one notice of the day in place, so
 * repeated or parallel runs (two instances) tell nothing twice. Before the hour, a school where
 * someone gets marks «сразу» gets a job for them only: their notice of the day follows each tick.
 */
export async function digestTick(db: Database, queue: Queue): Promise<void> {
  const date = schoolToday();
  const hour = Number(schoolTime().slice(0, 2));
  for (const { id } of await findOrganizationIds(db)) {
    await warningsTick(db, queue, id, date, hour);
    const { digest_hour, marks_instant_by_default } = await readSchoolSettings(db, id);
    if (hour >= digest_hour) await queue.send(db, MARKS_DIGEST_JOB, { organizationId: id, date });
    else if (marks_instant_by_default === 1 || (await hasInstantMarks(db, id)))
      await queue.send(db, MARKS_DIGEST_JOB, { organizationId: id, date, instantOnly: true });
  }
}

/**
 * The evening digest of marks: to each parent one notice of the day with every child whose marks
 * changed that day (a parent of two children reads both in one), to each pupil their own — per
 * subject the marks those lessons hold now («оценка снята» when removed) and the new weighted average
 * of the term. One notice per user and day (`marks-digest:{date}`), updated when marks change again.
 */
export async function notifyMarksDigest(
  db: Database,
  job: MarksDigestJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  if (!job.instantOnly) await notifyHomework(db, job, log, channels);
  const rows = await findMarkChangesOfDay(db, job.organizationId, job.date, SCHOOL_TIME_ZONE);
  if (rows.length === 0) return;
  const pupils: PupilLines = new Map();
  for (const row of rows) {
    const average = weightedAverage(row.sum ?? 0, row.weight ?? 0);
    linesOf(pupils, row).push(
      `${row.subject_name}: ${row.marks ?? 'оценка снята'}${average === null ? '' : ` · средний ${formatAverage(average)}`}`,
    );
  }
  const readers = await readersOf(db, job.organizationId, pupils);
  if (job.instantOnly) {
    const defaults = await preferenceDefaults(db, job.organizationId);
    const chosen = new Map(
      (await findPreferences(db, [...readers.keys()]))
        .filter((row) => row.category === 'marks')
        .map((row) => [row.userId, row.instant]),
    );
    for (const userId of readers.keys())
      if (!(chosen.get(userId) ?? defaults.instant)) readers.delete(userId);
  }
  await tellReaders(readers, pupils, log, channels, (studentIds, own) => ({
    organizationId: job.organizationId,
    category: 'marks',
    title: `Оценки за ${formatDate(job.date)}`,
    link: `/diary?week=${job.date}${studentIds.length === 1 && !own ? `&student=${studentIds[0]}` : ''}`,
    dedupeKey: `marks-digest:${job.date}`,
  }));
}

/** Per pupil: name, account and the lines a family's notice tells of them. */
type PupilLines = Map<number, { name: string; userId: number | null; lines: string[] }>;

function linesOf(
  pupils: PupilLines,
  row: { student_id: number; surname: string; name: string; user_id: number | null },
) {
  let pupil = pupils.get(row.student_id);
  if (!pupil) {
    pupil = { name: `${row.surname} ${row.name}`, userId: row.user_id, lines: [] };
    pupils.set(row.student_id, pupil);
  }
  return pupil.lines;
}

/** Who reads of which pupils: each pupil their own, each parent linked in the school their children. */
async function readersOf(db: Database, organizationId: number, pupils: PupilLines) {
  const readers = new Map<number, number[]>();
  const add = (userId: number, studentId: number) =>
    readers.set(userId, [...(readers.get(userId) ?? []), studentId]);
  for (const [studentId, pupil] of pupils) if (pupil.userId !== null) add(pupil.userId, studentId);
  for (const link of await findParentLinks(db, organizationId, [...pupils.keys()]))
    add(link.parent_id, link.student_id);
  return readers;
}

/**
 * One notice to each reader: a pupil's own lines, or each child's under their name (a parent of two
 * reads both in one notice).
 */
async function tellReaders(
  readers: Map<number, number[]>,
  pupils: PupilLines,
  log: (message: string) => void,
  channels: readonly Channel[],
  notice: (studentIds: number[], own: boolean) => Omit<OutgoingNotification, 'body'>,
) {
  for (const [userId, studentIds] of readers) {
    const own = studentIds.length === 1 && pupils.get(studentIds[0])!.userId === userId;
    const body = studentIds
      .map((studentId) => {
        const pupil = pupils.get(studentId)!;
        return own ? pupil.lines.join('\n') : `${pupil.name}\n${pupil.lines.join('\n')}`;
      })
      .join('\n\n');
    await deliver(channels, { ...notice(studentIds, own), body }, [{ userId }], log);
  }
}

/**
 * With the evening digest: the homework of the next day's lessons, one notice per pupil or parent
 * and day (`homework:{date}`), updated in place when a teacher sets or changes one later that evening.
 */
export async function notifyHomework(
  db: Database,
  job: MarksDigestJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const tomorrow = addDays(job.date, 1);
  const rows = await findHomeworkOfDay(db, job.organizationId, tomorrow);
  if (rows.length === 0) return;
  const pupils: PupilLines = new Map();
  for (const row of rows) {
    const files = Number(row.files) > 0 ? `файлов: ${row.files}` : '';
    linesOf(pupils, row).push(
      `${row.subject_name}: ${[row.homework, files && (row.homework ? `(${files})` : files)].filter(Boolean).join(' ')}`,
    );
  }
  await tellReaders(
    await readersOf(db, job.organizationId, pupils),
    pupils,
    log,
    channels,
    (studentIds, own) => ({
      organizationId: job.organizationId,
      category: 'homework',
      title: `Домашнее задание на ${formatDate(tomorrow)}`,
      link: `/diary?week=${tomorrow}${studentIds.length === 1 && !own ? `&student=${studentIds[0]}` : ''}`,
      dedupeKey: `homework:${tomorrow}`,
    }),
  );
}
