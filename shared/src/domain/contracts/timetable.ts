/**
 * Contracts of the timetable area (issue 10): subjects, bell schedules, periods and holidays, load,
 * timetable templates with their slots, applying a template, and the dated lessons the journal,
 * КТП and diary read.
 */
import { z } from 'zod';
import {
  bellScheduleProblem,
  LESSON_STATUSES,
  type LessonStatus,
  ROOM_KIND_CODES,
  TIME_PATTERN,
} from '../timetable';
import { idSchema, isoDateSchema, nullableIdSchema, optionalText, text } from './common';
import { academicYearSchema, organizationField } from './timetable-common';

export { academicYearSchema };

/** A grade (class number) 1–11. */
const gradeSchema = z.coerce
  .number({ error: 'Класс — число от 1 до 11' })
  .int({ error: 'Класс — число от 1 до 11' })
  .min(1, { error: 'Класс — число от 1 до 11' })
  .max(11, { error: 'Класс — число от 1 до 11' });

/** A set of grades: no repeats, kept sorted. */
const gradesSchema = z
  .array(gradeSchema, { error: 'Ожидается список классов' })
  .max(11)
  .refine((grades) => new Set(grades).size === grades.length, { error: 'Классы не должны повторяться' })
  .transform((grades) => [...grades].sort((a, b) => a - b));

export const organizationQuerySchema = z.object(organizationField);

// ---------------------------------------------------------------- subjects

export const subjectSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  /** Difficulty rank (СанПиН scale 1–13), null: not ranked. */
  rank: z.number().int().nullable(),
  archived: z.boolean(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const subjectInputSchema = z.object({
  ...organizationField,
  name: text('Укажите название предмета', 100),
  short_name: optionalText(30),
  rank: z
    .number({ error: 'Ранг трудности — число от 1 до 13' })
    .int({ error: 'Ранг трудности — число от 1 до 13' })
    .min(1, { error: 'Ранг трудности — число от 1 до 13' })
    .max(13, { error: 'Ранг трудности — число от 1 до 13' })
    .nullish()
    .transform((value) => value ?? null),
  archived: z.boolean({ error: 'Ожидается да или нет' }).optional(),
});
export type SubjectInput = z.input<typeof subjectInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type SubjectInputParsed = z.output<typeof subjectInputSchema>;

/** DELETE /api/subject/{id}: deleted, or archived because lessons or the load use it. */
export const subjectRemovedSchema = z.object({ message: z.string(), archived: z.boolean() });

// ---------------------------------------------------------------- bells

const timeSchema = z
  .string({ error: 'Время в формате ЧЧ:ММ' })
  .trim()
  .regex(TIME_PATTERN, { error: 'Время в формате ЧЧ:ММ (00:00–23:59)' });

export const bellLessonSchema = z.object({
  number: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
});
export type BellLesson = z.infer<typeof bellLessonSchema>;

export const bellScheduleSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  /** Grades that use this schedule; the default one serves every other grade. */
  grades: z.array(z.number().int()),
  lessons: z.array(bellLessonSchema),
});
export type BellSchedule = z.infer<typeof bellScheduleSchema>;

export const bellScheduleInputSchema = z
  .object({
    ...organizationField,
    name: text('Укажите название расписания звонков', 100),
    is_default: z.boolean({ error: 'Ожидается да или нет' }).default(false),
    grades: gradesSchema.default([]),
    lessons: z
      .array(
        z.object({ number: z.number().int().min(1).max(12), start_time: timeSchema, end_time: timeSchema }),
        {
          error: 'Ожидается список уроков',
        },
      )
      .min(1, { error: 'Добавьте хотя бы один урок' })
      .max(12, { error: 'Не больше 12 уроков' }),
  })
  .superRefine((value, ctx) => {
    const problem = bellScheduleProblem(value.lessons);
    if (problem) ctx.addIssue({ code: 'custom', path: ['lessons', problem.index], message: problem.message });
  });
export type BellScheduleInput = z.input<typeof bellScheduleInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type BellScheduleInputParsed = z.output<typeof bellScheduleInputSchema>;

/**
 * GET /api/bell: SPEC §7 "data.data is the bells", where the first `data` is the axios answer and the
 * second the body's `data`, the list itself (as for /auth/me, /group/{id}, /organizations/my-and-children).
 */
export const bellListResponseSchema = z.object({ data: z.array(bellScheduleSchema) });

// ---------------------------------------------------------------- periods and holidays

export const PERIOD_KINDS = {
  quarter: 'Четверть',
  trimester: 'Триместр',
  half: 'Полугодие',
  year: 'Учебный год',
} as const;
export type PeriodKind = keyof typeof PERIOD_KINDS;

export const periodSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  academic_year: z.string(),
  name: z.string(),
  kind: z.enum(['quarter', 'trimester', 'half', 'year']),
  start_date: z.string(),
  end_date: z.string(),
  grades: z.array(z.number().int()),
  closed: z.boolean(),
  /**
   * «Новый учебный год» closed the period's academic year: the period stays closed for good, and
   * «Открыть» is not offered (the server refuses it with 409).
   */
  year_closed: z.boolean(),
});
export type Period = z.infer<typeof periodSchema>;

/**
 * Final marks still missing in a period: per class × subject (× teacher) of a line taught with
 * marks, the pupils of the class (or subgroup) without a confirmed final mark. The close answer and
 * the year change's preview list them, so a period is not closed with holes unawares.
 */
export const missingFinalMarksSchema = z.object({
  period_id: z.number().int(),
  period_name: z.string(),
  /** Pupil × subject pairs without a final mark. */
  total: z.number().int(),
  items: z.array(
    z.object({
      group_id: z.number().int(),
      group_name: z.string(),
      subject_id: z.number().int(),
      subject_name: z.string(),
      teacher_name: z.string().nullable(),
      students: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type MissingFinalMarks = z.infer<typeof missingFinalMarksSchema>;

/** POST /api/periods/{id}/close answers the period and the final marks it was closed without. */
export const closedPeriodSchema = periodSchema.extend({ missing_final_marks: missingFinalMarksSchema });
export type ClosedPeriod = z.infer<typeof closedPeriodSchema>;

const dateRange = <T extends { start_date: string; end_date: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Конец не может быть раньше начала' });
  }
};

export const periodInputSchema = z
  .object({
    ...organizationField,
    academic_year: academicYearSchema,
    name: text('Укажите название периода', 60),
    kind: z.enum(['quarter', 'trimester', 'half', 'year'], { error: 'Выберите вид периода' }),
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    grades: gradesSchema.refine((grades) => grades.length > 0, { error: 'Выберите хотя бы один класс' }),
  })
  .superRefine(dateRange);
export type PeriodInput = z.input<typeof periodInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type PeriodInputParsed = z.output<typeof periodInputSchema>;

export const holidaySchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  academic_year: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Empty: the whole school. */
  grades: z.array(z.number().int()),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayInputSchema = z
  .object({
    ...organizationField,
    academic_year: academicYearSchema,
    name: text('Укажите название', 60),
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    grades: gradesSchema.default([]),
  })
  .superRefine(dateRange);
export type HolidayInput = z.input<typeof holidayInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type HolidayInputParsed = z.output<typeof holidayInputSchema>;

// ---------------------------------------------------------------- load

export const loadSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  grade: z.number().int(),
  subgroup_id: z.number().int().nullable(),
  subgroup_name: z.string().nullable(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  hours_per_week: z.number(),
  /** For the timetable generator: a room of this kind is required (null: any or none). */
  room_kind: z.enum(ROOM_KIND_CODES).nullable(),
  /** This very room is required. */
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  /** Two hours may stand on one day, one after the other (a «пара»). */
  pair_allowed: z.boolean(),
  /** A subgroup line runs at the same time as the other subgroups of its class and subject. */
  subgroups_parallel: z.boolean(),
  /** Taught with marks; false: «без отметок» (attendance only, out of every report total). */
  graded: z.boolean(),
});
export type LoadItem = z.infer<typeof loadSchema>;

export const loadQuerySchema = z.object({
  ...organizationField,
  group_id: idSchema.optional(),
  teacher_id: idSchema.optional(),
});

export const loadInputSchema = z.object({
  group_id: idSchema,
  subgroup_id: nullableIdSchema,
  subject_id: idSchema,
  teacher_id: nullableIdSchema,
  hours_per_week: z
    .number({ error: 'Часы в неделю — число' })
    .min(0.5, { error: 'Не меньше 0,5 ч' })
    .max(40, { error: 'Не больше 40 ч' })
    .refine((value) => Number.isInteger(value * 2), { error: 'Часы кратны 0,5' }),
  /** The generator's flags; left out on a change, they keep their values. */
  room_kind: z.enum(ROOM_KIND_CODES, { error: 'Неизвестный вид кабинета' }).nullish(),
  room_id: idSchema.nullish(),
  pair_allowed: z.boolean({ error: 'Ожидается да или нет' }).optional(),
  subgroups_parallel: z.boolean({ error: 'Ожидается да или нет' }).optional(),
  /** «Без отметок» when false; a new line is graded unless told, a change left without it keeps its value. */
  graded: z.boolean({ error: 'Ожидается да или нет' }).optional(),
});
export type LoadInput = z.input<typeof loadInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type LoadInputParsed = z.output<typeof loadInputSchema>;

/** A saved load line and the СанПиН warnings of its class (saved anyway, never silently). */
export const loadSavedSchema = z.object({ data: loadSchema, warnings: z.array(z.string()) });

export const loadCopyInputSchema = z
  .object({ from_group_id: idSchema, to_group_id: idSchema })
  .refine((value) => value.from_group_id !== value.to_group_id, {
    path: ['to_group_id'],
    error: 'Выберите другой класс',
  });

export const loadCopiedSchema = z.object({
  message: z.string(),
  copied: z.number().int(),
  warnings: z.array(z.string()),
});

export * from './timetable-templates';

// ---------------------------------------------------------------- dated lessons

// The names of a lesson's statuses live with the zod-free rules, so screens can show them without zod.
export { LESSON_STATUSES, type LessonStatus };

export const lessonSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  lesson_number: z.number().int(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  group_id: z.number().int(),
  group_name: z.string(),
  subgroup_id: z.number().int().nullable(),
  subgroup_name: z.string().nullable(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  original_teacher_id: z.number().int().nullable(),
  load_id: z.number().int().nullable(),
  topic: z.string().nullable(),
  homework: z.string().nullable(),
  status: z.enum(['scheduled', 'replaced', 'moved', 'cancelled']),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** At most ~a school term per request, so a list stays a page a browser can draw. */
const MAX_LESSON_RANGE_DAYS = 93;

export const lessonQuerySchema = z
  .object({
    group_id: idSchema.optional(),
    teacher_id: idSchema.optional(),
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .superRefine((value, ctx) => {
    if (value.group_id === undefined && value.teacher_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['group_id'], message: 'Укажите класс или учителя' });
    }
    if (value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Конец не может быть раньше начала' });
    } else if (Date.parse(value.to) - Date.parse(value.from) > MAX_LESSON_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Не больше ${MAX_LESSON_RANGE_DAYS} дней за раз`,
      });
    }
  });
/** What the server gets after parsing (defaults applied, values coerced). */
export type LessonQueryParsed = z.output<typeof lessonQuerySchema>;

/** A one-off change of a dated lesson (the template stays as it is). */
export const lessonChangeSchema = z.object({
  status: z.enum(['scheduled', 'replaced', 'moved', 'cancelled'], { error: 'Выберите, что изменить' }),
  /** Replacement teacher (status replaced). */
  teacher_id: idSchema.nullish(),
  /** New date and lesson number (status moved). */
  date: isoDateSchema.optional(),
  lesson_number: z.coerce.number().int().min(1, { error: 'Номер урока от 1' }).max(12).optional(),
});
export type LessonChange = z.input<typeof lessonChangeSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type LessonChangeParsed = z.output<typeof lessonChangeSchema>;

export const todayQuerySchema = z.object({
  date: isoDateSchema.optional(),
  /** A parent's child (omitted: the first child); anyone else's pupil is not found. */
  student_id: idSchema.optional(),
});

/** GET /api/lessons/today: the caller's day (a teacher's lessons, a student's class's, a parent's child's). */
export const todayLessonsSchema = z.object({
  /** The day shown: today, or the next day with lessons when today has none. */
  date: z.string(),
  /** `student`: a pupil's lessons (the caller's own, or for a parent the child's named in `student`). */
  role: z.enum(['teacher', 'student', 'none']),
  lessons: z.array(lessonSchema),
  /** For a parent: whose day this is; null for a pupil's own and a teacher's. */
  student: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** For a parent: every child of theirs, to ask each one's day; empty for anyone else. */
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TodayLessons = z.infer<typeof todayLessonsSchema>;
