import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { setPriority } from 'node:os';
import path from 'node:path';
import {
  ARCHIVE_TAMPERED_MESSAGE,
  type ArchiveBuild,
  type ArchiveBuildInputParsed,
  type ArchiveQueryParsed,
  type ArchiveRegister,
} from '@parta/shared/domain/contracts/archive';
import type { FinalGrid, JournalGrid } from '@parta/shared/domain/contracts/journal';
import type { LoadItem, Period } from '@parta/shared/domain/contracts/timetable';
import { formatDate } from '@parta/shared/domain/dates';
import {
  FINAL_MARK_LEGEND,
  finalMarkState,
  finalMarkText,
  formatAverage,
  formatCell,
  weightedAverage,
  weightedGrades,
} from '@parta/shared/domain/marks';
import { fullName, groupName } from '@parta/shared/domain/names';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { archiveBuilds, archiveFiles, classes } from '../../db/schema';
import type { ArchiveBlock, ArchiveDocument, GridColumn, writeArchivePdf } from '../../files/archive-pdf';
import { writeArchivePdfInThread } from '../../files/archive-pdf-thread';
import type { Actor } from '../../plugins/auth';
import {
  conflict,
  databaseErrorCode,
  forbidden,
  HttpError,
  notFound,
  unprocessable,
} from '../../plugins/errors';
import type { JobKind, Queue } from '../../queue/queue';
import { schoolToday } from '../clock/clock.service';
import { finalGrid } from '../journal/final-marks.service';
import { openJournal } from '../journal/journal.service';
import { listLoads } from '../loads/loads.service';
import { getPeriod, listPeriods } from '../periods/periods.service';
import { listSubjects } from '../subjects/subjects.service';
import {
  claimBuild,
  failRunningBuild,
  failStaleBuilds,
  findArchiveClasses,
  findBuilds,
  findFileContents,
  findLessonTeachers,
  findOrganizationName,
  findRegister,
  finishBuild,
  insertBuild,
  insertFile,
  touchBuild,
} from './archive.repository';

export const ARCHIVE_JOB = 'archive-year';
/**
 * The generator's rule (timetable-generator): the instance running a build writes its heartbeat
 * every HEARTBEAT_INTERVAL_MS, whatever the class it is on; a build whose heartbeat is older than
 * STALE_AFTER_SECONDS lost its instance (killed, frozen) and the sweep, every SWEEP_INTERVAL_MS on
 * every instance, fails it: at most ~15 s after the instance died the school may start another
 * (a heartbeat of the class done alone left it «running» for over 10 minutes).
 */
export const HEARTBEAT_INTERVAL_MS = 2000;
export const STALE_AFTER_SECONDS = 10;
export const SWEEP_INTERVAL_MS = 5000;
/**
 * Where the build runs (docs/ARCHITECTURE.md «Year archive»). On PostgreSQL: in a child process of
 * its own (archive-child.ts) at the lowest CPU priority (nice 19, every thread), with one database
 * connection, so the kernel serves the journal's requests first and the archive takes the idle CPU.
 * On PGlite (one process owns the data folder) in the API's process: between two loads of a class
 * (and two classes) the job gives way to the journal's users — it waits while the API's event loop
 * is busy with requests (more than half of a short sample), at most GIVE_WAY_MAX_MS at a time — and
 * the PDF is laid out in a low-priority thread (files/archive-pdf-thread.ts).
 */
const GIVE_WAY_SAMPLE_MS = 10;
const GIVE_WAY_BUSY = 0.5;
const GIVE_WAY_MAX_MS = 1000;

/**
 * Who reaches the archive. The whole school's: whoever closes and reopens periods (periods.edit —
 * the director and the завуч), the year's end being theirs; a class teacher: the files of the
 * classes they lead, read only; nobody else. Another school's rows are never found (404).
 */
const SCHOOL_KEY = 'periods.edit';
const FORBIDDEN_MESSAGE = 'Архив года доступен директору, завучу и классному руководителю своего класса';
const BUILD_FORBIDDEN = 'Сформировать архив может директор или завуч';
const ALREADY_RUNNING = 'Архив школы уже формируется: дождитесь окончания';
const NOT_CLOSED = 'Период не закрыт: архив формируется за учебный год или за закрытый период';
const NO_CLASSES = 'В этом периоде нет классов: архивировать нечего';
const FAILED_REASON = 'Архив не сформирован из-за ошибки на сервере. Сформируйте его ещё раз.';
const STOPPED_REASON = 'Сервер остановился, не закончив архив. Сформируйте его ещё раз.';
const BUILD_NOT_FOUND = 'Архив не найден';
const FILE_NOT_FOUND = 'Файл архива не найден';

type Reach = { kind: 'school' } | { kind: 'own-classes' };

function reachOf(actor: Actor): Reach {
  return actor.permissions.has(SCHOOL_KEY) ? { kind: 'school' } : { kind: 'own-classes' };
}

/** The classes the caller leads, as a condition on a class id column; none for the whole school. */
function classRule(actor: Actor, reach: Reach, column: typeof archiveFiles.classId): SQL | undefined {
  if (reach.kind === 'school') return undefined;
  return inArray(
    column,
    sql`(select ${classes.id} from ${classes} where ${classes.managerId} = ${actor.userId})`,
  );
}

/** A class teacher leads at least one class in scope; anyone else without the school's key is refused. */
async function assertReach(db: Database, actor: Actor): Promise<Reach> {
  const reach = reachOf(actor);
  if (reach.kind === 'school') return reach;
  const [led] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.managerId, actor.userId), inScope(actor, classes.organizationId)))
    .limit(1);
  if (!led) throw forbidden(FORBIDDEN_MESSAGE);
  return reach;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// ---------------------------------------------------------------- requests

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
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const buildId = await insertBuild(tx, {
        organizationId: period.organization_id,
        periodId: period.id,
        total: targets.length,
        createdBy: actor.userId,
      });
      await queue.send(tx, ARCHIVE_JOB, { buildId });
      return buildId;
    });
  } catch (error) {
    if (databaseErrorCode(error) === '23505') throw conflict(ALREADY_RUNNING);
    throw error;
  }
  return getBuild(db, actor, id);
}

/** GET /api/archive/builds/{id}: progress and outcome, for the school or its class teachers. */
export async function getBuild(db: Database, actor: Actor, id: number): Promise<ArchiveBuild> {
  await assertReach(db, actor);
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
  const reach = await assertReach(db, actor);
  const period = await getPeriod(db, actor, query.period_id);
  const [[build], files] = await Promise.all([
    findBuilds(db, and(eq(archiveBuilds.periodId, period.id), inScope(actor, archiveBuilds.organizationId))),
    findRegister(
      db,
      and(
        eq(archiveFiles.periodId, period.id),
        inScope(actor, archiveFiles.organizationId),
        classRule(actor, reach, archiveFiles.classId),
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
  const reach = await assertReach(db, actor);
  const [file] = await findFileContents(
    db,
    and(
      eq(archiveFiles.id, id),
      inScope(actor, archiveFiles.organizationId),
      classRule(actor, reach, archiveFiles.classId),
    ),
  );
  if (!file) throw notFound(FILE_NOT_FOUND);
  const checked = verified(file);
  return { fileName: checked.fileName, bytes: checked.content };
}

/**
 * GET /api/archive/zip: the latest file of every class for the period, each checked against the
 * register, with the register's lines as a `sha256sum -c` list beside them.
 */
export async function downloadZip(
  db: Database,
  actor: Actor,
  query: ArchiveQueryParsed,
): Promise<{ fileName: string; bytes: Buffer }> {
  const reach = await assertReach(db, actor);
  const period = await getPeriod(db, actor, query.period_id);
  const rows = await findFileContents(
    db,
    and(
      eq(archiveFiles.periodId, period.id),
      inScope(actor, archiveFiles.organizationId),
      classRule(actor, reach, archiveFiles.classId),
    ),
  );
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.classId)) latest.set(row.classId, row);
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

// ---------------------------------------------------------------- the document of one class

interface ArchiveClass {
  id: number;
  number: number;
  letter: string;
  managerSurname: string | null;
  managerName: string | null;
  managerPatronymic: string | null;
}

/** «I ч.», «2 п/г», «Год»: a period's name short enough for a column of the summary. */
function shortPeriodName(period: Period): string {
  if (period.kind === 'year') return 'Год';
  const number = /^\s*([IVX]+|\d+)\b/.exec(period.name)?.[1];
  const kind = { quarter: 'ч.', trimester: 'тр.', half: 'п/г' }[period.kind];
  return number ? `${number} ${kind}` : period.name;
}

const dayMonth = (date: string) => formatDate(date).slice(0, 5);

/** A sentence ending in one full stop: «Прохоров В. В.» ends in one already («В. В..» otherwise). */
export const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/**
 * The periods the document covers: the year's terms of the class's grade begun by `today` (a
 * mid-year archive prints no empty grids of terms to come) and the year, or one closed term.
 */
function periodsOfClass(all: Period[], chosen: Period, grade: number, today: string) {
  if (chosen.kind !== 'year') return { terms: [chosen], year: null };
  const terms = all
    .filter(
      (period) =>
        period.kind !== 'year' &&
        period.academic_year === chosen.academic_year &&
        period.grades.includes(grade) &&
        period.start_date <= today,
    )
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  return { terms, year: chosen };
}

function loadTitle(load: LoadItem) {
  return load.subgroup_name ? `${load.subject_name} (${load.subgroup_name})` : load.subject_name;
}

/** One load's pages: per term the grid with «Средний» and «Итог», then the lessons' topics and homework. */
function loadBlocks(
  load: LoadItem,
  grids: { term: Period; grid: JournalGrid }[],
  finals: FinalGrid,
  teachers: string[],
  withoutMarks: boolean,
): ArchiveBlock[] {
  const proposals = new Map(
    finals.proposals.map((mark) => [`${mark.student_id}|${mark.subject_id}|${mark.period_id}`, mark.value]),
  );
  const blocks: ArchiveBlock[] = [
    { kind: 'heading', text: loadTitle(load), newPage: true },
    {
      kind: 'text',
      text: [
        sentence(`Учитель по нагрузке: ${load.teacher_name ?? 'не назначен'}`),
        sentence(`Уроки вели: ${teachers.length > 0 ? teachers.join(', ') : 'уроков не было'}`),
        withoutMarks ? 'Предмет ведётся без отметок: в журнале только посещаемость.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    },
  ];
  for (const { term, grid } of grids) {
    blocks.push({
      kind: 'heading',
      text: `${term.name} (${formatDate(term.start_date)}–${formatDate(term.end_date)}): оценки и посещаемость`,
    });
    if (grid.lessons.length === 0) {
      blocks.push({ kind: 'text', text: 'Уроков в этом периоде не было.' });
      continue;
    }
    const cellOf = new Map(grid.cells.map((cell) => [`${cell.student_id}|${cell.lesson_id}`, cell]));
    const confirmed = new Map(grid.final_marks.map((mark) => [mark.student_id, mark.value]));
    const columns: GridColumn[] = grid.lessons.map((lesson) => ({
      label: dayMonth(lesson.date),
      width: 21,
      cells: grid.students.map((student) => {
        const cell = cellOf.get(`${student.id}|${lesson.id}`);
        return cell ? formatCell(cell) : '';
      }),
    }));
    columns.push({
      label: 'Средний',
      width: 40,
      cells: grid.students.map((student) =>
        formatAverage(
          weightedAverage(
            weightedGrades(
              grid.cells.filter((cell) => cell.student_id === student.id),
              grid.work_types,
            ),
          ),
        ),
      ),
    });
    columns.push({
      label: 'Итог',
      width: 28,
      cells: grid.students.map((student) =>
        finalMarkText(
          finalMarkState(
            confirmed.get(student.id),
            proposals.get(`${student.id}|${load.subject_id}|${term.id}`),
            term.closed,
          ),
        ),
      ),
    });
    blocks.push({
      kind: 'grid',
      rowHeader: 'Ученик',
      rowLabels: grid.students.map((student, index) => `${index + 1}. ${fullName(student)}`),
      columns,
    });
  }
  const lessons = grids.flatMap(({ grid }) => grid.lessons);
  if (lessons.length > 0) {
    blocks.push({ kind: 'heading', text: `${loadTitle(load)}: темы уроков и домашние задания` });
    blocks.push({
      kind: 'list',
      columns: [
        { label: '№', width: 28 },
        { label: 'Дата', width: 48 },
        { label: 'Урок', width: 32 },
        { label: 'Тема урока', width: 360 },
        { label: 'Домашнее задание', width: 318 },
      ],
      rows: lessons.map((lesson, index) => [
        String(index + 1),
        formatDate(lesson.date),
        `${lesson.lesson_number}-й`,
        lesson.topic ?? '',
        lesson.homework ?? '',
      ]),
    });
  }
  return blocks;
}

/** «Итоги посещаемости»: per pupil and term, lessons missed and of them through illness. */
function attendanceBlocks(finals: FinalGrid, terms: Period[], grids: { term: Period; grid: JournalGrid }[]) {
  const counts = new Map<string, { missed: number; ill: number }>();
  const add = (key: string, value: string) => {
    const entry = counts.get(key) ?? { missed: 0, ill: 0 };
    entry.missed += 1;
    if (value === 'б') entry.ill += 1;
    counts.set(key, entry);
  };
  for (const { term, grid } of grids)
    for (const cell of grid.cells) {
      if (!cell.attendance) continue;
      add(`${cell.student_id}|${term.id}`, cell.attendance);
      add(`${cell.student_id}|all`, cell.attendance);
    }
  const columns: GridColumn[] = [];
  const groups = [
    ...terms.map((term) => ({ key: String(term.id), name: term.name })),
    { key: 'all', name: 'Всего' },
  ];
  for (const group of groups) {
    for (const [label, field] of [
      ['пропущено', 'missed'],
      ['по болезни', 'ill'],
    ] as const) {
      columns.push({
        label,
        group: group.name,
        width: 48,
        cells: finals.students.map((student) =>
          String(counts.get(`${student.id}|${group.key}`)?.[field] ?? 0),
        ),
      });
    }
  }
  return [
    { kind: 'heading', text: 'Итоги посещаемости (уроков)', newPage: true },
    {
      kind: 'grid',
      rowHeader: 'Ученик',
      rowLabels: finals.students.map((student, index) => `${index + 1}. ${fullName(student)}`),
      columns,
    },
  ] satisfies ArchiveBlock[];
}

/** «Сводная ведомость итоговых оценок»: pupils × subjects × periods and the year, as confirmed. */
const VOWELS = new Set('аеёиоуыэюяАЕЁИОУЫЭЮЯ');

/**
 * A subject's abbreviation when the school gave it no short name: each long word cut after the
 * consonant before a vowel, Russian style («Изобразительное искусство» → «Изобр. иск.»).
 */
export function abbreviate(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = [...word];
      if (letters.length <= 5 || !/^[а-яё]/i.test(word)) return word;
      let end = 3;
      while (end < letters.length - 1 && !(VOWELS.has(letters[end]) && !VOWELS.has(letters[end - 1]))) end++;
      return end >= letters.length - 1 ? word : `${letters.slice(0, end).join('')}.`;
    })
    .join(' ');
}

/**
 * «Сводная ведомость»: pupils × subjects × periods. A subject heads its periods' columns; where its
 * name does not fit them (a term's archive: one column a subject) the layout prints its short name
 * and lists it in the legend under the grid.
 */
function summaryBlocks(
  finals: FinalGrid,
  periods: Period[],
  shortNames: Map<number, string | null>,
): ArchiveBlock[] {
  const confirmed = new Map(
    finals.marks.map((mark) => [`${mark.student_id}|${mark.subject_id}|${mark.period_id}`, mark.value]),
  );
  const proposed = new Map(
    finals.proposals.map((mark) => [`${mark.student_id}|${mark.subject_id}|${mark.period_id}`, mark.value]),
  );
  const columns: GridColumn[] = [];
  // A term's summary has one column a subject: a wider one, so that its short name reads whole.
  const width = periods.length === 1 ? 36 : 26;
  for (const subject of finals.subjects) {
    for (const period of periods) {
      columns.push({
        label: shortPeriodName(period),
        group: subject.without_marks ? `${subject.name} (без отметок)` : subject.name,
        groupShort: `${shortNames.get(subject.id) || abbreviate(subject.name)}${subject.without_marks ? ' (б/о)' : ''}`,
        width,
        cells: finals.students.map((student) => {
          const key = `${student.id}|${subject.id}|${period.id}`;
          const state = finalMarkState(confirmed.get(key), proposed.get(key), period.closed);
          return state.kind === 'none' && subject.without_marks ? 'б/о' : finalMarkText(state);
        }),
      });
    }
  }
  return [
    { kind: 'heading', text: 'Сводная ведомость итоговых оценок', newPage: true },
    {
      kind: 'grid',
      rowHeader: 'Ученик',
      rowLabels: finals.students.map((student, index) => `${index + 1}. ${fullName(student)}`),
      columns,
      note: `${FINAL_MARK_LEGEND} «б/о» — предмет ведётся без отметок; «осв» — освобождён; «Н/А» — не аттестован.`,
    },
  ];
}

/** The part of a load's grid that falls in one term, with the term's confirmed final marks. */
function termOf(grid: JournalGrid, term: Period, finals: FinalGrid): JournalGrid {
  const lessons = grid.lessons.filter(
    (lesson) => lesson.date >= term.start_date && lesson.date <= term.end_date,
  );
  const held = new Set(lessons.map((lesson) => lesson.id));
  return {
    ...grid,
    period: term,
    lessons,
    cells: grid.cells.filter((cell) => held.has(cell.lesson_id)),
    final_marks: finals.marks
      .filter((mark) => mark.period_id === term.id && mark.subject_id === grid.load.subject_id)
      .map((mark) => ({ student_id: mark.student_id, value: mark.value })),
  };
}

/** Everything the archive keeps of one class for the period, read through the journal's own services. */
async function classDocument(
  db: Database,
  actor: Actor,
  school: { name: string; shortName: string },
  chosen: Period,
  target: ArchiveClass,
  builtBy: string | null,
  pace: () => Promise<void>,
): Promise<{ document: ArchiveDocument; title: string; fileName: string }> {
  const group = groupName(target);
  const [allPeriods, loads, finals, subjects] = await Promise.all([
    listPeriods(db, actor, chosen.organization_id),
    listLoads(db, actor, { group_id: target.id }),
    finalGrid(db, actor, target.id),
    listSubjects(db, actor, chosen.organization_id),
  ]);
  const shortNames = new Map(subjects.map((subject) => [subject.id, subject.short_name]));
  const { terms, year } = periodsOfClass(allPeriods, chosen, target.number, schoolToday());
  const from = terms[0]?.start_date ?? chosen.start_date;
  const to = terms.at(-1)?.end_date ?? chosen.end_date;
  loads.sort(
    (a, b) =>
      a.subject_name.localeCompare(b.subject_name, 'ru') ||
      (a.subgroup_name ?? '').localeCompare(b.subgroup_name ?? '', 'ru'),
  );
  const teacherRows = await findLessonTeachers(
    db,
    loads.map((load) => load.id),
    from,
    to,
  );
  const withoutMarks = new Map(finals.subjects.map((subject) => [subject.id, subject.without_marks]));
  const blocks: ArchiveBlock[] = [];
  const allGrids: { term: Period; grid: JournalGrid }[] = [];
  const loadSections: ArchiveBlock[] = [];
  for (const load of loads) {
    await pace();
    // One read of the load's whole period (the year: two statements), cut into its terms here.
    const whole = await openJournal(db, actor, target.id, load.id, chosen.id);
    const grids = terms.map((term) => ({ term, grid: termOf(whole, term, finals) }));
    allGrids.push(...grids);
    const teachers = teacherRows.filter((row) => row.loadId === load.id).map((row) => fullName(row));
    loadSections.push(
      ...loadBlocks(load, grids, finals, teachers, withoutMarks.get(load.subject_id) ?? false),
    );
  }
  const yearText = `${chosen.academic_year} учебный год`;
  const periodText = chosen.kind === 'year' ? yearText : `${chosen.name}, ${yearText}`;
  blocks.push({
    kind: 'title',
    heading: `Классный журнал ${group} класса`,
    lines: [
      school.name,
      periodText,
      `${formatDate(from)}–${formatDate(to)}`,
      `Классный руководитель: ${fullName({ surname: target.managerSurname ?? '', name: target.managerName ?? '', patronymic: target.managerPatronymic }) || 'не назначен'}`,
      `Учеников: ${finals.students.length}, предметов: ${finals.subjects.length}`,
      `Сформирован ${formatDate(schoolToday())}${builtBy ? `, ${builtBy}` : ''}`,
    ],
  });
  blocks.push(...loadSections);
  blocks.push(...attendanceBlocks(finals, terms, allGrids));
  blocks.push(...summaryBlocks(finals, year ? [...terms, year] : terms, shortNames));
  const title = `Классный журнал ${group}, ${periodText}`;
  const yearName = chosen.academic_year.replace('/', '-');
  return {
    document: { title, footer: `${school.shortName} · ${title}`, blocks },
    title,
    fileName: `Журнал ${group} ${yearName}${chosen.kind === 'year' ? '' : ` ${chosen.name}`}.pdf`,
  };
}

// ---------------------------------------------------------------- the job

/**
 * The job reads as the person who started it, within the build's school only and with nothing but
 * the journal's read key: it needs no more to read what the archive prints.
 */
function builderActor(organizationId: number, userId: number): Actor {
  return {
    userId,
    organizationId,
    organizationIds: [organizationId],
    isPlatformAdmin: false,
    permissions: new Set(['journals.view']),
    tokenId: 0,
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits while others keep the event loop busy (see GIVE_WAY_BUSY), for at most GIVE_WAY_MAX_MS. */
async function giveWay() {
  const until = Date.now() + GIVE_WAY_MAX_MS;
  do {
    const before = performance.eventLoopUtilization();
    await pause(GIVE_WAY_SAMPLE_MS);
    if (performance.eventLoopUtilization(before).utilization < GIVE_WAY_BUSY) return;
  } while (Date.now() < until);
}

/** How a build lays out its PDFs and paces its reads: in the API's process, or alone in a child. */
export interface BuildWay {
  layout: typeof writeArchivePdf;
  /** Awaited before each load's read and after each class. */
  pace: () => Promise<void>;
}

/** In the API's process (PGlite): layout in the low-priority thread, reads between the API's requests. */
const IN_PROCESS: BuildWay = { layout: writeArchivePdfInThread, pace: giveWay };

/**
 * The build: claims it, then one class at a time (never two: the archive must not slow the journal
 * for others) reads, lays out and stores the class's PDF with its checksum, counting the class done
 * in the same transaction. Any failure leaves the build failed with a Russian reason.
 */
export async function runBuild(
  db: Database,
  buildId: number,
  state: { stopping: boolean },
  log: (message: string) => void,
  way: BuildWay = IN_PROCESS,
) {
  const row = await claimBuild(db, buildId);
  if (!row) return;
  try {
    const creator = row.createdBy ?? 0;
    const actor = builderActor(row.organizationId, creator);
    const period = await getPeriod(db, actor, row.periodId);
    const [targets, school, [build]] = await Promise.all([
      findArchiveClasses(db, row.organizationId, period.academic_year, period.grades),
      findOrganizationName(db, row.organizationId),
      findBuilds(db, eq(archiveBuilds.id, buildId)),
    ]);
    for (const target of targets) {
      if (state.stopping) {
        await finishBuild(db, buildId, 'failed', STOPPED_REASON);
        return;
      }
      const { document, title, fileName } = await classDocument(
        db,
        actor,
        school,
        period,
        target,
        build?.created_by_name ?? null,
        way.pace,
      );
      const { bytes, pages } = await way.layout(document, new Date());
      await insertFile(db, {
        organizationId: row.organizationId,
        buildId,
        periodId: period.id,
        classId: target.id,
        groupName: groupName(target),
        title,
        fileName,
        size: bytes.length,
        sha256: sha256(bytes),
        pages,
        content: bytes,
        createdBy: row.createdBy,
      });
      await way.pace();
    }
    await finishBuild(db, buildId, 'done', null);
  } catch (error) {
    log(
      `Архив ${buildId} прервался: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    await finishBuild(db, buildId, 'failed', FAILED_REASON).catch((writeError: unknown) =>
      log(`Архив ${buildId}: состояние не записано: ${String(writeError)}`),
    );
  }
}

const SERVER_DIR = path.resolve(__dirname, '../../..');

/**
 * The build in a child process (PostgreSQL): archive-child.ts (compiled by tsx when the server runs
 * from its sources, as is when built), every thread of it at nice 19, one connection to `databaseUrl`.
 * It writes the build's progress itself; here the job waits for it to end. A child that dies without
 * finishing (killed, crashed) leaves the build failed; `stop` ends it at once (a class's file and
 * its count are one transaction, so nothing half-written stays).
 */
function runBuildInChild(
  db: Database,
  databaseUrl: string,
  buildId: number,
  state: { stopping: boolean; children: Set<ChildProcess> },
  log: (message: string) => void,
): Promise<void> {
  const entry = path.join(__dirname, `archive-child${path.extname(__filename)}`);
  const child = fork(entry, [String(buildId)], {
    cwd: SERVER_DIR,
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
    env: { ...process.env, DATABASE_URL: databaseUrl, PG_POOL_MAX: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    // The child lowers every thread of its own at start; this covers its first moments.
    if (child.pid) setPriority(child.pid, 19);
  } catch {
    // not allowed here: the child still lowers itself
  }
  state.children.add(child);
  childBuilds.count++;
  child.on('message', (message: { log?: string }) => {
    if (message.log) log(message.log);
  });
  return new Promise<void>((resolve) => {
    const ended = async (code: number | null, signal: NodeJS.Signals | null) => {
      state.children.delete(child);
      if (code !== 0) {
        if (!state.stopping) log(`Архив ${buildId}: процесс сборки завершился (${code ?? signal})`);
        await failRunningBuild(db, buildId, state.stopping ? STOPPED_REASON : FAILED_REASON).catch(
          (error: unknown) => log(`Архив ${buildId}: состояние не записано: ${String(error)}`),
        );
      }
      resolve();
    };
    child.once('error', (error) => {
      log(`Архив ${buildId}: процесс сборки не запущен: ${error.message}`);
      if (child.exitCode === null && child.signalCode === null) void ended(1, null);
    });
    child.once('exit', (code, signal) => void ended(code, signal));
  });
}

/**
 * Builds started in a child process, for the tests: the isolated path really ran. Counted at the
 * fork, so a build the child already wrote «done» is counted whatever the exit's timing.
 */
export const childBuilds = { count: 0 };

/**
 * The archive's job kind, registered on the app's queue by the routes plugin. With `databaseUrl`
 * (PostgreSQL) each build runs in a low-priority child process; without (PGlite) in this process.
 */
export function archiveJob(
  db: Database,
  log: (message: string) => void,
  databaseUrl?: string,
): JobKind<{ buildId: number }> {
  const state = { stopping: false, children: new Set<ChildProcess>() };
  return {
    name: ARCHIVE_JOB,
    concurrency: 1,
    // A large school's year is minutes of work; a job whose instance vanished is not offered again
    // (the sweep fails its build and the завуч starts another).
    expireInSeconds: 60 * 60,
    run: async (data) => {
      // This instance's heartbeat while the build runs (in this process or its child, which ends
      // with it): the sweep tells a dead instance's build by its stale heartbeat.
      const heartbeat = setInterval(() => {
        touchBuild(db, data.buildId).catch((error: unknown) =>
          log(`Архив ${data.buildId}: пульс не записан: ${String(error)}`),
        );
      }, HEARTBEAT_INTERVAL_MS);
      try {
        if (!databaseUrl) return await runBuild(db, data.buildId, state, log);
        await runBuildInChild(db, databaseUrl, data.buildId, state, log);
      } finally {
        clearInterval(heartbeat);
      }
    },
    stopRunning: () => {
      state.stopping = true;
      for (const child of state.children) child.kill('SIGTERM');
    },
  };
}

/** Fails builds whose instance stopped writing classes (killed): the school may start another. */
export function sweepStaleBuilds(db: Database) {
  return failStaleBuilds(db, STALE_AFTER_SECONDS, STOPPED_REASON);
}
