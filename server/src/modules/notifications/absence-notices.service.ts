import { formatDate } from '@parta/shared/domain/dates';
import type { Database } from '../../db/client';
import type { AbsenceRecorded } from '../../queue/events';
import type { Queue } from '../../queue/queue';
import { readSchoolSettings } from '../settings/school-settings.service';
import { type Channel, deliver, inAppChannel } from './channels';
import { findAbsenceSubject, findAbsencesOfDay, findParentsOf } from './notices.repository';

export const ABSENCE_JOB = 'notify-absence';

/** A job of ABSENCE_JOB: one pupil's absence entered in one lesson by `actorId`. */
export type AbsenceJob = AbsenceRecorded;

async function correctionMinutes(db: Database, organizationId: number) {
  return (await readSchoolSettings(db, organizationId)).absence_correction_minutes;
}

/**
 * «н»/«б» were saved (the event `journal.absences-recorded`, inside the journal's save transaction, so a job exists only if its mark does):
 * parents hear of each after the school's correction window, when the job reads what is left. A
 * pasted column of absences reads its school's window once, not once per cell.
 */
export async function absencesEntered(db: Database, queue: Queue, jobs: AbsenceJob[]): Promise<void> {
  const windows = new Map<number, number>();
  for (const job of jobs) {
    const subject = await findAbsenceSubject(db, job.lessonId, job.studentId);
    if (!subject) continue;
    let minutes = windows.get(subject.organization_id);
    if (minutes === undefined) {
      minutes = await correctionMinutes(db, subject.organization_id);
      windows.set(subject.organization_id, minutes);
    }
    await queue.send(db, ABSENCE_JOB, job, { startAfterSeconds: minutes * 60 });
  }
}

/**
 * Tells a pupil's parents of the pupil's absences of the lesson's day, as they are now: none left
 * (all corrected) — nothing; otherwise one notification per pupil and day listing every lesson
 * missed so far, updated in place by later runs. Never to whoever entered one of them; only to
 * parents linked in the pupil's school.
 */
export async function notifyAbsence(
  db: Database,
  job: AbsenceJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const subject = await findAbsenceSubject(db, job.lessonId, job.studentId);
  if (!subject) return;
  const minutes = await correctionMinutes(db, subject.organization_id);
  const absences = await findAbsencesOfDay(db, subject.organization_id, job.studentId, subject.date, minutes);
  if (absences.length === 0) return;
  const actors = new Set([job.actorId, ...absences.map((absence) => absence.created_by)]);
  const recipients = (await findParentsOf(db, subject.organization_id, job.studentId))
    .filter((parent) => !actors.has(parent.id))
    .map((parent) => ({ userId: parent.id }));
  if (recipients.length === 0) return;
  const lines = absences.map(
    (absence) =>
      `${absence.lesson_number}-й урок — ${absence.subject_name}${absence.value === 'б' ? ' (по болезни)' : ''}`,
  );
  await deliver(
    channels,
    {
      organizationId: subject.organization_id,
      category: 'absence',
      title: `${subject.surname} ${subject.name}: пропуск ${formatDate(subject.date)}`,
      body: `Пропущено уроков: ${absences.length}\n${lines.join('\n')}`,
      link: `/diary?week=${subject.date}&student=${job.studentId}`,
      dedupeKey: `absence:${job.studentId}:${subject.date}`,
    },
    recipients,
    log,
  );
}
