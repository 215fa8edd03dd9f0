import { formatDate } from '@parta/shared/domain/dates';
import { formatAverage } from '@parta/shared/domain/marks';
import { groupName } from '@parta/shared/domain/names';
import { weightedAverage } from '@parta/shared/domain/reports';
import type { Database } from '../../db/client';
import type { Queue } from '../../queue/queue';
import { readSchoolSettings } from '../settings/school-settings.service';
import { type Channel, deliver, inAppChannel } from './channels';
import {
  findAbsentThreeDays,
  findAverageTrends,
  findNoMarks,
  findWarningReaders,
} from './warnings.repository';

/** The morning digest of early warnings (issue 38): one school's, for one day. */
export const WARNINGS_JOB = 'warnings-digest';
export interface WarningsJob {
  organizationId: number;
  date: string;
}

/** An average below this is a warning (when it fell there within the two weeks). */
export const LOW_AVERAGE = 3;
/** A fall of the average by this much within two weeks is a warning. */
export const AVERAGE_DROP = 0.5;
/** The digest is offered on the ticks of this many hours from the school's `warnings_hour`. */
const WARNINGS_HOURS = 3;

/**
 * On the digest tick: from the school's morning hour (its «Настройки», `warnings_hour`) for a few
 * hours, the day's warnings job. Repeated runs write nothing twice (one notice per reader and day).
 */
export async function warningsTick(
  db: Database,
  queue: Queue,
  organizationId: number,
  date: string,
  hour: number,
) {
  const { warnings_hour } = await readSchoolSettings(db, organizationId);
  if (hour >= warnings_hour && hour < warnings_hour + WARNINGS_HOURS)
    await queue.send(db, WARNINGS_JOB, { organizationId, date } satisfies WarningsJob);
}

/** One class's warnings, a line per pupil and finding. */
type ClassLines = Map<number, { name: string; lines: string[] }>;

/**
 * The school's early warnings as of the morning of `date`, per class: a pupil absent from every lesson
 * on the class's last three school days; a subject whose weighted average of the term fell below 3,0
 * or by 0,5 within two weeks; a subject with lessons but no mark for the pupil in three weeks.
 */
export async function earlyWarnings(db: Database, organizationId: number, date: string): Promise<ClassLines> {
  const classes: ClassLines = new Map();
  const add = (row: { class_id: number; grade: number; letter: string }, line: string) => {
    let entry = classes.get(row.class_id);
    if (!entry) {
      entry = { name: groupName({ number: row.grade, letter: row.letter }), lines: [] };
      classes.set(row.class_id, entry);
    }
    entry.lines.push(line);
  };
  const pupil = (row: { surname: string; name: string }) => `${row.surname} ${row.name}`;
  for (const row of await findAbsentThreeDays(db, organizationId, date))
    add(row, `${pupil(row)}: пропустил(а) все уроки 3 дня подряд (${row.days.map(formatDate).join(', ')})`);
  for (const row of await findAverageTrends(db, organizationId, date)) {
    const now = weightedAverage(row.sum_now ?? 0, row.weight_now ?? 0);
    const before = weightedAverage(row.sum_before ?? 0, row.weight_before ?? 0);
    if (now === null) continue;
    if (now < LOW_AVERAGE && (before === null || before >= LOW_AVERAGE))
      add(
        row,
        `${pupil(row)}, ${row.subject_name}: средний балл ${formatAverage(now)} — ниже 3,00${
          before === null ? '' : ` (две недели назад ${formatAverage(before)})`
        }`,
      );
    else if (before !== null && before - now >= AVERAGE_DROP - 1e-9)
      add(
        row,
        `${pupil(row)}, ${row.subject_name}: средний балл снизился за две недели с ${formatAverage(before)} до ${formatAverage(now)}`,
      );
  }
  for (const row of await findNoMarks(db, organizationId, date))
    add(
      row,
      `${pupil(row)}, ${row.subject_name}: нет оценок три недели${
        row.last_mark ? ` (последняя ${formatDate(row.last_mark)})` : ''
      }`,
    );
  return classes;
}

/**
 * The morning digest: to each class teacher their class's warnings, to each завуч the school's, one
 * notice per reader and day (`warnings:{date}`), updated in place when a later run finds otherwise.
 * No warnings for a reader — no notice. Only this school's pupils and staff.
 */
export async function notifyWarnings(
  db: Database,
  job: WarningsJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const classes = await earlyWarnings(db, job.organizationId, job.date);
  if (classes.size === 0) return;
  const readers = new Map<number, Set<number> | 'all'>();
  for (const reader of await findWarningReaders(db, job.organizationId)) {
    if (reader.class_id === null) readers.set(reader.user_id, 'all');
    else {
      const own = readers.get(reader.user_id);
      if (own === 'all') continue;
      readers.set(reader.user_id, (own ?? new Set()).add(reader.class_id));
    }
  }
  const ordered = [...classes.entries()].sort(([, a], [, b]) =>
    a.name.localeCompare(b.name, 'ru', { numeric: true }),
  );
  for (const [userId, scope] of readers) {
    const mine = ordered.filter(([classId]) => scope === 'all' || scope.has(classId));
    if (mine.length === 0) continue;
    const count = mine.reduce((total, [, entry]) => total + entry.lines.length, 0);
    const body = mine
      .map(([, entry]) => `${entry.name}\n${entry.lines.map((line) => `• ${line}`).join('\n')}`)
      .join('\n\n');
    await deliver(
      channels,
      {
        organizationId: job.organizationId,
        category: 'warnings',
        title: `Предупреждения на ${formatDate(job.date)}: ${count}`,
        body,
        link: null,
        dedupeKey: `warnings:${job.date}`,
      },
      [{ userId }],
      log,
    );
  }
}
