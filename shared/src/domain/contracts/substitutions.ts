/**
 * Contracts of «Замены» (issue 39): a teacher's absence, the lessons it leaves to cover with the
 * candidates ranked, the завуч's decision per lesson, «Распределить всё» and the month's report.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, optionalText } from './common';
import { lessonSchema } from './timetable';

/** The reasons a school records an absence by (DOMAIN.md «Substitutions»). */
export const ABSENCE_REASONS = {
  illness: 'Болезнь',
  courses: 'Курсы',
  trip: 'Командировка',
  other: 'Другое',
} as const;
export type AbsenceReason = keyof typeof ABSENCE_REASONS;
const REASON_CODES = Object.keys(ABSENCE_REASONS) as [AbsenceReason, ...AbsenceReason[]];

/** An absence covers at most a school term: the screen lists every lesson of it. */
export const MAX_ABSENCE_DAYS = 93;

/** A range of dates `from`–`to`, `to` not before `from`, at most `maxDays` long. */
function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx, maxDays: number) {
  if (value.to < value.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Конец не может быть раньше начала' });
  } else if (Date.parse(value.to) - Date.parse(value.from) > maxDays * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Не больше ${maxDays} дней за раз` });
  }
}

/** Body of POST /api/substitutions/absences. */
export const absenceInputSchema = z
  .object({
    teacher_id: idSchema,
    from: isoDateSchema,
    to: isoDateSchema,
    /** The first day counts from this lesson on; empty: whole days. */
    from_lesson: z.coerce
      .number({ error: 'Номер урока от 1 до 12' })
      .int({ error: 'Номер урока от 1 до 12' })
      .min(1, { error: 'Номер урока от 1 до 12' })
      .max(12, { error: 'Номер урока от 1 до 12' })
      .nullish()
      .transform((value) => value ?? null),
    reason: z.enum(REASON_CODES, { error: 'Выберите причину' }),
    comment: optionalText(500),
  })
  .superRefine((value, ctx) => checkRange(value, ctx, MAX_ABSENCE_DAYS));
export type AbsenceInput = z.input<typeof absenceInputSchema>;
export type AbsenceInputParsed = z.output<typeof absenceInputSchema>;

export const absenceSchema = z.object({
  id: z.number().int(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  from: z.string(),
  to: z.string(),
  from_lesson: z.number().int().nullable(),
  /**
   * Why the teacher is away, and the note: health data (152-ФЗ), so given only to those who manage
   * the timetable (the director, the завуч) and to the absent teacher; null for every other colleague.
   */
  reason: z
    .enum(REASON_CODES)
    .nullable()
    .describe(
      'Причина отсутствия: только директору, завучу (право timetables.edit) и самому учителю; остальным null',
    ),
  comment: z
    .string()
    .nullable()
    .describe('Комментарий к отсутствию: видят те же, что и причину; остальным null'),
  /** Lessons of the range still to decide, and all of them. */
  open_count: z.number().int(),
  lessons_count: z.number().int(),
});
export type Absence = z.infer<typeof absenceSchema>;

/** GET /api/substitutions/absences: absences overlapping a range (default: this month). */
export const absenceQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .superRefine((value, ctx) => checkRange(value, ctx, 370));

/** One teacher who could take a lesson, best first; `reasons` are the Russian words the screen shows. */
export const candidateSchema = z.object({
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  /** Teaches this subject (in the load): a substitute by specialty. */
  specialty: z.boolean(),
  score: z.number(),
  reasons: z.array(z.string()),
  /** Substitutions this month so far. */
  month_count: z.number().int(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/**
 * «Объединить с 5Б»: the parallel class's lesson of the same subject at the same hour, its teacher
 * present, takes this class too. The room is that teacher's own (rooms.teacher_id) when the data has it.
 */
export const mergeOptionSchema = z.object({
  lesson_id: z.number().int(),
  group_name: z.string(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  /** Both classes fit the room: true / false; null: no room or no capacity to check. */
  fits: z.boolean().nullable(),
  /** The room as the screen says it: «каб. 12: 50 мест на 48 учеников» or «кабинет не проверен». */
  room_note: z.string(),
});
export type MergeOption = z.infer<typeof mergeOptionSchema>;

/** «Перенести»: a later lesson of the same class that day, its teacher present, to swap slots with. */
export const moveOptionSchema = z.object({
  lesson_id: z.number().int(),
  lesson_number: z.number().int(),
  subject_name: z.string(),
  teacher_name: z.string().nullable(),
});
export type MoveOption = z.infer<typeof moveOptionSchema>;

/** A lesson of the absence: open until the завуч decides (a substitute, a merge, or a cancellation). */
export const coverLessonSchema = z.object({
  lesson: lessonSchema,
  state: z.enum(['open', 'replaced', 'cancelled']),
  /** Started (school clock): the decision is history, it no longer changes. */
  started: z.boolean(),
  candidates: z.array(candidateSchema),
  merge_options: z.array(mergeOptionSchema),
  move_options: z.array(moveOptionSchema),
  /** Given together with the parallel class's lesson (a merge): that class's name. */
  merged_with: z.string().nullable(),
  /** Swapped with another lesson of the class: the number it had and the lesson now there. */
  moved: z.object({ from_lesson_number: z.number().int(), with_subject_name: z.string() }).nullable(),
});
export type CoverLesson = z.infer<typeof coverLessonSchema>;

export const absenceDetailSchema = z.object({
  absence: absenceSchema,
  days: z.array(z.object({ date: z.string(), lessons: z.array(coverLessonSchema) })),
});
export type AbsenceDetail = z.infer<typeof absenceDetailSchema>;

export const coverParamsSchema = z.object({ id: idSchema, lessonId: idSchema });

/** Body of PUT /api/substitutions/absences/{id}/lessons/{lessonId}: the decision for one lesson. */
export const coverDecisionSchema = z
  .object({
    action: z.enum(['assign', 'merge', 'move', 'cancel', 'undo'], { error: 'Выберите решение' }),
    teacher_id: idSchema.optional(),
    /** merge: the parallel class's lesson; move: the later lesson of the class to swap with. */
    lesson_id: idSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'assign' && value.teacher_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['teacher_id'], message: 'Выберите учителя на замену' });
    if ((value.action === 'merge' || value.action === 'move') && value.lesson_id === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['lesson_id'],
        message: value.action === 'merge' ? 'Выберите урок для объединения' : 'Выберите урок для переноса',
      });
  });
export type CoverDecision = z.input<typeof coverDecisionSchema>;
export type CoverDecisionParsed = z.output<typeof coverDecisionSchema>;

/** POST …/distribute: how many open lessons got a substitute, and which stayed open (nobody free). */
export const distributeResultSchema = z.object({
  assigned: z.number().int(),
  left_open: z.number().int(),
  detail: absenceDetailSchema,
});
export type DistributeResult = z.infer<typeof distributeResultSchema>;

// ---------------------------------------------------------------- «Замещения за месяц»

/** GET /api/substitutions/report: any range (a month by default on the screen); format=xlsx for the file. */
export const substitutionReportQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    format: z.enum(['json', 'xlsx'], { error: 'format: json или xlsx' }).default('json'),
  })
  .superRefine((value, ctx) => checkRange(value, ctx, 370));

const reportLessonSchema = z.object({
  lesson_id: z.number().int(),
  date: z.string(),
  lesson_number: z.number().int(),
  group_name: z.string(),
  subject_name: z.string(),
  /** The substitute (taken lessons) or the absent teacher (missed ones). */
  other_teacher_name: z.string().nullable(),
  specialty: z.boolean(),
  status: z.enum(['replaced', 'cancelled']),
  /** The lesson is over by the school clock: its hour counts; a later one is only planned. */
  held: z.boolean(),
});

export const substitutionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * Per substitute: the lessons they took, for whom; hours (one lesson = one academic hour) of the
   * lessons held, `planned_hours` of those still to come (not paid until given).
   */
  substitutes: z.array(
    z.object({
      teacher_id: z.number().int(),
      teacher_name: z.string(),
      hours: z.number().int(),
      specialty_hours: z.number().int(),
      planned_hours: z.number().int(),
      lessons: z.array(reportLessonSchema),
    }),
  ),
  /** Per absent teacher: the lessons they missed (given by a substitute or cancelled); later ones planned. */
  absent: z.array(
    z.object({
      teacher_id: z.number().int(),
      teacher_name: z.string(),
      hours: z.number().int(),
      cancelled_hours: z.number().int(),
      planned_hours: z.number().int(),
      lessons: z.array(reportLessonSchema),
    }),
  ),
  totals: z.object({
    substituted_hours: z.number().int(),
    specialty_hours: z.number().int(),
    cancelled_hours: z.number().int(),
    missed_hours: z.number().int(),
    /** Substitutions and missed lessons of the range not held yet: shown apart, not counted above. */
    planned_substituted_hours: z.number().int(),
    planned_missed_hours: z.number().int(),
  }),
});
export type SubstitutionReport = z.infer<typeof substitutionReportSchema>;
