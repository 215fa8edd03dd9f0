import {
  type Generation,
  type GenerationInput,
  generationInputSchema,
} from '@parta/shared/domain/contracts/timetable-generator';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import { parseSettings } from '@parta/shared/domain/week';
import { assertInScope, isInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { unavailableOfOrganization } from '../availability/availability.service';
import { loadLinesOfYear } from '../loads/loads.service';
import { roomsOfOrganization } from '../rooms/rooms.service';
import { getSettings } from '../settings/settings.service';
import { addSlots, bellNumbersOfGrades, createTemplate } from '../timetable/templates.service';
import { findAcademicYear, findDivisions, findGroupSizes } from './generator.repository';
import { classScreenProblems, schoolFigures } from './school-figures';
import { buildSchoolInstance, type SchoolLoadLine } from './school-instance';
import { checkAssignment } from './solver/check';
import { diagnose } from './solver/diagnose';
import { startWorkers } from './solver/workers';

/**
 * Generations run as jobs of this server process (two worker threads with different seeds, the
 * better result kept); the job list lives in memory, a restart forgets running generations.
 */
interface Job {
  organizationId: number;
  state: Generation;
  stop: () => void;
}

const jobs = new Map<number, Job>();

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

let nextId = 1;
/** Finished jobs kept for reading, per process. */
const KEEP_FINISHED = 50;

const NOT_FOUND = 'Генерация не найдена';

export async function startGeneration(
  db: Database,
  actor: Actor,
  raw: GenerationInput,
): Promise<{ id: number }> {
  const input = generationInputSchema.parse(raw);
  const organizationId = input.organization_id ?? actor.organizationId;
  assertInScope(actor, organizationId);
  for (const job of jobs.values()) {
    if (job.organizationId === organizationId && job.state.status === 'running')
      throw conflict('Генерация расписания этой школы уже идёт: дождитесь её или остановите');
  }
  const academicYear = await findAcademicYear(db, organizationId, input.academic_year);
  if (!academicYear) throw unprocessable(VALIDATION_MESSAGE, { academic_year: ['В школе нет классов'] });
  const lines = await schoolLoad(db, organizationId, academicYear);
  if (lines.length === 0)
    throw unprocessable(VALIDATION_MESSAGE, {
      academic_year: [`Нет нагрузки на ${academicYear} учебный год`],
    });
  const settings = parseSettings(await getSettings(db, actor, organizationId));
  const classIds = [...new Set(lines.map((l) => l.classId))];
  const divisions = await findDivisions(db, classIds);
  const rooms = await roomsOfOrganization(db, organizationId);
  const school = buildSchoolInstance(
    {
      workingDays: settings.working_days_per_week,
      maxLessonsPerDay: settings.max_lessons_per_day,
      lines,
      divisions,
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
  const { instance, lineOf } = school;
  const id = nextId++;
  const state: Generation = {
    id,
    status: 'running',
    placed: 0,
    total: instance.activities.length,
    hard_violations: 0,
    soft_cost: 0,
    teacher_gaps: 0,
    seconds: 0,
    reasons: [],
    template_id: null,
  };
  const job: Job = { organizationId, state, stop: () => {} };
  jobs.set(id, job);
  forgetOldJobs();

  const reasons = diagnose(instance);
  if (reasons.length > 0) {
    state.status = 'impossible';
    state.reasons = reasons;
    return { id };
  }
  const run = startWorkers(instance, {
    seeds: [input.seed, input.seed + 7919],
    seconds: input.time_limit_seconds,
    stopAtFeasible: input.stop_at_first_valid,
    onProgress: (p) => {
      if (state.status !== 'running') return;
      state.placed = p.placed;
      state.hard_violations = p.hardViolations;
      state.soft_cost = p.softCost;
      state.seconds = p.seconds;
    },
  });
  let stopAsked = false;
  job.stop = () => {
    stopAsked = true;
    run.stop();
  };
  run.result
    .then(async (result) => {
      const check = checkAssignment(instance, result);
      // The class's screen lists its subgroups' lessons together: what the instance's check cannot see.
      const screen = classScreenProblems(school, result);
      state.placed = result.placed;
      state.hard_violations = check.hardViolations + screen.length;
      state.soft_cost = result.softCost;
      state.teacher_gaps = check.teacherGaps;
      state.seconds = result.seconds;
      if (state.hard_violations > 0) state.reasons = [...check.problems, ...screen].slice(0, 20);
      state.figures = schoolFigures(school, result, check);
      const template = await createTemplate(db, actor, {
        organization_id: organizationId,
        name: input.template_name,
        academic_year: academicYear,
        bell_schedule_id: null,
        active: false,
      });
      const P = instance.periods;
      await addSlots(
        db,
        organizationId,
        result.starts.flatMap((s, i) =>
          s < 0
            ? []
            : [
                {
                  templateId: template.id,
                  loadId: lineOf[i].id,
                  classId: lineOf[i].classId,
                  subgroupId: lineOf[i].subgroupId,
                  weekday: Math.floor(s / P) + 1,
                  lessonNumber: (s % P) + 1,
                  room:
                    (result.rooms[i]?.[0] ?? -1) >= 0 ? instance.resources[result.rooms[i][0]].name : null,
                },
              ],
        ),
      );
      state.template_id = template.id;
      state.status = stopAsked ? 'stopped' : 'done';
    })
    .catch((error: unknown) => {
      state.status = 'failed';
      state.reasons = [`Генерация прервалась: ${error instanceof Error ? error.message : 'ошибка'}`];
    });
  return { id };
}

function forgetOldJobs(): void {
  const finished = [...jobs.entries()].filter(([, job]) => job.state.status !== 'running');
  for (const [id] of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) jobs.delete(id);
}

function jobInScope(actor: Actor, id: number): Job {
  const job = jobs.get(id);
  if (!job || !isInScope(actor, job.organizationId)) throw notFound(NOT_FOUND);
  return job;
}

export function getGeneration(actor: Actor, id: number): Generation {
  return { ...jobInScope(actor, id).state };
}

export function stopGeneration(actor: Actor, id: number): Generation {
  const job = jobInScope(actor, id);
  if (job.state.status === 'running') job.stop();
  return { ...job.state };
}

/** Ends every running search (server shutdown). */
export function stopAllGenerations(): void {
  for (const job of jobs.values()) if (job.state.status === 'running') job.stop();
}

/** Resolves when no generation is running (server shutdown, tests). */
export async function generationsSettled(): Promise<void> {
  while ([...jobs.values()].some((job) => job.state.status === 'running')) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
