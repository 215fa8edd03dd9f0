import type { Database } from '../../db/client';
import type { Queue } from '../../queue/queue';
import { schoolToday } from '../clock/clock.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import type { MarksDigestJob } from './digests.service';
import { hasInstantMarks } from './preferences.repository';

/**
 * Marks «сразу» (issue 48): a mark saved in the journal is told to the families who chose «сразу»
 * within a minute — in the bell, by push and by e-mail — not on the digest's 10-minute tick. The
 * save queues one job per school and day that waits INSTANT_MARKS_DELAY_SECONDS: the marks a
 * teacher enters one after another in that time fold into it (pg-boss `short` policy: one waiting
 * job per key), and a mark saved while it runs queues the next one.
 */
export const MARKS_INSTANT_JOB = 'marks-instant';
/** How long the instant job waits for more marks of the same lesson before it tells them. */
export const INSTANT_MARKS_DELAY_SECONDS = 15;
/**
 * Whether a school has anyone who gets marks «сразу», remembered this long per instance: a save
 * costs no query then. A choice made on this instance is forgotten at once (`instantChoiceChanged`);
 * one made on another instance counts within this time (and the digest's tick catches a mark missed
 * meanwhile).
 */
const INSTANT_READERS_CACHE_MS = 15_000;

const instantSchools = new Map<number, { until: number; instant: boolean }>();

async function hasInstantReaders(db: Database, organizationId: number): Promise<boolean> {
  const known = instantSchools.get(organizationId);
  if (known && known.until > Date.now()) return known.instant;
  const instant =
    (await readSchoolSettings(db, organizationId)).marks_instant_by_default === 1 ||
    (await hasInstantMarks(db, organizationId));
  instantSchools.set(organizationId, { until: Date.now() + INSTANT_READERS_CACHE_MS, instant });
  return instant;
}

/**
 * A family's «сразу» choice changed on this instance: the next save asks again. (A change of the
 * school's default, in the settings module, still counts within INSTANT_READERS_CACHE_MS.)
 */
export function instantChoiceChanged(organizationId: number): void {
  instantSchools.delete(organizationId);
}

/**
 * A journal save of the school held (after its transaction): when someone there gets marks «сразу»,
 * the instant job of today is owed. Never fails the save it follows: a job not queued is told on the
 * digest's next tick all the same.
 */
export async function marksSaved(db: Database, queue: Queue, organizationId: number): Promise<void> {
  try {
    if (!(await hasInstantReaders(db, organizationId))) return;
    const date = schoolToday();
    await queue.send(
      db,
      MARKS_INSTANT_JOB,
      { organizationId, date, instantOnly: true } satisfies MarksDigestJob,
      {
        startAfterSeconds: INSTANT_MARKS_DELAY_SECONDS,
        singletonKey: `${organizationId}:${date}`,
      },
    );
  } catch (error) {
    console.warn(`Оценки «сразу» не поставлены в очередь: ${String(error)}`);
  }
}
