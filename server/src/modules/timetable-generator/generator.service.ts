import type { Generation, GenerationInputParsed } from '@parta/shared/domain/contracts/timetable-generator';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import { targetOrganization } from '../../access/organization';
import { isInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import {
  assertNoActiveRun,
  claimRun,
  failRun,
  finishRun,
  keepAlive,
  RUN_STALE_SECONDS,
  RUN_SWEEP_INTERVAL_MS,
  requestStop,
  startRun,
} from '../../queue/runs';
import { unavailableOfOrganization } from '../availability/availability.service';
import { loadLinesOfYear } from '../loads/loads.service';
import { roomsOfOrganization } from '../rooms/rooms.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import { addSlots, bellNumbersOfGrades, createTemplateOf } from '../timetable/templates.service';
import {
  FAILED_REASON,
  findAcademicYear,
  findDivisions,
  findGeneration,
  findGroupSizes,
  GENERATION_JOB,
  GENERATION_RUN,
  type GenerationRow,
  INSTANCE_LOST_REASON,
  insertGeneration,
  queuePosition,
} from './generator.repository';
import { classScreenProblems, schoolFigures } from './school-figures';
import { buildSchoolInstance, type SchoolInstance, type SchoolLoadLine } from './school-instance';
import { checkAssignment } from './solver/check';
import { diagnose } from './solver/diagnose';
import type { SolveResult } from './solver/model';
import { startWorkers, type WorkerRun } from './solver/workers';

export { FAILED_REASON, GENERATION_JOB, INSTANCE_LOST_REASON };

/**
 * Timetable generation as a background run (`queue/runs.ts`, docs/ARCHITECTURE.md «Background work»;
 * its job in generator.jobs.ts): POST checks the school and writes a `generations` row (queued) with
 * its job in one transaction; a worker on any instance claims the row, runs the search in worker
 * threads and writes progress and a heartbeat every PROGRESS_INTERVAL_MS; the result (template,
 * slots, final status) is written in one transaction. Every read goes to the row, so every instance
 * answers the same.
 */

/** How often the running instance writes progress and its heartbeat, and reads a stop request. */
export const PROGRESS_INTERVAL_MS = 500;
/** A running generation whose heartbeat is older than this has lost its instance (killed, frozen). */
export const HEARTBEAT_STALE_SECONDS = RUN_STALE_SECONDS;
/** How often every instance looks for such generations. */
export const SWEEP_INTERVAL_MS = RUN_SWEEP_INTERVAL_MS;
/** Each search runs two workers; the second one's seed is offset by a prime so the two differ. */
const SECOND_SEED_OFFSET = 7919;
/** At most this many of the check's problems are kept in the reasons. */
const MAX_REASONS = 20;

const NOT_FOUND = 'Генерация не найдена';

/** Every load line of the organization's classes of one academic year. */
async function schoolLoad(
  db: Database,
  organizationId: number,
  academicYear: string,
): Promise<SchoolLoadLine[]> {
  const rows = await loadLinesOfYear(db, organizationId, academicYear);
  return rows
    .filter((row) => row.hours_per_week > 0)
    .map((row) => ({
      id: row.id,
      classId: row.group_id,
      className: groupName({ number: row.number, letter: row.letter }),
      grade: row.number,
      subgroupId: row.subgroup_id,
      subjectId: row.subject_id,
      subjectName: row.subject_name,
      teacherId: row.teacher_id,
      teacherName: joinedTeacherName(row),
      hours: Number(row.hours_per_week),
      roomKind: row.room_kind,
      roomId: row.room_id,
      pairAllowed: row.pair_allowed,
      subgroupsParallel: row.subgroups_parallel,
    }));
}

/** The school as the solver sees it, from the database as it is now. */
async function loadSchool(
  db: Database,
  organizationId: number,
  lines: SchoolLoadLine[],
  input: Pick<GenerationInputParsed, 'weights' | 'class_no_gaps' | 'class_first_lesson'>,
): Promise<SchoolInstance> {
  const settings = await readSchoolSettings(db, organizationId);
  const classIds = [...new Set(lines.map((l) => l.classId))];
  const rooms = await roomsOfOrganization(db, organizationId);
  return buildSchoolInstance(
    {
      workingDays: settings.working_days_per_week,
      maxLessonsPerDay: settings.max_lessons_per_day,
      lines,
      divisions: await findDivisions(db, classIds),
      rooms: rooms.map((room) => ({
        id: room.id,
        name: room.name,
        capacity: room.capacity,
        kind: room.kind,
        teacherId: room.teacher_id,
      })),
      unavailable: await unavailableOfOrganization(db, organizationId),
      sizes: await findGroupSizes(db, organizationId, classIds),
      bells: await bellNumbersOfGrades(db, organizationId, [...new Set(lines.map((l) => l.grade))]),
    },
    input.weights,
    { noGaps: input.class_no_gaps, firstLesson: input.class_first_lesson },
  );
}

export async function startGeneration(
  db: Database,
  queue: Queue,
  actor: Actor,
  input: GenerationInputParsed,
): Promise<{ id: number }> {
  const organizationId = targetOrganization(actor, input.organization_id);
  await assertNoActiveRun(db, GENERATION_RUN, organizationId);
  const academicYear = await findAcademicYear(db, organizationId, input.academic_year);
  if (!academicYear) throw unprocessable(VALIDATION_MESSAGE, { academic_year: ['В школе нет классов'] });
  const lines = await schoolLoad(db, organizationId, academicYear);
  if (lines.length === 0)
    throw unprocessable(VALIDATION_MESSAGE, {
      academic_year: [`Нет нагрузки на ${academicYear} учебный год`],
    });
  // What makes the timetable impossible is answered at once, without a place in the queue.
  const { instance } = await loadSchool(db, organizationId, lines, input);
  const total = instance.activities.length;
  const reasons = diagnose(instance);
  if (reasons.length > 0) {
    const id = await insertGeneration(db, {
      organizationId,
      status: 'impossible',
      input,
      academicYear,
      total,
      reasons,
      finishedAt: new Date(),
    });
    return { id };
  }
  const id = await startRun(db, queue, GENERATION_RUN, (tx) =>
    insertGeneration(tx, { organizationId, status: 'queued', input, academicYear, total }),
  );
  return { id };
}

async function toGeneration(db: Database, row: GenerationRow): Promise<Generation> {
  return {
    id: row.id,
    status: row.status,
    placed: row.placed,
    total: row.total,
    hard_violations: row.hardViolations,
    soft_cost: row.softCost,
    teacher_gaps: row.teacherGaps,
    seconds: row.seconds,
    reasons: row.reasons,
    template_id: row.templateId,
    queue_position: row.status === 'queued' ? await queuePosition(db, row.id) : null,
    ...(row.figures ? { figures: row.figures } : {}),
  };
}

async function generationInScope(db: Database, actor: Actor, id: number): Promise<GenerationRow> {
  const row = await findGeneration(db, id);
  if (!row || !isInScope(actor, row.organizationId)) throw notFound(NOT_FOUND);
  return row;
}

export async function getGeneration(db: Database, actor: Actor, id: number): Promise<Generation> {
  return toGeneration(db, await generationInScope(db, actor, id));
}

/** Any instance: a queued generation stops now, a running one within PROGRESS_INTERVAL_MS (its best kept). */
export async function stopGeneration(db: Database, actor: Actor, id: number): Promise<Generation> {
  await generationInScope(db, actor, id);
  await requestStop(db, GENERATION_RUN, id);
  return getGeneration(db, actor, id);
}

/** The template, its slots and the final status in one transaction: all of them or none. */
async function saveResult(
  db: Database,
  row: GenerationRow,
  school: SchoolInstance,
  result: SolveResult,
  stopAsked: boolean,
): Promise<void> {
  const { instance, lineOf } = school;
  const check = checkAssignment(instance, result);
  // The class's screen lists its subgroups' lessons together: what the instance's check cannot see.
  const screen = classScreenProblems(school, result);
  const hardViolations = check.hardViolations + screen.length;
  const periods = instance.periods;
  await db.transaction(async (tx) => {
    const templateId = await createTemplateOf(tx, row.organizationId, {
      organization_id: row.organizationId,
      name: row.input.template_name,
      academic_year: row.academicYear,
      bell_schedule_id: null,
      active: false,
    });
    await addSlots(
      tx,
      row.organizationId,
      result.starts.flatMap((start, i) =>
        start < 0
          ? []
          : [
              {
                templateId,
                loadId: lineOf[i].id,
                classId: lineOf[i].classId,
                subgroupId: lineOf[i].subgroupId,
                weekday: Math.floor(start / periods) + 1,
                lessonNumber: (start % periods) + 1,
                room: (result.rooms[i]?.[0] ?? -1) >= 0 ? instance.resources[result.rooms[i][0]].name : null,
              },
            ],
      ),
    );
    const finished = await finishRun(tx, GENERATION_RUN, row.id, {
      status: stopAsked ? 'stopped' : 'done',
      placed: result.placed,
      hardViolations,
      softCost: result.softCost,
      teacherGaps: check.teacherGaps,
      seconds: result.seconds,
      reasons: hardViolations > 0 ? [...check.problems, ...screen].slice(0, MAX_REASONS) : [],
      templateId,
      figures: schoolFigures(school, result, check),
    });
    // Swept as lost meanwhile (this instance stalled past the heartbeat): its answer stands, no template.
    if (!finished) tx.rollback();
  });
}

/** The job: claims the row, searches, saves; any failure leaves the row failed with a Russian reason. */
export async function runGeneration(
  db: Database,
  generationId: number,
  localRuns: Map<number, WorkerRun>,
  log: (message: string) => void,
) {
  const row = await claimRun(db, GENERATION_RUN, generationId);
  if (!row) return;
  let run: WorkerRun | undefined;
  let heartbeat: { stop(): void } | undefined;
  try {
    const lines = await schoolLoad(db, row.organizationId, row.academicYear);
    const school = await loadSchool(db, row.organizationId, lines, row.input);
    const reasons = diagnose(school.instance);
    // The school changed since the start so that it cannot be done now.
    if (reasons.length > 0 || lines.length === 0) {
      await finishRun(db, GENERATION_RUN, row.id, {
        status: 'impossible',
        total: school.instance.activities.length,
        reasons: reasons.length > 0 ? reasons : [`Нет нагрузки на ${row.academicYear} учебный год`],
      });
      return;
    }
    const total = school.instance.activities.length;
    let latest = { placed: 0, total, hardViolations: 0, softCost: 0, seconds: 0 };
    let stopAsked = false;
    const activeRun = startWorkers(school.instance, {
      seeds: [row.input.seed, row.input.seed + SECOND_SEED_OFFSET],
      seconds: row.input.time_limit_seconds,
      stopAtFeasible: row.input.stop_at_first_valid,
      onProgress: ({ placed, hardViolations, softCost, seconds }) => {
        latest = { placed, total, hardViolations, softCost, seconds };
      },
    });
    run = activeRun;
    localRuns.set(row.id, activeRun);
    heartbeat = keepAlive(db, GENERATION_RUN, row.id, {
      intervalMs: PROGRESS_INTERVAL_MS,
      progress: () => latest,
      // Asked to stop, or swept as lost: the search ends with its best.
      onStop: () => {
        stopAsked = true;
        activeRun.stop();
      },
      log,
    });
    const result = await activeRun.result;
    heartbeat.stop();
    await saveResult(db, row, school, result, stopAsked || result.stopped);
  } catch (error) {
    // The завуч sees a Russian reason; what went wrong is in the server's log.
    await failRun(db, GENERATION_RUN, row.id, log, error);
  } finally {
    heartbeat?.stop();
    run?.stop();
    localRuns.delete(row.id);
  }
}
