import type {
  CellBatchInputParsed,
  CellHistoryEntry,
  CellInputParsed,
  JournalCell,
  JournalGrid,
  JournalIndex,
  JournalLoad,
  LessonTopicInputParsed,
} from '@parta/shared/domain/contracts/journal';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { formatDate } from '@parta/shared/domain/dates';
import { ATTENDANCE_ONLY_MESSAGE, DEFAULT_MARK_THRESHOLDS } from '@parta/shared/domain/marks';
import { shortName } from '@parta/shared/domain/names';
import { currentTerm } from '@parta/shared/domain/options';
import { inScope } from '../../access/scope';
import { teaches, teachingActor } from '../../access/teaching';
import type { Database } from '../../db/client';
import { classes, markAudit } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { HttpError, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { schoolNow, schoolToday } from '../clock/clock.service';
import { listLoads, toLoadItem } from '../loads/loads.service';
import { listPeriods } from '../periods/periods.service';
import {
  type CellWrite,
  type CellWriter,
  findCellHistory,
  findCells,
  findGridFinalMarks,
  findJournalGrid,
  findJournalOpen,
  findLessonGuards,
  findLessonTopic,
  findManagedClassIds,
  findWaitingWorks,
  type LessonGuard,
  saveCells,
  updateLessonTopic,
} from './journal.repository';

const LOAD_NOT_FOUND = 'Журнал не найден';
const LESSON_NOT_FOUND = 'Урок не найден';
const LOCKED_MESSAGE = 'Период закрыт: оценки не меняются, пока его не откроют (право «periods.edit»)';
const CONFLICT_MESSAGE = 'Клетку уже изменил другой пользователь: показано сохранённое значение';

/** 423: a closed period is read-only. */
export const locked = () => new HttpError(423, LOCKED_MESSAGE);
/** 423: a closed academic year is read-only for good (no period of it reopens). */
export const yearLocked = (academicYear: string) =>
  new HttpError(
    423,
    `Учебный год ${academicYear} закрыт: его журнал только для чтения, оценки, пропуски и темы уроков не меняются`,
  );
export const FUTURE_LESSON_MESSAGE = 'Урок ещё не прошёл: оценки и пропуски ставятся в день урока и позже';

/** 409 carrying the cells as saved now, so the screen shows the newer value and what was not saved. */
export class CellConflictError extends HttpError {
  constructor(readonly cells: JournalCell[]) {
    super(409, CONFLICT_MESSAGE);
  }
}

/** Marks of a load are written with journals.edit by whoever teaches it (access/teaching.ts). */
function writesLoad(actor: Actor, teacherIds: (number | null)[]): boolean {
  return actor.permissions.has('journals.edit') && teaches(teachingActor(actor), teacherIds);
}

/** The same for a lesson whose guard the database read: the teaching rule was evaluated there. */
function writesLesson(actor: Actor, guard: LessonGuard): boolean {
  return actor.permissions.has('journals.edit') && guard.teaches;
}

/** Periods of a grade in the year, the terms first by start date and the year last. */
function periodsOfGrade(periods: Period[], grade: number): Period[] {
  return periods
    .filter((period) => period.grades.includes(grade))
    .sort(
      (a, b) =>
        Number(a.kind === 'year') - Number(b.kind === 'year') || a.start_date.localeCompare(b.start_date),
    );
}

/**
 * GET /api/journal: the loads whose journal the caller may open, their own first, then their
 * class's (as классный руководитель), then the rest of the school; with the periods.
 */
export async function journalIndex(
  db: Database,
  actor: Actor,
  organizationId?: number,
): Promise<JournalIndex> {
  const [loads, managed, periods] = await Promise.all([
    listLoads(db, actor, { organization_id: organizationId }),
    findManagedClassIds(db, actor.userId, inScope(actor, classes.organizationId)),
    listPeriods(db, actor, organizationId),
  ]);
  const rank = (load: JournalLoad) => (load.own ? 0 : managed.has(load.group_id) ? 1 : 2);
  const items = loads.map(
    (load): JournalLoad => ({
      ...load,
      own: load.teacher_id === actor.userId,
      editable: writesLoad(actor, [load.teacher_id]),
    }),
  );
  // A stable sort keeps the loads' own order (class, subject) inside each rank.
  items.sort((a, b) => rank(a) - rank(b));
  return { loads: items, periods };
}

/**
 * GET /api/journal/{group_id}/{load_id}: the whole grid of one load over one period, in one
 * statement when it chose the period `currentTerm` names (it does, see `findJournalOpen`).
 */
export async function openJournal(
  db: Database,
  actor: Actor,
  groupId: number,
  loadId: number,
  periodId?: number,
): Promise<JournalGrid> {
  const today = schoolToday();
  const opened = await findJournalOpen(db, actor, groupId, loadId, periodId ?? null, today);
  if (!opened) throw notFound(LOAD_NOT_FOUND);
  const load = toLoadItem(opened.head);
  const periods = periodsOfGrade(opened.head.periods, load.grade);
  const period =
    periodId === undefined ? currentTerm(periods, today) : periods.find((item) => item.id === periodId);
  if (!period) throw notFound('Период не найден');
  const [grid, finals] =
    opened.chosenPeriodId === period.id
      ? [opened.grid, opened.finalMarks]
      : await Promise.all([
          findJournalGrid(db, load.id, period.start_date, period.end_date),
          findGridFinalMarks(db, period.id, load.subject_id, load.group_id),
        ]);
  if (!grid) throw notFound(LOAD_NOT_FOUND);
  const studentIds = new Set(grid.students.map((student) => student.id));
  const waiting = await findWaitingWorks(
    db,
    grid.lessons.map((lesson) => lesson.id),
  );
  return {
    load,
    period,
    periods,
    editable: !period.closed && writesLoad(actor, [load.teacher_id]),
    work_types: grid.work_types.map((type) => ({ ...type, weight: Number(type.weight) })),
    thresholds: DEFAULT_MARK_THRESHOLDS,
    today,
    students: grid.students,
    lessons: grid.lessons,
    cells: grid.cells
      .filter((cell) => studentIds.has(cell.student_id))
      .map(({ weights: _weights, ...cell }) => cell),
    final_marks: finals.filter((mark) => studentIds.has(mark.student_id)),
    waiting_work: waiting.filter((work) => studentIds.has(work.student_id)),
  };
}

/**
 * The save statement's rules, one by one with their messages: throws for the first cell that breaks
 * one (run only when the statement refused a cell, to tell the user why).
 */
async function explainRefusal(
  db: Database,
  actor: Actor,
  cells: CellBatchInputParsed['cells'],
): Promise<void> {
  const lessonIds = [...new Set(cells.map((cell) => cell.lesson_id))];
  const studentIds = [...new Set(cells.map((cell) => cell.student_id))];
  const { guards, places } = await findLessonGuards(db, actor, teachingActor(actor), lessonIds, studentIds);
  const guardOf = new Map<number, LessonGuard>(guards.map((guard) => [guard.id, guard]));
  const placeOf = new Map(places.map((place) => [place.id, place]));
  const errors: Record<string, string[]> = {};
  cells.forEach((cell, index) => {
    const guard = guardOf.get(cell.lesson_id);
    if (!guard) throw notFound(LESSON_NOT_FOUND);
    if (!writesLesson(actor, guard)) {
      throw new HttpError(403, 'Оценки в этом журнале ставит учитель предмета');
    }
    if (guard.year_closed) throw yearLocked(guard.academic_year);
    if (guard.locked) throw locked();
    if (guard.date > schoolToday()) {
      throw unprocessable(FUTURE_LESSON_MESSAGE, {
        [`cells.${index}.lesson_id`]: [
          `Урок ${formatDate(guard.date)} ещё не прошёл: оценки и пропуски ставятся в день урока и позже`,
        ],
      });
    }
    if (!guard.graded && cell.grades.length > 0) {
      throw unprocessable(ATTENDANCE_ONLY_MESSAGE, { [`cells.${index}.grades`]: [ATTENDANCE_ONLY_MESSAGE] });
    }
    const place = placeOf.get(cell.student_id);
    if (
      !place ||
      place.classId !== guard.class_id ||
      (guard.subgroup_id !== null && !place.subgroupIds.map(Number).includes(guard.subgroup_id))
    ) {
      throw notFound('Ученик не найден в этом классе');
    }
    const known = new Set(guard.work_type_ids.map(Number));
    cell.grades.forEach((grade, gradeIndex) => {
      if (grade.work_type_id !== null && !known.has(grade.work_type_id)) {
        errors[`cells.${index}.grades.${gradeIndex}.work_type_id`] = ['Вид работы не найден'];
      }
    });
  });
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
}

/** A cell as the save statement reads it. */
function toWrite(cell: CellBatchInputParsed['cells'][number]): CellWrite {
  return {
    lesson_id: cell.lesson_id,
    student_id: cell.student_id,
    version: cell.version,
    attendance: cell.attendance,
    grades: cell.grades.map((grade, ord) => ({
      value: String(grade.value),
      work_type_id: grade.work_type_id,
      ord,
    })),
    grades_text: cell.grades.length > 0 ? cell.grades.map((grade) => grade.value).join('/') : null,
  };
}

function writerOf(actor: Actor): CellWriter {
  return {
    ...teachingActor(actor),
    organizationIds: actor.isPlatformAdmin ? null : [...actor.organizationIds],
    today: schoolToday(),
    now: schoolNow().toISOString(),
  };
}

/**
 * Why the save statement refused some of `cells`: the first rule a cell breaks, as 404/403/423/422;
 * when none is broken, a newer version was saved meanwhile (409 with the cells as saved now).
 */
async function refusal(db: Database, actor: Actor, cells: CellBatchInputParsed['cells'], saved: Set<string>) {
  await explainRefusal(db, actor, cells);
  const stale = cells
    .filter((cell) => !saved.has(`${cell.lesson_id}|${cell.student_id}`))
    .map((cell) => ({ lesson_id: cell.lesson_id, student_id: cell.student_id }));
  const current = await findCells(db, stale);
  return new CellConflictError(current.map(({ weights: _weights, ...cell }) => cell));
}

function savedCell(write: CellWrite, version: number): JournalCell {
  return {
    lesson_id: write.lesson_id,
    student_id: write.student_id,
    grades: write.grades.map((grade) => ({ value: Number(grade.value), work_type_id: grade.work_type_id })),
    attendance: write.attendance,
    version,
  };
}

/** Every «н»/«б» among the saved cells, told as one event in the save's transaction (the parents' notices). */
function absencesSaved(
  db: Database,
  queue: Queue,
  actor: Actor,
  writes: CellWrite[],
  saved: { lesson_id: number; student_id: number }[],
) {
  const savedKeys = new Set(saved.map((row) => `${row.lesson_id}|${row.student_id}`));
  const absences = writes.filter(
    (write) => write.attendance !== null && savedKeys.has(`${write.lesson_id}|${write.student_id}`),
  );
  return queue.emit(db, 'journal.absences-recorded', {
    absences: absences.map((write) => ({
      lessonId: write.lesson_id,
      studentId: write.student_id,
      actorId: actor.userId,
    })),
  });
}

/** PUT one cell: saved with its new version; else why not (404/403/423/422), or 409 with the cell as saved now. */
export async function saveCell(
  db: Database,
  queue: Queue,
  actor: Actor,
  lessonId: number,
  studentId: number,
  input: CellInputParsed,
): Promise<JournalCell> {
  const cell = { lesson_id: lessonId, student_id: studentId, ...input };
  const write = toWrite(cell);
  // Only a saved «н»/«б» owes an event (its notices' jobs), written in the same transaction; a mark
  // alone keeps the single statement it always was.
  const [saved] =
    write.attendance !== null
      ? await db.transaction(async (tx) => {
          const rows = await saveCells(tx, writerOf(actor), [write]);
          await absencesSaved(tx, queue, actor, [write], rows);
          return rows;
        })
      : await saveCells(db, writerOf(actor), [write]);
  if (!saved) throw await refusal(db, actor, [cell], new Set());
  await queue.emit(db, 'journal.marks-saved', { organizationId: actor.organizationId });
  return savedCell(write, Number(saved.version));
}

/** PUT a batch (paste, fill down): every cell saved, or none and the reason (409 with the stale ones). */
export async function saveCellBatch(
  db: Database,
  queue: Queue,
  actor: Actor,
  input: CellBatchInputParsed,
): Promise<JournalCell[]> {
  const writes = input.cells.map(toWrite);
  let refused: unknown;
  const saved = await db
    .transaction(async (tx) => {
      const rows = await saveCells(tx, writerOf(actor), writes);
      if (rows.length !== writes.length) {
        refused = await refusal(
          tx,
          actor,
          input.cells,
          new Set(rows.map((row) => `${row.lesson_id}|${row.student_id}`)),
        ).catch((error: unknown) => error);
        // Rolls the whole batch back: a paste lands whole or not at all.
        throw refused;
      }
      await absencesSaved(tx, queue, actor, writes, rows);
      return rows;
    })
    .catch((error) => {
      throw refused ?? error;
    });
  await queue.emit(db, 'journal.marks-saved', { organizationId: actor.organizationId });
  const versionOf = new Map(saved.map((row) => [`${row.lesson_id}|${row.student_id}`, Number(row.version)]));
  return writes.map((write) => savedCell(write, versionOf.get(`${write.lesson_id}|${write.student_id}`)!));
}

/** GET the audit trail of one cell (any journal the caller may open). */
export async function cellHistory(
  db: Database,
  actor: Actor,
  lessonId: number,
  studentId: number,
): Promise<CellHistoryEntry[]> {
  const {
    guards: [guard],
  } = await findLessonGuards(db, actor, teachingActor(actor), [lessonId]);
  if (!guard) throw notFound(LESSON_NOT_FOUND);
  const rows = await findCellHistory(db, lessonId, studentId, inScope(actor, markAudit.organizationId));
  return rows.map((row) => ({
    id: row.id,
    entity: row.entity,
    old_value: row.old_value,
    new_value: row.new_value,
    user_name: row.surname ? shortName(row) : null,
    changed_at: row.changed_at,
  }));
}

/** PUT a lesson's topic and homework (the load's teacher, or loads.edit). */
export async function changeLessonTopic(
  db: Database,
  actor: Actor,
  lessonId: number,
  input: LessonTopicInputParsed,
) {
  const {
    guards: [guard],
  } = await findLessonGuards(db, actor, teachingActor(actor), [lessonId]);
  if (!guard) throw notFound(LESSON_NOT_FOUND);
  if (!writesLesson(actor, guard)) {
    throw new HttpError(403, 'Тему урока записывает учитель предмета');
  }
  if (guard.year_closed) throw yearLocked(guard.academic_year);
  if (guard.locked) throw locked();
  await updateLessonTopic(db, lessonId, input);
  return findLessonTopic(db, lessonId);
}
