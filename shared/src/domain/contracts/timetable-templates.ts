/**
 * Contracts of timetable templates (issue 10): a template with its slots, and applying it to dated
 * lessons (the weeks and the double bookings it reports). Re-exported by contracts/timetable.ts.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, nullableIdSchema, optionalText, text } from './common';
import { academicYearSchema, organizationField } from './timetable-common';

// ---------------------------------------------------------------- templates and slots

export const templateSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  academic_year: z.string(),
  bell_schedule_id: z.number().int().nullable(),
  active: z.boolean(),
  slots_count: z.number().int(),
});
export type TimetableTemplate = z.infer<typeof templateSchema>;

export const templateInputSchema = z.object({
  ...organizationField,
  name: text('Укажите название шаблона', 100),
  academic_year: academicYearSchema,
  bell_schedule_id: nullableIdSchema,
  active: z.boolean({ error: 'Ожидается да или нет' }).default(false),
});
export type TemplateInput = z.input<typeof templateInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type TemplateInputParsed = z.output<typeof templateInputSchema>;

export const slotSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int(),
  group_id: z.number().int(),
  subgroup_id: z.number().int().nullable(),
  subgroup_name: z.string().nullable(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  weekday: z.number().int(),
  lesson_number: z.number().int(),
  room: z.string().nullable(),
});
export type TimetableSlot = z.infer<typeof slotSchema>;

export const templateDetailSchema = templateSchema.extend({ slots: z.array(slotSchema) });
export type TimetableTemplateDetail = z.infer<typeof templateDetailSchema>;

export const slotInputSchema = z.object({
  load_id: idSchema,
  weekday: z.coerce
    .number({ error: 'День недели — число от 1 до 7' })
    .int()
    .min(1, { error: 'День недели — число от 1 до 7' })
    .max(7, { error: 'День недели — число от 1 до 7' }),
  lesson_number: z.coerce
    .number({ error: 'Номер урока — число от 1 до 12' })
    .int()
    .min(1, { error: 'Номер урока — число от 1 до 12' })
    .max(12, { error: 'Номер урока — число от 1 до 12' }),
  room: optionalText(20),
});
export type SlotInput = z.input<typeof slotInputSchema>;

export const slotParamsSchema = z.object({ id: idSchema, slotId: idSchema });

/**
 * POST /api/timetable/templates/{id}/apply: from the period's start (or `from`, never before today)
 * to the end of the school year (or `to`), for every class of the template whatever terms it has.
 */
export const applyInputSchema = z
  .object({
    period_id: idSchema,
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** true: work out what applying would do and write nothing (the preview before «Применить»). */
    dry_run: z.boolean({ error: 'dry_run — да или нет' }).default(false),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ['to'],
    error: 'Конец не может быть раньше начала',
  });
export type ApplyInput = z.input<typeof applyInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type ApplyInputParsed = z.output<typeof applyInputSchema>;

/** A week (Monday to Sunday, clipped to the applied dates) whose lessons of a class × subject differ from the template's. */
export const applyWeekCountSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Lessons the template gives that week (holidays already left out). */
  expected: z.number().int(),
  /** Lessons the class has that week after applying (cancelled ones not counted). */
  actual: z.number().int(),
});

/** A class × subject (× subgroup) whose weekly count differs from the template's after applying. */
export const applyCountMismatchSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  subgroup_name: z.string().nullable(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  weeks: z.array(applyWeekCountSchema),
});
export type ApplyCountMismatch = z.infer<typeof applyCountMismatchSchema>;

/** A teacher or a room with two or more lessons at one date and lesson number after applying. */
export const applyDoubleBookingSchema = z.object({
  kind: z.enum(['teacher', 'room']),
  /** The teacher's name or the room. */
  name: z.string(),
  date: z.string(),
  lesson_number: z.number().int(),
  /** The classes (with the subgroup) that meet then, e.g. «5А», «6Б (1 группа)». */
  groups: z.array(z.string()),
});
export type ApplyDoubleBooking = z.infer<typeof applyDoubleBookingSchema>;

/** A class the application changes: the dates applied to it and how many of its lessons change. */
export const applyClassChangeSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  /** The first and the last date of the class's lessons that the template now gives (its terms from the start date on). */
  from: z.string(),
  to: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});
export type ApplyClassChange = z.infer<typeof applyClassChangeSchema>;

export const applyResultSchema = z.object({
  /** The applied timetable; null for a dry run. */
  timetable_id: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  created: z.number().int(),
  /** Lessons rewritten or moved to the template (a lesson holding only a КТП topic moves with it). */
  updated: z.number().int(),
  removed: z.number().int(),
  /** Lessons left as they were: with marks, attendance, a topic or homework typed by a teacher, or changed by hand. */
  kept: z.number().int(),
  /** true when nothing was written (the preview). */
  dry_run: z.boolean(),
  /** Lessons whose КТП topic was laid anew in order after the lessons moved. */
  ktp_relaid: z.number().int(),
  count_mismatches: z.array(applyCountMismatchSchema),
  double_bookings: z.array(applyDoubleBookingSchema),
  /**
   * Every class of the template whose lessons change, by class (the whole school, grades by
   * четверти and by полугодия alike, from `from` to `to`).
   */
  changed_classes: z.array(applyClassChangeSchema),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;
