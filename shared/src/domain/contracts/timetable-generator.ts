/**
 * The automatic timetable generator (issue 21): starting a generation, its progress, stopping it.
 * A generation runs as a job on the server and saves its result as a timetable template.
 */
import { z } from 'zod';
import { ROOM_KIND_CODES } from '../timetable';
import { idSchema, nullableIdSchema, text, uniqueBy } from './common';
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
  /** Per lesson a class's longest day stands over its shortest beyond one (СанПиН: the load even over the week). */
  even_days: weight('Ровные дни класса').default(20),
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
  /** A class's day has no «окна» (hard; off: a soft rule). A subgroup's pupils count as their own class. */
  class_no_gaps: z.boolean({ error: 'Без окон у классов — да или нет' }).default(true),
  /** A class's day starts at the 1st lesson (hard; off: a soft rule). */
  class_first_lesson: z.boolean({ error: 'Начало с первого урока — да или нет' }).default(true),
  /** End at the first timetable without hard violations, with no soft improvement (a quick check). */
  stop_at_first_valid: z.boolean({ error: 'Остановиться на первом допустимом — да или нет' }).default(false),
});
export type GenerationInput = z.input<typeof generationInputSchema>;
export type GenerationInputParsed = z.output<typeof generationInputSchema>;

/**
 * queued: waiting for a free solver on some instance (its place in `queue_position`); running: a
 * solver works on it; the rest are final.
 */
export const GENERATION_STATUSES = ['queued', 'running', 'done', 'stopped', 'failed', 'impossible'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
/** Statuses of a generation still under way: one of these per school at a time. */
export const ACTIVE_GENERATION_STATUSES = [
  'queued',
  'running',
] as const satisfies readonly GenerationStatus[];

/**
 * What a завуч checks in a class's result, as the class's timetable shows it (every subgroup's lessons
 * together); gaps and late starts also count a subgroup's pupils (the most any group of them has).
 */
export const classFiguresSchema = z.object({
  class_id: z.number().int(),
  name: z.string(),
  /** Empty lessons between lessons in the week. */
  gaps: z.number().int(),
  /** Days that do not start at the 1st lesson. */
  late_starts: z.number().int(),
  longest_day: z.number().int(),
  shortest_day: z.number().int(),
  days_of_7: z.number().int(),
  /** Why its days cannot be even (the diagnosis), or null. */
  note: z.string().nullable(),
});
export type ClassFigures = z.infer<typeof classFiguresSchema>;

export const teacherFiguresSchema = z.object({
  teacher_id: z.number().int(),
  name: z.string(),
  gaps: z.number().int(),
  /** Days with at least one lesson. */
  days: z.number().int(),
  longest_day: z.number().int(),
  days_of_7: z.number().int(),
});
export type TeacherFigures = z.infer<typeof teacherFiguresSchema>;

export const generationFiguresSchema = z.object({
  classes: z.array(classFiguresSchema),
  teachers: z.array(teacherFiguresSchema),
});
export type GenerationFigures = z.infer<typeof generationFiguresSchema>;

export const generationSchema = z.object({
  id: z.number().int(),
  status: z.enum(GENERATION_STATUSES),
  placed: z.number().int(),
  total: z.number().int(),
  hard_violations: z.number().int(),
  soft_cost: z.number(),
  teacher_gaps: z.number().int(),
  seconds: z.number(),
  /** Why the timetable cannot be made (status impossible) or why the generation failed, in Russian. */
  reasons: z.array(z.string()),
  /** The template the result was saved as (done or stopped with a result). */
  template_id: z.number().int().nullable(),
  /** Status queued: 1 for the next to start (on any instance), else null. */
  queue_position: z.number().int().nullable(),
  /** The result's figures per class and per teacher (once a timetable is saved). */
  figures: generationFiguresSchema.optional(),
});
export type Generation = z.infer<typeof generationSchema>;

export const generationStartedSchema = z.object({ data: z.object({ id: z.number().int() }) });

// ---------------------------------------------------------------- rooms

export const roomSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  capacity: z.number().int().nullable(),
  kind: z.enum(ROOM_KIND_CODES),
  /** The teacher whose home room it is (their lessons go there unless a line asks otherwise). */
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomInputSchema = z.object({
  organization_id: idSchema.optional(),
  name: text('Укажите название кабинета', 50),
  capacity: z
    .number({ error: 'Вместимость — число от 1 до 1000' })
    .int({ error: 'Вместимость — число от 1 до 1000' })
    .min(1, { error: 'Вместимость — число от 1 до 1000' })
    .max(1000, { error: 'Вместимость — число от 1 до 1000' })
    .nullish()
    .transform((value) => value ?? null),
  kind: z.enum(ROOM_KIND_CODES, { error: 'Неизвестный вид кабинета' }).default('regular'),
  teacher_id: nullableIdSchema,
});
export type RoomInput = z.input<typeof roomInputSchema>;
export type RoomInputParsed = z.output<typeof roomInputSchema>;

// ---------------------------------------------------------------- availability

/** One cell of the week: a weekday (1 Monday … 7) and a lesson number (1 … 12). */
export const cellSchema = z.object({
  weekday: z
    .number({ error: 'День недели — число от 1 до 7' })
    .int({ error: 'День недели — число от 1 до 7' })
    .min(1, { error: 'День недели — число от 1 до 7' })
    .max(7, { error: 'День недели — число от 1 до 7' }),
  lesson_number: z
    .number({ error: 'Номер урока — число от 1 до 12' })
    .int({ error: 'Номер урока — число от 1 до 12' })
    .min(1, { error: 'Номер урока — число от 1 до 12' })
    .max(12, { error: 'Номер урока — число от 1 до 12' }),
});
export type Cell = z.infer<typeof cellSchema>;

/** Whose availability: a teacher (staff member) or a class; exactly one. */
export const availabilityQuerySchema = z
  .object({ teacher_id: idSchema.optional(), group_id: idSchema.optional() })
  .refine((value) => (value.teacher_id === undefined) !== (value.group_id === undefined), {
    path: ['teacher_id'],
    error: 'Укажите учителя или класс',
  });
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

export const availabilitySchema = z.object({
  teacher_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  /** The cells they are NOT available in. */
  unavailable: z.array(cellSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** PUT /api/timetable/availability: replaces the whole set of unavailable cells of one teacher or class. */
export const availabilityInputSchema = z
  .object({
    teacher_id: idSchema.optional(),
    group_id: idSchema.optional(),
    unavailable: z
      .array(cellSchema, { error: 'Ожидается список клеток' })
      .max(84, { error: 'Не больше 84 клеток' })
      .superRefine(uniqueBy((cell) => `${cell.weekday}|${cell.lesson_number}`, 'Клетка повторяется')),
  })
  .refine((value) => (value.teacher_id === undefined) !== (value.group_id === undefined), {
    path: ['teacher_id'],
    error: 'Укажите учителя или класс',
  });
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;
export type AvailabilityInputParsed = z.output<typeof availabilityInputSchema>;
