import type {
  Import,
  ImportApplyBody,
  ImportKind,
  ImportListItem,
  ImportPreview,
  ImportStatus,
} from '@parta/shared/domain/contracts/imports';
import { IMPORT_KIND_NAMES } from '@parta/shared/domain/contracts/imports';
import { isInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { type Actor, can } from '../../plugins/auth';
import { forbidden, notFound, unprocessable } from '../../plugins/errors';
import { startThread } from '../../queue/off-thread';
import type { Queue } from '../../queue/queue';
import { assertNoActiveRun, claimRun, failRun, finishRun, keepAlive, startRun } from '../../queue/runs';
import { schoolNow } from '../clock/clock.service';
import type { AscData } from './asc-file';
import { planAsc } from './asc-plan';
import { applyFetPlan, lockedTemplateName } from './fet-apply';
import type { FetData } from './fet-file';
import { type FetPlan, planFet } from './fet-plan';
import { ImportFileError } from './import-file-error';
import {
  findImport,
  findImports,
  findLatestYear,
  findSchool,
  findSetting,
  IMPORT_JOB,
  IMPORT_RUN,
  type ImportRow,
  insertImport,
  queueImport,
} from './imports.repository';
import { type Chosen, MAPPABLE } from './match';
import { type ParseThreadMessage, parseThread } from './parse-thread';
import { previewOf } from './preview';
import { checkRegister } from './register-check';

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

/**
 * The kind a file's first bytes say it is: FET's `<fet`, aSc's `<timetable`, or `xlsx` for a
 * workbook's zip (which register it is, its header row tells, read in the thread).
 */
export function detectKind(body: Buffer): ImportKind | 'xlsx' | null {
  if (body.subarray(0, 2).toString('latin1') === 'PK') return 'xlsx';
  const head = body.subarray(0, 4096).toString('latin1');
  if (/<fet[\s>]/.test(head)) return 'fet';
  if (/<timetable[\s>]/.test(head)) return 'asc';
  return null;
}

/** The plan of what an import read (one plan for every kind: fet-plan.ts). */
export function planOf(kind: string, data: unknown): FetPlan {
  if (kind === 'fet') return planFet(data as FetData);
  if (kind === 'asc') return planAsc(data as AscData);
  return data as FetPlan;
}

/** The file read in a worker thread: its kind and data, or a 422 with the Russian reason. */
function readInThread(
  kind: ImportKind | 'xlsx',
  bytes: Buffer,
): Promise<{ kind: ImportKind; data: unknown }> {
  return new Promise((resolve, reject) => {
    const worker = startThread(parseThread, { kind, bytes: new Uint8Array(bytes) });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(refuse('Файл читается слишком долго: он слишком сложен для импорта'));
    }, PARSE_TIMEOUT_MS);
    worker.on('message', (message: ParseThreadMessage) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.type === 'done') resolve(message.read);
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

/** The week a preview counts СанПиН against: the file's, else the school's setting (6 days). */
async function workingDaysOf(db: Database, organizationId: number, plan: FetPlan): Promise<number> {
  return plan.days ?? Number((await findSetting(db, organizationId, 'working_days_per_week')) ?? 6);
}

/** The preview of a plan against the school as it is now (with the user's choices, when given). */
async function previewFor(
  db: Database,
  organizationId: number,
  plan: FetPlan,
  fileName: string,
  chosen?: Chosen,
): Promise<ImportPreview> {
  const academicYear = await academicYearOf(db, organizationId);
  const school = await findSchool(db, organizationId, academicYear, lockedTemplateName(fileName));
  await checkRegister(db, organizationId, plan, school);
  return previewOf(plan, school, {
    fileName,
    academicYear,
    workingDays: await workingDaysOf(db, organizationId, plan),
    chosen,
  });
}

const ANY_KIND = 'ожидается файл FET (.fet), aSc Timetables (.xml) или реестр Excel (.xlsx)';

/** POST /api/imports: the file read and previewed against the caller's school (nothing written to it). */
export async function createImport(
  db: Database,
  actor: Actor,
  file: UploadedFile | null,
  askedKind: ImportKind | undefined,
): Promise<Import> {
  if (!file || file.body.length === 0) throw refuse('Приложите файл');
  const detected = detectKind(file.body);
  const kind = askedKind ?? detected;
  if (!kind) throw refuse(`Не удалось определить вид файла: ${ANY_KIND}`);
  if (askedKind && detected !== (askedKind.startsWith('xlsx') ? 'xlsx' : askedKind))
    throw refuse(`Файл не похож на то, что выбрано: ${IMPORT_KIND_NAMES[askedKind]}`);
  const read = await readInThread(kind, file.body);
  let preview: ImportPreview;
  try {
    preview = await previewFor(db, actor.organizationId, planOf(read.kind, read.data), file.fileName);
  } catch (error) {
    if (error instanceof ImportFileError) throw unprocessable(error.message, error.fields);
    throw error;
  }
  const id = await insertImport(db, {
    organizationId: actor.organizationId,
    kind: read.kind,
    fileName: file.fileName,
    data: read.data,
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

/**
 * The user's mapping changes checked against the preview: each source one of the file's names of
 * that entity, each id one of the choices the preview offered.
 */
function chosenOf(preview: ImportPreview, body: ImportApplyBody | undefined): Chosen | undefined {
  const mapping = body?.mapping;
  if (!mapping) return undefined;
  const errors: string[] = [];
  for (const entity of MAPPABLE) {
    const sources = new Set(preview.mappings.filter((m) => m.entity === entity).map((m) => m.source));
    const ids = new Set((preview.choices[entity] ?? []).map((c) => c.id));
    for (const [source, target] of Object.entries(mapping[entity] ?? {})) {
      if (!sources.has(source)) errors.push(`«${source}» нет в файле`);
      else if (target !== null && !ids.has(target))
        errors.push(`«${source}»: нет записи ${target}, с которой сопоставить`);
    }
  }
  if (errors.length > 0)
    throw unprocessable('Сопоставление не подходит к этому импорту', { mapping: errors });
  return mapping;
}

/** What the user chose in a preview, read back from its mappings (the run applies it). */
function chosenIn(preview: ImportPreview): Chosen {
  const chosen: Chosen = {};
  for (const m of preview.mappings)
    if (m.match === 'chosen' && (MAPPABLE as readonly string[]).includes(m.entity)) {
      const entity = m.entity as (typeof MAPPABLE)[number];
      chosen[entity] = { ...chosen[entity], [m.source]: m.target_id };
    }
  return chosen;
}

/**
 * POST /api/imports/{id}/apply: the background run queued (202), with the user's mapping changes
 * (the preview is recomputed with them and kept as what is applied); 422 when it is not a preview
 * any more.
 */
export async function applyImport(
  db: Database,
  queue: Queue,
  actor: Actor,
  id: number,
  body?: ImportApplyBody,
): Promise<Import> {
  const row = await importInScope(db, actor, id);
  const chosen = chosenOf(row.preview, body);
  if (chosen && row.status === 'preview') {
    try {
      row.preview = await previewFor(db, row.organizationId, planOf(row.kind, row.data), row.fileName, {
        ...chosenIn(row.preview),
        ...chosen,
      });
    } catch (error) {
      if (error instanceof ImportFileError) throw unprocessable(error.message, error.fields);
      throw error;
    }
  }
  if (row.preview.creates_staff && !can(actor, 'users.edit'))
    throw forbidden('Файл добавляет сотрудников: применить его может тот, кто вправе добавлять сотрудников');
  await assertNoActiveRun(db, IMPORT_RUN, row.organizationId);
  await startRun(db, queue, IMPORT_RUN, async (tx) => {
    const queued = await queueImport(tx, id, chosen ? row.preview : undefined);
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
    const plan = planOf(row.kind, row.data);
    await db.transaction(async (tx) => {
      const result = await applyFetPlan(
        tx,
        plan,
        {
          organizationId: row.organizationId,
          academicYear: row.preview.academic_year,
          fileName: row.fileName,
          chosen: chosenIn(row.preview),
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
