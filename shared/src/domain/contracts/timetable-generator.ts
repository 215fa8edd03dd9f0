/**
 * The automatic timetable generator (issue 21): starting a generation, its progress, stopping it.
 * A generation runs as a job on the server and saves its result as a timetable template.
 */
import { z } from 'zod';
import { idSchema, text } from './common';
import { academicYearSchema } from './timetable';

const weight = (label: string) =>
  z.coerce
    .number({ error: `${label}: число от 0 до 100` })
    .min(0, { error: `${label}: число от 0 до 100` })
    .max(100, { error: `${label}: число от 0 до 100` });

/** Weights of the soft rules the завуч can change (0 switches a rule off). */
export const generationWeightsSchema = z.object({
  teacher_gaps: weight('Окна учителей').default(3),
  teacher_days: weight('Дни учителя в неделю').default(1),
  difficulty: weight('Шкала трудности СанПиН').default(1),
  hard_first_last: weight('Трудные предметы первым или последним уроком').default(2),
  subject_twice_a_day: weight('Предмет дважды в день').default(5),
  spread: weight('Часы предмета по неделе').default(1),
});
export type GenerationWeights = z.output<typeof generationWeightsSchema>;

export const generationInputSchema = z.object({
  organization_id: idSchema.optional(),
  template_name: text('Укажите название шаблона', 100).default('Сгенерированное расписание'),
  academic_year: academicYearSchema.optional(),
  time_limit_seconds: z.coerce
    .number({ error: 'Время поиска — число секунд от 1 до 600' })
    .int({ error: 'Время поиска — число секунд от 1 до 600' })
    .min(1, { error: 'Время поиска — число секунд от 1 до 600' })
    .max(600, { error: 'Время поиска — число секунд от 1 до 600' })
    .default(30),
  seed: z.coerce
    .number({ error: 'Зерно — целое число от 0 до 2 147 483 647' })
    .int({ error: 'Зерно — целое число от 0 до 2 147 483 647' })
    .min(0, { error: 'Зерно — целое число от 0 до 2 147 483 647' })
    .max(2_147_483_647, { error: 'Зерно — целое число от 0 до 2 147 483 647' })
    .default(1),
  weights: generationWeightsSchema.default(generationWeightsSchema.parse({})),
});
export type GenerationInput = z.input<typeof generationInputSchema>;

export const GENERATION_STATUSES = ['running', 'done', 'stopped', 'failed', 'impossible'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const generationSchema = z.object({
  id: z.number().int(),
  status: z.enum(GENERATION_STATUSES),
  placed: z.number().int(),
  total: z.number().int(),
  hard_violations: z.number().int(),
  soft_cost: z.number(),
  teacher_gaps: z.number().int(),
  seconds: z.number(),
  /** Why the timetable cannot be made (status impossible), in Russian. */
  reasons: z.array(z.string()),
  /** The template the result was saved as (done or stopped with a result). */
  template_id: z.number().int().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

export const generationStartedSchema = z.object({ data: z.object({ id: z.number().int() }) });
