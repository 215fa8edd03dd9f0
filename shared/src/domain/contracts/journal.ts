/**
 * Contracts of the class journal (issue 11): the grid of one load over a period, saving a cell
 * (one or a batch, with the version it was based on), a cell's audit trail, topics and homework,
 * final marks, attendance of a class, and the dashboard's marks of the week.
 */
import { z } from 'zod';
import { ATTENDANCE_MARKS, FINAL_MARKS, GRADES, MAX_GRADES_PER_CELL } from '../marks';
import { idSchema, isoDateSchema, nullableIdSchema, optionalText, uniqueBy } from './common';
import { loadSchema, periodSchema } from './timetable';

// ---------------------------------------------------------------- cells

export const gradeValueSchema = z.union(
  GRADES.map((grade) => z.literal(grade)),
  { error: 'Оценка — число от 1 до 5' },
);

export const attendanceValueSchema = z.enum(ATTENDANCE_MARKS, { error: 'Отметка посещаемости: н или б' });

/** A grade of a cell as saved and as answered. */
export const cellGradeSchema = z.object({
  value: gradeValueSchema,
  /** Вид работы; null: without one (weight 1). */
  work_type_id: nullableIdSchema,
});
export type CellGrade = z.output<typeof cellGradeSchema>;

/** One journal cell (lesson × student) with the version every save moves on by one. */
export const journalCellSchema = z.object({
  lesson_id: z.number().int(),
  student_id: z.number().int(),
  grades: z.array(z.object({ value: z.number().int(), work_type_id: z.number().int().nullable() })),
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  /** 0: never saved. */
  version: z.number().int(),
});
export type JournalCell = z.infer<typeof journalCellSchema>;

const cellValueFields = {
  grades: z
    .array(cellGradeSchema, { error: 'Ожидается список оценок' })
    .max(MAX_GRADES_PER_CELL, { error: `Не больше ${MAX_GRADES_PER_CELL} оценок в клетке` }),
  attendance: attendanceValueSchema.nullable(),
  /** The version the change was based on; a newer one on the server answers 409. */
  version: z.number({ error: 'Укажите версию клетки' }).int().min(0).max(2_147_483_647),
};

/** PUT /api/journal/lessons/{lesson_id}/students/{student_id}. */
export const cellInputSchema = z.object(cellValueFields);
export type CellInput = z.input<typeof cellInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type CellInputParsed = z.output<typeof cellInputSchema>;

export const cellParamsSchema = z.object({ lesson_id: idSchema, student_id: idSchema });

/** PUT /api/journal/cells: several cells at once (paste, fill down), all saved or none. */
export const cellBatchInputSchema = z.object({
  cells: z
    .array(z.object({ lesson_id: idSchema, student_id: idSchema, ...cellValueFields }), {
      error: 'Ожидается список клеток',
    })
    .min(1, { error: 'Нет клеток для сохранения' })
    .max(2000, { error: 'Не больше 2000 клеток за раз' })
    .superRefine(uniqueBy((cell) => `${cell.lesson_id}|${cell.student_id}`, 'Клетка повторяется')),
});
export type CellBatchInput = z.input<typeof cellBatchInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type CellBatchInputParsed = z.output<typeof cellBatchInputSchema>;

export const cellSavedSchema = z.object({ data: journalCellSchema });
export const cellBatchSavedSchema = z.object({ data: z.array(journalCellSchema) });

/** 409: the cell changed since the version the save was based on; `data` is what is saved now. */
export const cellConflictSchema = z.object({ message: z.string(), data: z.array(journalCellSchema) });
export type CellConflict = z.infer<typeof cellConflictSchema>;

// ---------------------------------------------------------------- the grid

export const workTypeSchema = z.object({ id: z.number().int(), name: z.string(), weight: z.number() });
export type WorkType = z.infer<typeof workTypeSchema>;

export const journalStudentSchema = z.object({
  id: z.number().int(),
  surname: z.string(),
  name: z.string(),
  patronymic: z.string().nullable(),
});
export type JournalStudent = z.infer<typeof journalStudentSchema>;

export const journalLessonSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  lesson_number: z.number().int(),
  topic: z.string().nullable(),
  homework: z.string().nullable(),
});
export type JournalLesson = z.infer<typeof journalLessonSchema>;

export const markThresholdsSchema = z.object({ five: z.number(), four: z.number(), three: z.number() });

export const journalGridSchema = z.object({
  load: loadSchema,
  period: periodSchema,
  /** The periods of the class's grade in the year, for the period switch. */
  periods: z.array(periodSchema),
  /** The caller may change marks here: their own load (or loads.edit), period open. */
  editable: z.boolean(),
  work_types: z.array(workTypeSchema),
  thresholds: markThresholdsSchema,
  /** The school's today: lessons dated later take no marks or attendance yet (read-only columns). */
  today: z.string(),
  students: z.array(journalStudentSchema),
  lessons: z.array(journalLessonSchema),
  /** Only cells ever saved; the others are empty with version 0. */
  cells: z.array(journalCellSchema),
  /**
   * The period's confirmed final marks of the load's subject: «Итог» reads these plain, and a
   * proposal from the average as «4?» (shared finalMarkState).
   */
  final_marks: z.array(z.object({ student_id: z.number().int(), value: z.enum(FINAL_MARKS) })),
  /** Cells whose pupil handed in homework work still waiting for review (issue 54: a dot). */
  waiting_work: z.array(z.object({ lesson_id: z.number().int(), student_id: z.number().int() })).optional(),
});
export type JournalGrid = z.infer<typeof journalGridSchema>;

export const journalParamsSchema = z.object({ group_id: idSchema, load_id: idSchema });
export const journalQuerySchema = z.object({ period_id: idSchema.optional() });

/** GET /api/journal: the loads the caller may open (own first) with the school's periods. */
export const journalLoadSchema = loadSchema.extend({
  own: z.boolean(),
  editable: z.boolean(),
});
export type JournalLoad = z.infer<typeof journalLoadSchema>;

export const journalIndexSchema = z.object({
  data: z.object({ loads: z.array(journalLoadSchema), periods: z.array(periodSchema) }),
});
export type JournalIndex = z.infer<typeof journalIndexSchema>['data'];

// ---------------------------------------------------------------- audit trail

export const cellHistoryEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(['mark', 'attendance', 'final_mark']),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  user_name: z.string().nullable(),
  changed_at: z.string(),
});
export type CellHistoryEntry = z.infer<typeof cellHistoryEntrySchema>;

export const cellHistorySchema = z.object({ data: z.array(cellHistoryEntrySchema) });

// ---------------------------------------------------------------- topics and homework

/** PUT /api/journal/lessons/{id}: the topic and homework of one lesson. */
export const lessonTopicInputSchema = z.object({
  topic: optionalText(500),
  homework: optionalText(2000, { multiline: true }),
});
export type LessonTopicInput = z.input<typeof lessonTopicInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type LessonTopicInputParsed = z.output<typeof lessonTopicInputSchema>;

export const lessonTopicSavedSchema = z.object({ data: journalLessonSchema });

// ---------------------------------------------------------------- final marks

export const finalMarkValueSchema = z.enum(FINAL_MARKS, { error: 'Итоговая: 1–5, Н/А, ЗЧ, НЗ или осв' });

export const finalMarkSchema = z.object({
  student_id: z.number().int(),
  subject_id: z.number().int(),
  period_id: z.number().int(),
  value: z.enum(FINAL_MARKS),
});
export type FinalMarkItem = z.infer<typeof finalMarkSchema>;

export const finalQuerySchema = z.object({ group_id: idSchema });

export const finalGridSchema = z.object({
  data: z.object({
    group_id: z.number().int(),
    group_name: z.string(),
    /** The class's periods of the year, the year itself last. */
    periods: z.array(periodSchema),
    subjects: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        editable: z.boolean(),
        /** Taught without marks here (grade 1, or every line «без отметок»): ЗЧ, НЗ or осв only, no proposals. */
        without_marks: z.boolean(),
      }),
    ),
    students: z.array(journalStudentSchema),
    /** Confirmed marks. */
    marks: z.array(finalMarkSchema),
    /** Proposals from the averages (periods) and from the period marks (year); never saved by themselves. */
    proposals: z.array(finalMarkSchema),
  }),
});
export type FinalGrid = z.infer<typeof finalGridSchema>['data'];

/** PUT /api/journal/final: confirm or change final marks (null removes one); all or none. */
export const finalInputSchema = z.object({
  marks: z
    .array(
      z.object({
        student_id: idSchema,
        subject_id: idSchema,
        period_id: idSchema,
        value: finalMarkValueSchema.nullable(),
      }),
      { error: 'Ожидается список оценок' },
    )
    .min(1, { error: 'Нет оценок для сохранения' })
    .max(2000)
    .superRefine(
      uniqueBy((mark) => `${mark.student_id}|${mark.subject_id}|${mark.period_id}`, 'Оценка повторяется'),
    ),
});
export type FinalInput = z.input<typeof finalInputSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type FinalInputParsed = z.output<typeof finalInputSchema>;

export const finalSavedSchema = z.object({ data: z.array(finalMarkSchema) });

// ---------------------------------------------------------------- attendance

const MAX_ATTENDANCE_RANGE_DAYS = 366;

export const attendanceQuerySchema = z
  .object({ group_id: idSchema, from: isoDateSchema, to: isoDateSchema })
  .superRefine((value, ctx) => {
    if (value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Конец не может быть раньше начала' });
    } else if (Date.parse(value.to) - Date.parse(value.from) > MAX_ATTENDANCE_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Не больше года за раз' });
    }
  });
/** What the server gets after parsing (defaults applied, values coerced). */
export type AttendanceQueryParsed = z.output<typeof attendanceQuerySchema>;

export const attendanceReportSchema = z.object({
  data: z.object({
    group_id: z.number().int(),
    group_name: z.string(),
    from: z.string(),
    to: z.string(),
    students: z.array(journalStudentSchema),
    /** Days of the range that had lessons of the class. */
    dates: z.array(z.string()),
    marks: z.array(
      z.object({
        student_id: z.number().int(),
        date: z.string(),
        lesson_number: z.number().int(),
        subject_name: z.string(),
        value: z.enum(ATTENDANCE_MARKS),
      }),
    ),
    /** Per student: lessons and whole days missed, and of them by illness (б). */
    totals: z.array(
      z.object({
        student_id: z.number().int(),
        lessons: z.number().int(),
        lessons_ill: z.number().int(),
        days: z.number().int(),
        days_ill: z.number().int(),
      }),
    ),
  }),
});
export type AttendanceReport = z.infer<typeof attendanceReportSchema>['data'];

// ---------------------------------------------------------------- dashboard

/** GET /api/journal/week: the caller's marks of the last seven days (a teacher's given, a student's got). */
export const weekMarksSchema = z.object({
  data: z.object({
    /**
     * Whose week: `student` the marks got, `parent` each child's marks got (student_name says whose),
     * `teacher` the marks given, `school` (director, завуч: classes.edit) the school's marks per class
     * and subject in `classes`, with the classes that got none in `classes_without_marks`.
     */
    role: z.enum(['teacher', 'student', 'parent', 'school', 'none']),
    from: z.string(),
    to: z.string(),
    marks: z.array(
      z.object({
        date: z.string(),
        subject_name: z.string(),
        group_name: z.string(),
        student_name: z.string(),
        value: z.string(),
      }),
    ),
    classes: z.array(
      z.object({
        group_name: z.string(),
        subject_name: z.string(),
        count: z.number().int(),
        average: z.number().nullable(),
      }),
    ),
    classes_without_marks: z.array(z.string()),
  }),
});
export type WeekMarks = z.infer<typeof weekMarksSchema>['data'];

export const weekQuerySchema = z.object({ date: isoDateSchema.optional() });
