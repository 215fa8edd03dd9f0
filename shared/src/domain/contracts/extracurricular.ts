/**
 * Contracts of внеурочная деятельность (issue 51): courses with pupils from any classes, their weekly
 * slots and dated sessions, the course's journal (presence, «уважительная причина», topics, «зачёт»),
 * the class plan of hours per direction and the report of hours taken against it.
 */
import { z } from 'zod';
import { TIME_PATTERN } from '../timetable';
import { idListSchema, idSchema, isoDateSchema, optionalText, text } from './common';

/**
 * The directions a school starts with: those of the ФГОС and the методические рекомендации on
 * внеурочная деятельность, with «Разговоры о важном» (weekly for every class) as its own.
 */
export const DEFAULT_DIRECTIONS = [
  'Разговоры о важном',
  'Спортивно-оздоровительное',
  'Духовно-нравственное',
  'Социальное',
  'Общеинтеллектуальное',
  'Общекультурное',
  'Проектно-исследовательская деятельность',
  'Функциональная грамотность',
  'Профориентация',
] as const;

/** A course meets at most this many hours a week (a week of extracurricular hours is 10 by the ФГОС). */
export const MAX_COURSE_HOURS = 10;

export const directionsSchema = z.object({ names: z.array(z.string()) });
export type Directions = z.infer<typeof directionsSchema>;

export const directionsInputSchema = z.object({
  names: z
    .array(text('Укажите направление', 100), { error: 'Укажите направления' })
    .min(1, { error: 'Нужно хотя бы одно направление' })
    .max(50, { error: 'Не больше 50 направлений' })
    .refine((names) => new Set(names).size === names.length, { error: 'Направления повторяются' }),
});
export type DirectionsInput = z.input<typeof directionsInputSchema>;
export type DirectionsInputParsed = z.output<typeof directionsInputSchema>;

// ---------------------------------------------------------------- courses

/** How many teachers a course may have beside its main one. */
export const MAX_CO_TEACHERS = 5;

export const courseInputSchema = z.object({
  name: text('Укажите название курса', 200),
  direction: text('Укажите направление', 100),
  teacher_id: idSchema,
  hours_per_week: z
    .number({ error: 'Укажите часы в неделю' })
    .int({ error: 'Часы в неделю — целое число' })
    .min(1, { error: 'Не меньше 1 часа в неделю' })
    .max(MAX_COURSE_HOURS, { error: `Не больше ${MAX_COURSE_HOURS} часов в неделю` }),
  student_ids: idListSchema('Укажите учеников'),
  /** The course's other teachers beside `teacher_id` (they mark its journal too). */
  co_teacher_ids: idListSchema('Укажите других учителей')
    .max(MAX_CO_TEACHERS, { error: `Не больше ${MAX_CO_TEACHERS} других учителей` })
    .optional()
    .default([]),
  /** «Зачёт» at the sessions instead of no marks at all. */
  pass_fail: z.boolean({ error: 'Укажите, ставится ли зачёт' }).optional().default(false),
});
export type CourseInput = z.input<typeof courseInputSchema>;
export type CourseInputParsed = z.output<typeof courseInputSchema>;

export const courseSlotSchema = z.object({
  weekday: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  room: z.string().nullable(),
});
export type CourseSlot = z.infer<typeof courseSlotSchema>;

export const courseStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
});
export type CourseStudent = z.infer<typeof courseStudentSchema>;

export const courseSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  direction: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  /** The other teachers, by surname: they mark the journal as the main teacher does. */
  co_teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hours_per_week: z.number().int(),
  pass_fail: z.boolean(),
  students: z.array(courseStudentSchema),
  slots: z.array(courseSlotSchema),
  /** The caller marks its journal (the course's teacher, or the завуч). */
  can_edit: z.boolean(),
});
export type Course = z.infer<typeof courseSchema>;

const timeSchema = z
  .string({ error: 'Время в формате ЧЧ:ММ' })
  .trim()
  .regex(TIME_PATTERN, { error: 'Время в формате ЧЧ:ММ (00:00–23:59)' });

export const slotInputSchema = z
  .object({
    weekday: z
      .number({ error: 'Укажите день недели' })
      .int({ error: 'День недели от 1 (понедельник) до 7' })
      .min(1, { error: 'День недели от 1 (понедельник) до 7' })
      .max(7, { error: 'День недели от 1 (понедельник) до 7' }),
    start_time: timeSchema,
    end_time: timeSchema,
    room: optionalText(50),
  })
  .refine((slot) => slot.end_time > slot.start_time, {
    error: 'Занятие должно заканчиваться позже, чем начинается',
    path: ['end_time'],
  });

export const scheduleInputSchema = z.object({
  slots: z
    .array(slotInputSchema, { error: 'Укажите занятия недели' })
    .max(14, { error: 'Не больше 14 занятий в неделю' }),
});
export type ScheduleInput = z.input<typeof scheduleInputSchema>;
export type ScheduleInputParsed = z.output<typeof scheduleInputSchema>;

// ---------------------------------------------------------------- the course's journal

export const rangeQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type RangeQueryParsed = z.output<typeof rangeQuerySchema>;

export const courseSessionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  room: z.string().nullable(),
  topic: z.string().nullable(),
});
export type CourseSession = z.infer<typeof courseSessionSchema>;

export const attendanceCellSchema = z.object({
  session_id: z.number().int(),
  student_id: z.number().int(),
  present: z.boolean(),
  excused: z.boolean(),
  /** «Зачёт» of a pass/fail course: true зачёт, false незачёт, null not set. */
  passed: z.boolean().nullable(),
  version: z.number().int(),
});
export type AttendanceCell = z.infer<typeof attendanceCellSchema>;

export const courseJournalSchema = z.object({
  course: courseSchema,
  sessions: z.array(courseSessionSchema),
  students: z.array(courseStudentSchema),
  /** Only cells ever saved; the others are unmarked with version 0. */
  cells: z.array(attendanceCellSchema),
});
export type CourseJournal = z.infer<typeof courseJournalSchema>;

export const cellParamsSchema = z.object({ id: idSchema, studentId: idSchema });

export const attendanceInputSchema = z.object({
  present: z.boolean({ error: 'Укажите, был ли ученик' }),
  excused: z.boolean({ error: 'Уважительная причина — да или нет' }).optional().default(false),
  passed: z
    .boolean({ error: 'Зачёт — да или нет' })
    .nullish()
    .transform((value) => value ?? null),
  /** The version the change was based on; a newer one on the server answers 409. */
  version: z.number({ error: 'Укажите версию клетки' }).int().min(0).max(2_147_483_647).optional().default(0),
});
export type AttendanceInput = z.input<typeof attendanceInputSchema>;
export type AttendanceInputParsed = z.output<typeof attendanceInputSchema>;

export const sessionInputSchema = z.object({ topic: optionalText(500) });
export type SessionInput = z.input<typeof sessionInputSchema>;
export type SessionInputParsed = z.output<typeof sessionInputSchema>;

// ---------------------------------------------------------------- plan and report

export const planQuerySchema = z.object({ group_id: idSchema });

export const planItemSchema = z.object({ direction: z.string(), hours: z.number().int() });
export type PlanItem = z.infer<typeof planItemSchema>;

export const classPlanSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  /** Hours a year per direction. */
  items: z.array(planItemSchema),
});
export type ClassPlan = z.infer<typeof classPlanSchema>;

export const planInputSchema = z.object({
  items: z
    .array(
      z.object({
        direction: text('Укажите направление', 100),
        hours: z
          .number({ error: 'Укажите часы за год' })
          .int({ error: 'Часы — целое число' })
          .min(0, { error: 'Часы не меньше 0' })
          .max(400, { error: 'Не больше 400 часов за год' }),
      }),
      { error: 'Укажите часы по направлениям' },
    )
    .max(50, { error: 'Слишком длинный список' })
    .refine((items) => new Set(items.map((item) => item.direction)).size === items.length, {
      error: 'Направления повторяются',
    }),
});
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanInputParsed = z.output<typeof planInputSchema>;

export const reportQuerySchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  group_id: idSchema.optional(),
  format: z.enum(['json', 'xlsx'], { error: 'Формат json или xlsx' }).optional(),
});
export type ReportQueryParsed = z.output<typeof reportQuerySchema>;

export const directionHoursSchema = z.object({ direction: z.string(), hours: z.number() });

export const reportStudentSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  /** Sessions attended (one session is one hour). */
  hours: z.number(),
  directions: z.array(directionHoursSchema),
});

export const hoursReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  students: z.array(reportStudentSchema),
  directions: z.array(directionHoursSchema),
  /** With group_id: the class's plan per direction and its pupils' average hours against it. */
  plan: z.array(z.object({ direction: z.string(), planned: z.number(), average: z.number() })).nullable(),
});
export type HoursReport = z.infer<typeof hoursReportSchema>;

// ---------------------------------------------------------------- the diary

export const diaryCourseSchema = z.object({
  session_id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  room: z.string().nullable(),
  topic: z.string().nullable(),
  /** null: not marked yet. */
  present: z.boolean().nullable(),
  excused: z.boolean(),
});
export type DiaryCourse = z.infer<typeof diaryCourseSchema>;
