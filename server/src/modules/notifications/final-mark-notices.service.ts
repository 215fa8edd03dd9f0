import type { Database } from '../../db/client';
import type { FinalMarkChanged } from '../../queue/events';
import type { Queue } from '../../queue/queue';
import { type Channel, deliver, inAppChannel } from './channels';
import { findActiveUser, findFinalMarkSubject, findParentsOf } from './notices.repository';

export const FINAL_MARK_JOB = 'notify-final-mark';

/** A job of FINAL_MARK_JOB: a pupil's final mark of a subject and period set, changed or removed. */
export type FinalMarkJob = FinalMarkChanged;

/** Final marks changed (in the transaction that writes them): each is told at once. */
export async function finalMarksChanged(db: Database, queue: Queue, jobs: FinalMarkJob[]) {
  for (const job of jobs) await queue.send(db, FINAL_MARK_JOB, job);
}

/**
 * Tells the pupil and the pupil's parents of a final mark as it is now — «Итоговая оценка:
 * Математика, II четверть» «Иванов Пётр — 5», or that it was removed — one notice per pupil,
 * subject and period, updated in place when the teacher changes it again. Never to the teacher.
 */
export async function notifyFinalMark(
  db: Database,
  job: FinalMarkJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const mark = await findFinalMarkSubject(db, job.studentId, job.subjectId, job.periodId);
  if (!mark) return;
  const recipients = [
    ...(await findActiveUser(db, mark.user_id)),
    ...(await findParentsOf(db, mark.organization_id, job.studentId)),
  ].filter((user) => user.id !== job.actorId);
  await deliver(
    channels,
    {
      organizationId: mark.organization_id,
      category: 'final_marks',
      title: `Итоговая оценка: ${mark.subject_name}, ${mark.period_name}`,
      body:
        mark.value === null
          ? `${mark.surname} ${mark.name}: оценка снята учителем`
          : `${mark.surname} ${mark.name} — ${mark.value}`,
      link: `/diary?student=${job.studentId}`,
      dedupeKey: `final:${job.studentId}:${job.subjectId}:${job.periodId}`,
    },
    recipients.map((user) => ({ userId: user.id })),
    log,
  );
}
