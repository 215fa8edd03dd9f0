/**
 * Contracts of КТП (issue 12): plans per teacher × subject × class (or parallel), their ordered
 * items, .xlsx import and export, copying to another class and applying to dated lessons.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, nullableIdSchema, optionalText, text } from './common';
import { academicYearSchema } from './timetable';

const gradeSchema = z.coerce
  .number({ error: 'Параллель — число от 1 до 11' })
  .int({ error: 'Параллель — число от 1 до 11' })
  .min(1, { error: 'Параллель — число от 1 до 11' })
  .max(11, { error: 'Параллель — число от 1 до 11' });

export const ktpPlanSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  academic_year: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  /** The class of the plan; null: the plan serves the whole parallel `grade`. */
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  grade: z.number().int(),
  items_count: z.number().int(),
  hours_total: z.number(),
});
export type KtpPlan = z.infer<typeof ktpPlanSchema>;

export const ktpItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  section: z.string().nullable(),
  topic: z.string(),
  hours: z.number(),
  homework: z.string().nullable(),
  control_type: z.string().nullable(),
  planned_date: z.string().nullable(),
  actual_date: z.string().nullable(),
});
export type KtpItem = z.infer<typeof ktpItemSchema>;

export const ktpPlanDetailSchema = ktpPlanSchema.extend({ items: z.array(ktpItemSchema) });
export type KtpPlanDetail = z.infer<typeof ktpPlanDetailSchema>;

export const ktpListQuerySchema = z.object({
  organization_id: idSchema.optional(),
  teacher_id: idSchema.optional(),
  subject_id: idSchema.optional(),
  group_id: idSchema.optional(),
  /** The plans of one academic year («2027/2028»): after «Новый учебный год», the carried-over ones. */
  academic_year: academicYearSchema.optional(),
});
/** What the server gets after parsing (defaults applied, values coerced). */
export type KtpListQueryParsed = z.output<typeof ktpListQuerySchema>;

export const ktpPlanInputSchema = z
  .object({
    organization_id: idSchema.optional(),
    name: text('Укажите название плана', 200),
    academic_year: academicYearSchema,
    teacher_id: nullableIdSchema,
    subject_id: idSchema,
    group_id: nullableIdSchema,
    grade: gradeSchema.nullish().transform((value) => value ?? null),
  })
  .refine((plan) => plan.group_id !== null || plan.grade !== null, {
    error: 'Укажите класс или параллель',
    path: ['group_id'],
  });
export type KtpPlanInput = z.input<typeof ktpPlanInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type KtpPlanInputParsed = z.output<typeof ktpPlanInputSchema>;

/** Hours of one item: 0.5 to 99 (numeric(4,1)). */
export const ktpHoursSchema = z.coerce
  .number({ error: 'Часы — число от 0,5 до 99' })
  .min(0.5, { error: 'Часы — число от 0,5 до 99' })
  .max(99, { error: 'Часы — число от 0,5 до 99' })
  .refine((value) => Number.isInteger(value * 2), { error: 'Часы — целые или с половиной' });

export const ktpItemInputSchema = z.object({
  section: optionalText(200),
  topic: text('Укажите тему урока', 500),
  hours: ktpHoursSchema,
  homework: optionalText(1000, { multiline: true }),
  control_type: optionalText(100),
  planned_date: isoDateSchema.nullish().transform((value) => value ?? null),
  actual_date: isoDateSchema.nullish().transform((value) => value ?? null),
});
export type KtpItemInput = z.input<typeof ktpItemInputSchema>;

/** The whole ordered list of items: editing in place and reordering both save it. */
export const ktpItemsInputSchema = z.object({
  items: z
    .array(ktpItemInputSchema, { error: 'Ожидается список тем' })
    .max(500, { error: 'Не больше 500 тем' }),
});
/** What the server gets after parsing (defaults applied, values coerced). */
export type KtpItemsInputParsed = z.output<typeof ktpItemsInputSchema>;

export const ktpCopyInputSchema = z.object({
  group_id: idSchema,
  name: optionalText(200),
});
/** What the server gets after parsing (defaults applied, values coerced). */
export type KtpCopyInputParsed = z.output<typeof ktpCopyInputSchema>;

export const ktpApplyInputSchema = z.object({
  /** The class to apply to: required for a parallel's plan, must match a class plan's own. */
  group_id: idSchema.optional(),
  /** Replace topics the teacher typed by hand too. */
  overwrite: z.boolean().default(false),
});
/** What the server gets after parsing (defaults applied, values coerced). */
export type KtpApplyInputParsed = z.output<typeof ktpApplyInputSchema>;

export const ktpApplyResultSchema = z.object({
  lessons_filled: z.number().int(),
  planned_hours: z.number(),
  given_hours: z.number().int(),
  hours_without_lesson: z.number(),
  lessons_without_topic: z.number().int(),
});
export type KtpApplyResult = z.infer<typeof ktpApplyResultSchema>;

export const ktpImportQuerySchema = z.object({
  /** true: check only and show each row's problems; false: save all rows or, with any problem, none. */
  dry_run: z
    .enum(['true', 'false'], { error: 'dry_run: true или false' })
    .default('true')
    .transform((value) => value === 'true'),
});

export const ktpImportRowSchema = z.object({
  row: z.number().int(),
  section: z.string().nullable(),
  topic: z.string(),
  hours: z.number().nullable(),
  homework: z.string().nullable(),
  control_type: z.string().nullable(),
  planned_date: z.string().nullable(),
  actual_date: z.string().nullable(),
  problems: z.array(z.string()),
});
export type KtpImportRow = z.infer<typeof ktpImportRowSchema>;

export const ktpImportResultSchema = z.object({
  rows: z.array(ktpImportRowSchema),
  /** Rows with a problem; the import saves only when there are none. */
  invalid: z.number().int(),
  saved: z.boolean(),
});
export type KtpImportResult = z.infer<typeof ktpImportResultSchema>;

/** The .xlsx columns, in order: import reads them by header, export writes them. */
export const KTP_COLUMNS = [
  '№',
  'Раздел',
  'Тема',
  'Часы',
  'Домашнее задание',
  'Вид контроля',
  'Дата по плану',
  'Дата факт',
] as const;
