import {
  type Generation,
  type GenerationInput,
  generationInputSchema,
} from '@parta/shared/domain/contracts/timetable-generator';
import { parseSettings } from '@parta/shared/domain/week';
import { assertInScope, isInScope } from '../../access/scope';
import type { Database as Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { getSettings } from '../organizations/organizations.service';
import { insertSlots } from '../timetable/timetable.repository';
import { createTemplate } from '../timetable/timetable.service';
import { findAcademicYear, findDivisions, findSchoolLoad } from './generator.repository';
import { buildSchoolInstance } from './school-instance';
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
let nextId = 1;
/** Finished jobs kept for reading, per process. */
const KEEP_FINISHED = 50;

const NOT_FOUND = 'Генерация не найдена';

export async function startGeneration(db: Db, actor: Actor, raw: GenerationInput): Promise<{ id: number }> {
  const input = generationInputSchema.parse(raw);
  const organizationId = input.organization_id ?? actor.organizationId;
  assertInScope(actor, organizationId);
  for (const job of jobs.values()) {
    if (job.organizationId === organizationId && job.state.status === 'running')
      throw conflict('Генерация расписания этой школы уже идёт: дождитесь её или остановите');
  }
  const academicYear = await findAcademicYear(db, organizationId, input.academic_year);
  if (!academicYear) throw unprocessable(VALIDATION_MESSAGE, { academic_year: ['В школе нет классов'] });
  const lines = await findSchoolLoad(db, organizationId, academicYear);
  if (lines.length === 0)
    throw unprocessable(VALIDATION_MESSAGE, {
      academic_year: [`Нет нагрузки на ${academicYear} учебный год`],
    });
  const settings = parseSettings(await getSettings(db, actor, organizationId));
  const divisions = await findDivisions(db, [...new Set(lines.map((l) => l.classId))]);
  const school = buildSchoolInstance(
    {
      workingDays: settings.working_days_per_week,
      maxLessonsPerDay: settings.max_lessons_per_day,
      lines,
      divisions,
    },
    input.weights,
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
      state.placed = result.placed;
      state.hard_violations = check.hardViolations;
      state.soft_cost = result.softCost;
      state.teacher_gaps = check.teacherGaps;
      state.seconds = result.seconds;
      if (check.hardViolations > 0) state.reasons = check.problems.slice(0, 20);
      const template = await createTemplate(db, actor, {
        organization_id: organizationId,
        name: input.template_name,
        academic_year: academicYear,
        bell_schedule_id: null,
        active: false,
      });
      const P = instance.periods;
      await insertSlots(
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
                  room: null,
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
