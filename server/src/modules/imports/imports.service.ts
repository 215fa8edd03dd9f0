import type {
  Import,
  ImportKind,
  ImportListItem,
  ImportPreview,
  ImportStatus,
} from '@parta/shared/domain/contracts/imports';
import { READ_IMPORT_KINDS } from '@parta/shared/domain/contracts/imports';
import { isInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { type Actor, can } from '../../plugins/auth';
import { forbidden, notFound, unprocessable } from '../../plugins/errors';
import { startThread } from '../../queue/off-thread';
import type { Queue } from '../../queue/queue';
import { assertNoActiveRun, claimRun, failRun, finishRun, keepAlive, startRun } from '../../queue/runs';
import { schoolNow } from '../clock/clock.service';
import { applyFetPlan, lockedTemplateName } from './fet-apply';
import type { FetData } from './fet-file';
import { planFet } from './fet-plan';
import { ImportFileError } from './import-file-error';
import {
  findImport,
  findImports,
  findLatestYear,
  findSchool,
  IMPORT_JOB,
  IMPORT_RUN,
  type ImportRow,
  insertImport,
  queueImport,
} from './imports.repository';
import { type ParseThreadMessage, parseThread } from './parse-thread';
import { previewOf } from './preview';

export { IMPORT_JOB };

/**
 * Imports (issue 50, docs/areas/imports.md): an uploaded file is read off the API's thread into the
 * kind's data and a preview of what it would do to the school (`imports` row, status preview);
 * applying it is a background run (queue/runs.ts; its job in imports.jobs.ts) that writes the whole
 * file in one transaction with the run's final state: all or nothing.
 */

/** The largest file an import takes (the route's body limit: a larger one is a 413). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** How long a file may take to read before it is refused. */
const PARSE_TIMEOUT_MS = 60_000;
const NOT_FOUND = 'Импорт не найден';
/** How often a running apply writes its progress and heartbeat. */
const PROGRESS_INTERVAL_MS = 1000;

export interface UploadedFile {
  fileName: string;
  body: Buffer;
}

const refuse = (message: string, field = 'file') => unprocessable(message, { [field]: [message] });

/** The kind a file's first bytes say it is: FET's `<fet`, aSc's `<timetable`, a workbook's zip. */
export function detectKind(body: Buffer): ImportKind | null {
  if (body.subarray(0, 2).toString('latin1') === 'PK') return null;
  const head = body.subarray(0, 4096).toString('latin1');
  if (/<fet[\s>]/.test(head)) return 'fet';
  if (/<timetable[\s>]/.test(head)) return 'asc';
  return null;
}

/** The file read in a worker thread: its data, or a 422 with the Russian reason. */
function readInThread(text: string): Promise<FetData> {
  return new Promise((resolve, reject) => {
    const worker = startThread(parseThread, { kind: 'fet', text });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(refuse('Файл читается слишком долго: он слишком сложен для импорта'));
    }, PARSE_TIMEOUT_MS);
    worker.on('message', (message: ParseThreadMessage) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.type === 'done') resolve(message.data as FetData);
      else if (message.type === 'refused') reject(unprocessable(message.message, message.fields));
      else reject(new Error(`Чтение файла импорта: ${message.message}`));
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The academic year an import fills: the school's latest with classes, else the current one. */
async function academicYearOf(db: Database, organizationId: number): Promise<string> {
  const latest = await findLatestYear(db, organizationId);
  if (latest) return latest;
  const now = schoolNow();
  const start = now.getMonth() >= 7 ? now.getFullYear() : now.getFullYear() - 1;
  return `${start}/${start + 1}`;
}

function statusOf(row: Pick<ImportRow, 'status'>): ImportStatus {
  if (row.status === 'queued' || row.status === 'running') return 'applying';
  if (row.status === 'stopped') return 'failed';
  return row.status;
}

function toListItem(
  row: Omit<
    ImportRow,
    | 'data'
    | 'preview'
    | 'organizationId'
    | 'createdBy'
    | 'runner'
    | 'startedAt'
    | 'heartbeatAt'
    | 'finishedAt'
  >,
): ImportListItem {
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    status: statusOf(row),
    file_name: row.fileName,
    created_at: row.createdAt.toISOString(),
    done: row.done,
    total: row.total,
    error: row.error,
    result: row.result ?? null,
  };
}

const toImport = (row: ImportRow): Import => ({ ...toListItem(row), preview: row.preview });

/** POST /api/imports: the file read and previewed against the caller's school (nothing written to it). */
export async function createImport(
  db: Database,
  actor: Actor,
  file: UploadedFile | null,
  askedKind: ImportKind | undefined,
): Promise<Import> {
  if (!file || file.body.length === 0) throw refuse('Приложите файл');
  const kind = askedKind ?? detectKind(file.body);
  if (!kind) throw refuse('Не удалось определить вид файла: ожидается файл FET (.fet)');
  if (!READ_IMPORT_KINDS.includes(kind))
    throw refuse('Этот вид файла пока не импортируется: загрузите файл FET (.fet)', 'kind');
  if (detectKind(file.body) !== kind) throw refuse('Файл не похож на файл FET: нет элемента <fet>');
  const text = file.body.toString('utf8');
  const data = await readInThread(text);
  let preview: ImportPreview;
  try {
    const organizationId = actor.organizationId;
    const academicYear = await academicYearOf(db, organizationId);
    const plan = planFet(data);
    preview = previewOf(
      plan,
      await findSchool(db, organizationId, academicYear, lockedTemplateName(file.fileName)),
      file.fileName,
      academicYear,
    );
  } catch (error) {
    if (error instanceof ImportFileError) throw unprocessable(error.message, error.fields);
    throw error;
  }
  const id = await insertImport(db, {
    organizationId: actor.organizationId,
    kind,
    fileName: file.fileName,
    data,
    preview,
    createdBy: actor.userId,
  });
  return getImport(db, actor, id);
}

async function importInScope(db: Database, actor: Actor, id: number): Promise<ImportRow> {
  const row = await findImport(db, id);
  if (!row || !isInScope(actor, row.organizationId)) throw notFound(NOT_FOUND);
  return row;
}

export async function getImport(db: Database, actor: Actor, id: number): Promise<Import> {
  return toImport(await importInScope(db, actor, id));
}

export async function listImports(db: Database, actor: Actor): Promise<ImportListItem[]> {
  return (await findImports(db, actor.organizationId)).map(toListItem);
}

/** POST /api/imports/{id}/apply: the background run queued (202); 409 when it is not a preview any more. */
export async function applyImport(db: Database, queue: Queue, actor: Actor, id: number): Promise<Import> {
  const row = await importInScope(db, actor, id);
  if (row.preview.creates_staff && !can(actor, 'users.edit'))
    throw forbidden('Файл добавляет сотрудников: применить его может тот, кто вправе добавлять сотрудников');
  await assertNoActiveRun(db, IMPORT_RUN, row.organizationId);
  await startRun(db, queue, IMPORT_RUN, async (tx) => {
    const queued = await queueImport(tx, id);
    if (queued === undefined)
      throw unprocessable('Этот импорт уже применён: загрузите файл снова', { id: ['Импорт уже применён'] });
    return queued;
  });
  return getImport(db, actor, id);
}

/**
 * The job: claims the row and writes the file's plan and the final state in one transaction; a
 * failure rolls every write back and leaves the row failed with a Russian reason.
 */
export async function runImport(
  db: Database,
  importId: number,
  log: (message: string) => void,
): Promise<void> {
  const row = await claimRun(db, IMPORT_RUN, importId);
  if (!row) return;
  let latest = { done: 0, total: 0 };
  // The heartbeat goes through the main connection beside the transaction (on PGlite, one connection,
  // it waits for the transaction's end: no sweep runs meanwhile either).
  const heartbeat = keepAlive(db, IMPORT_RUN, importId, {
    intervalMs: PROGRESS_INTERVAL_MS,
    progress: () => latest,
    log,
  });
  try {
    const plan = planFet(row.data as FetData);
    await db.transaction(async (tx) => {
      const result = await applyFetPlan(
        tx,
        plan,
        {
          organizationId: row.organizationId,
          academicYear: row.preview.academic_year,
          fileName: row.fileName,
        },
        (done, total) => {
          latest = { done, total };
        },
      );
      const finished = await finishRun(tx, IMPORT_RUN, importId, { status: 'done', result, ...latest });
      // Swept as lost meanwhile: nothing of the file is kept.
      if (!finished) tx.rollback();
    });
  } catch (error) {
    const reason = error instanceof ImportFileError ? error.message : undefined;
    await failRun(db, IMPORT_RUN, importId, log, error, reason);
  } finally {
    heartbeat.stop();
  }
}
