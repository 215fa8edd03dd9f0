/**
 * Contracts of «Новый учебный год» (issue 40): the school closes its academic year and opens the
 * next one. The preview says exactly what the run will do; the run does it in one transaction.
 */
import { z } from 'zod';
import { idSchema } from './common';
import { CLASS_LETTER_PATTERN } from './people';
import { academicYearSchema, missingFinalMarksSchema, periodSchema } from './timetable';

/** GET /api/academic-years/next: the preview for one organization of the caller's tree. */
export const yearChangeQuerySchema = z.object({ organization_id: idSchema.optional() });
export type YearChangeQueryParsed = z.output<typeof yearChangeQuerySchema>;

/** POST /api/academic-years/next: the year being closed (as the preview named it) and what to carry over. */
export const yearChangeInputSchema = z.object({
  organization_id: idSchema.optional(),
  /** The year the завуч saw closing in the preview: a stale preview (another year) is refused. */
  academic_year: academicYearSchema,
  /** Copy each class's subgroups (with their pupils) to the class it becomes. */
  keep_subgroups: z.boolean({ error: 'Сохранить подгруппы — да или нет' }).default(true),
  /** Copy each class's load lines (subject, teacher, hours) to the class it becomes. */
  keep_loads: z.boolean({ error: 'Сохранить нагрузку — да или нет' }).default(true),
  /** Carry КТП plans over to the new year as templates (no dates, no lessons linked). */
  carry_ktp: z.boolean({ error: 'Перенести КТП — да или нет' }).default(true),
  /**
   * Copy the year's timetable templates (their slots follow the load lines copied: without
   * `keep_loads` the templates come over empty; a graduating class's slots stay behind).
   */
  copy_timetables: z.boolean({ error: 'Перенести шаблоны расписания — да или нет' }).default(true),
  /**
   * Letters of the new first grades to open, empty (the preview offers this year's letters of the
   * school's first grade): «А», «Б». None: the завуч adds them later in «Классы».
   */
  new_first_grades: z
    .array(
      z
        .string({ error: 'Буква класса — одна русская буква' })
        .trim()
        .toUpperCase()
        .regex(CLASS_LETTER_PATTERN, { error: 'Буква класса — одна русская буква' }),
      { error: 'Буквы новых первых классов — список' },
    )
    .max(33, { error: 'Не больше 33 новых классов' })
    .refine((letters) => new Set(letters).size === letters.length, {
      error: 'Буквы новых классов повторяются',
    })
    .default([]),
});
export type YearChangeInput = z.input<typeof yearChangeInputSchema>;
export type YearChangeInputParsed = z.output<typeof yearChangeInputSchema>;

/** A class of the closing year and what it becomes: `to` null for the last grade (it graduates). */
export const yearChangeClassSchema = z.object({
  group_id: z.number().int(),
  from: z.string(),
  to: z.string().nullable(),
  students: z.number().int(),
  subgroup_sets: z.number().int(),
  load_lines: z.number().int(),
});
export type YearChangeClass = z.infer<typeof yearChangeClassSchema>;

export const yearChangePeriodSchema = periodSchema
  .pick({ name: true, kind: true, start_date: true, end_date: true, grades: true })
  .extend({ from_start_date: z.string(), from_end_date: z.string() });

/** Каникулы move by a year as they are: their dates change every year, so each is flagged for review. */
export const yearChangeHolidaySchema = z.object({
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  grades: z.array(z.number().int()),
  review: z.literal(true),
});

export const yearChangePlanSchema = z.object({
  organization_id: z.number().int(),
  academic_year: z.string(),
  next_year: z.string(),
  /** The school's last grade (11): its classes graduate. */
  last_grade: z.number().int(),
  classes: z.array(yearChangeClassSchema),
  graduates: z.number().int(),
  /** Sign-in accounts closed: graduates', and parents' left with no active child. */
  graduate_accounts: z.number().int(),
  parent_accounts: z.number().int(),
  periods: z.array(yearChangePeriodSchema),
  holidays: z.array(yearChangeHolidaySchema),
  load_lines: z.number().int(),
  subgroup_sets: z.number().int(),
  ktp_plans: z.number().int(),
  /** Timetable templates of the closing year (copied to the new year unless the завуч declines). */
  timetable_templates: z.number().int(),
  /** The school's first grade (the lowest of its periods' grades: 1, or 5 for a school from the 5th). */
  first_grade: z.number().int(),
  /** Letters of this year's classes of the first grade: the new first grades the preview offers. */
  first_grade_letters: z.array(z.string()),
  /** The new first grades created (the run's answer; the preview: none yet). */
  new_first_grades: z.array(z.string()),
  /**
   * The final marks still missing in the year's periods ended by today (only those with any): the
   * year change closes them for good, so the завуч sees which pupils and subjects lack a mark.
   */
  missing_final_marks: z.array(missingFinalMarksSchema),
  /** What the завуч should know before running (Russian sentences). */
  notes: z.array(z.string()),
});
export type YearChangePlan = z.infer<typeof yearChangePlanSchema>;

export const yearChangePlanAnswerSchema = z.object({ data: yearChangePlanSchema });
