import {
  ARCHIVE_TAMPERED_MESSAGE,
  type ArchiveBuild,
  type ArchiveBuildInputParsed,
  type ArchiveQueryParsed,
  type ArchiveRegister,
} from '@parta/shared/domain/contracts/archive';
import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { schoolOrLedClasses } from '../../access/class-teacher';
import { inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { archiveBuilds, archiveFiles } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { startRun } from '../../queue/runs';
import { schoolToday } from '../clock/clock.service';
import { schoolCourseJournals } from '../extracurricular/course-journal.service';
import { getPeriod } from '../periods/periods.service';
import {
  ARCHIVE_RUN,
  findArchiveClasses,
  findBuilds,
  findFileContents,
  findRegister,
  insertBuild,
} from './archive.repository';
import { courseDates, sha256 } from './archive-build';

/**
 * «Архив года» (issue 40), the requests: start a build (a background run of queue/runs.ts, built by
 * archive-build.ts, its job in archive.jobs.ts), follow it, read the register, download a file or
 * the whole period as a zip.
 *
 * Who reaches the archive (access/class-teacher.ts `schoolOrLedClasses`). The whole school's:
 * whoever closes and reopens periods (periods.edit — the director and the завуч), the year's end
 * being theirs; a class teacher: the files of the classes they lead, read only; nobody else.
 * Another school's rows are never found (404).
 */
const SCHOOL_KEY = 'periods.edit';
const FORBIDDEN_MESSAGE = 'Архив года доступен директору, завучу и классному руководителю своего класса';
const BUILD_FORBIDDEN = 'Сформировать архив может директор или завуч';
const NOT_CLOSED = 'Период не закрыт: архив формируется за учебный год или за закрытый период';
const NO_CLASSES = 'В этом периоде нет классов: архивировать нечего';
const BUILD_NOT_FOUND = 'Архив не найден';
const FILE_NOT_FOUND = 'Файл архива не найден';

const reachOf = (db: Database, actor: Actor) => schoolOrLedClasses(db, actor, SCHOOL_KEY, FORBIDDEN_MESSAGE);

/**
 * POST /api/archive/builds: the school of the period gets a build, queued with its job in one
 * transaction; one build under way per school (409 on any instance).
 */
export async function startBuild(
  db: Database,
  queue: Queue,
  actor: Actor,
  input: ArchiveBuildInputParsed,
): Promise<ArchiveBuild> {
  if (!actor.permissions.has(SCHOOL_KEY)) throw forbidden(BUILD_FORBIDDEN);
  const period = await getPeriod(db, actor, input.period_id);
  if (period.kind !== 'year' && !period.closed) throw unprocessable(NOT_CLOSED, { period_id: [NOT_CLOSED] });
  const targets = await findArchiveClasses(db, period.organization_id, period.academic_year, period.grades);
  if (targets.length === 0) throw unprocessable(NO_CLASSES, { period_id: [NO_CLASSES] });
  const { from, to } = courseDates(period, schoolToday());
  const courses = await schoolCourseJournals(db, actor, from, to);
  const id = await startRun(db, queue, ARCHIVE_RUN, (tx) =>
    insertBuild(tx, {
      organizationId: period.organization_id,
      periodId: period.id,
      total: targets.length + courses.length,
      createdBy: actor.userId,
    }),
  );
  return getBuild(db, actor, id);
}

/** GET /api/archive/builds/{id}: progress and outcome, for the school or its class teachers. */
export async function getBuild(db: Database, actor: Actor, id: number): Promise<ArchiveBuild> {
  await reachOf(db, actor);
  const [row] = await findBuilds(
    db,
    and(eq(archiveBuilds.id, id), inScope(actor, archiveBuilds.organizationId)),
  );
  if (!row) throw notFound(BUILD_NOT_FOUND);
  return row;
}

/** GET /api/archive: the period's latest build and the register (a class teacher: their classes' rows). */
export async function archiveRegister(
  db: Database,
  actor: Actor,
  query: ArchiveQueryParsed,
): Promise<ArchiveRegister> {
  const classRule = await reachOf(db, actor);
  const period = await getPeriod(db, actor, query.period_id);
  const [[build], files] = await Promise.all([
    findBuilds(db, and(eq(archiveBuilds.periodId, period.id), inScope(actor, archiveBuilds.organizationId))),
    findRegister(
      db,
      and(
        eq(archiveFiles.periodId, period.id),
        inScope(actor, archiveFiles.organizationId),
        classRule(archiveFiles.classId),
      ),
    ),
  ]);
  return { build: build ?? null, files };
}

/** A stored file whose bytes no longer give the register's checksum and size is never served. */
function verified<T extends { content: Buffer; sha256: string; size: number }>(file: T): T {
  if (file.content.length !== file.size || sha256(file.content) !== file.sha256) {
    throw new HttpError(409, ARCHIVE_TAMPERED_MESSAGE);
  }
  return file;
}

/** GET /api/archive/files/{id}: the file's bytes, checked against the register first. */
export async function downloadFile(
  db: Database,
  actor: Actor,
  id: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  const classRule = await reachOf(db, actor);
  const [file] = await findFileContents(
    db,
    and(
      eq(archiveFiles.id, id),
      inScope(actor, archiveFiles.organizationId),
      classRule(archiveFiles.classId),
    ),
  );
  if (!file) throw notFound(FILE_NOT_FOUND);
  const checked = verified(file);
  return { fileName: checked.fileName, bytes: checked.content };
}

/**
 * GET /api/archive/zip: the latest file of every class (and course) for the period, each checked against the
 * register, with the register's lines as a `sha256sum -c` list beside them.
 */
export async function downloadZip(
  db: Database,
  actor: Actor,
  query: ArchiveQueryParsed,
): Promise<{ fileName: string; bytes: Buffer }> {
  const classRule = await reachOf(db, actor);
  const period = await getPeriod(db, actor, query.period_id);
  const rows = await findFileContents(
    db,
    and(
      eq(archiveFiles.periodId, period.id),
      inScope(actor, archiveFiles.organizationId),
      classRule(archiveFiles.classId),
    ),
  );
  // The latest file of each class journal and of each course's journal.
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = row.courseId === null ? `class ${row.classId}` : `course ${row.courseId}`;
    if (!latest.has(key)) latest.set(key, row);
  }
  if (latest.size === 0) throw notFound('Архив за этот период ещё не сформирован');
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  const sums: string[] = [];
  for (const file of latest.values()) {
    verified(file);
    entries[file.fileName] = [file.content, { level: 0 }];
    sums.push(`${file.sha256}  ${file.fileName}`);
  }
  entries['SHA256SUMS.txt'] = [Buffer.from(`${sums.join('\n')}\n`, 'utf8'), { level: 0 }];
  const yearName = period.academic_year.replace('/', '-');
  return {
    fileName: `Архив ${yearName}${period.kind === 'year' ? '' : ` ${period.name}`}.zip`,
    bytes: Buffer.from(zipSync(entries)),
  };
}
