/**
 * Contracts of the reports (issue 12): классификация, академическая успеваемость and
 * заполняемость журнала; figures by shared/domain/reports.ts, each route also answers .xlsx.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

const formatField = {
  /** xlsx: the same figures as a workbook download. */
  format: z.enum(['json', 'xlsx'], { error: 'format: json или xlsx' }).default('json'),
};

export const classificationQuerySchema = z.object({
  period_id: idSchema,
  group_id: idSchema.optional(),
  ...formatField,
});
/** What the server gets after parsing (defaults applied, values coerced). */
export type ClassificationQueryParsed = z.output<typeof classificationQuerySchema>;

export type ClassificationQuery = z.input<typeof classificationQuerySchema>;

export const academicPerformanceQuerySchema = z.object({
  period_id: idSchema,
  group_id: idSchema.optional(),
  subject_id: idSchema.optional(),
  teacher_id: idSchema.optional(),
  ...formatField,
});
/** What the server gets after parsing (defaults applied, values coerced). */
export type AcademicPerformanceQueryParsed = z.output<typeof academicPerformanceQuerySchema>;

export type AcademicPerformanceQuery = z.input<typeof academicPerformanceQuerySchema>;

export const journalCompletionQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    teacher_id: idSchema.optional(),
    group_id: idSchema.optional(),
    /** Page of the gaps list on screen (100 a page); the .xlsx always holds every gap. */
    gaps_page: z.coerce.number({ error: 'gaps_page: номер страницы' }).int().min(1).max(100_000).default(1),
    ...formatField,
  })
  .refine((query) => query.from <= query.to, { error: 'Конец периода раньше начала', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 400 * 86_400_000, {
    error: 'Не больше года за один отчёт',
    path: ['to'],
  });
export type JournalCompletionQuery = z.input<typeof journalCompletionQuerySchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type JournalCompletionQueryParsed = z.output<typeof journalCompletionQuerySchema>;

const percentagesShape = {
  /** % успеваемости, one decimal; null when N is 0. */
  success: z.number().nullable(),
  /** % качества знаний. */
  quality: z.number().nullable(),
  /** СОУ, %. */
  sou: z.number().nullable(),
  /** Mean of the numeric final marks. */
  average: z.number().nullable(),
};

const personRef = z.object({ id: z.number().int(), name: z.string() });

const countsShape = {
  n5: z.number().int(),
  n4: z.number().int(),
  n3: z.number().int(),
  n2: z.number().int(),
  na: z.number().int(),
  /**
   * Students without a mark yet («без оценки»: closed period, no confirmed final mark; open, neither
   * a confirmed mark nor a proposal). Outside N, never counted as failing.
   */
  without_mark: z.number().int(),
  exempt: z.number().int(),
  /** N = n5 + n4 + n3 + n2 + н/а; 0 for a class × subject taught without marks, which every total leaves out. */
  total: z.number().int(),
};

/** Counts, percentages and average of a set of student × subject marks (shared `tallyFigures`). */
export const markFiguresSchema = z.object({ ...countsShape, ...percentagesShape });
export type MarkFigures = z.infer<typeof markFiguresSchema>;

/** The seven columns of the classification and the students behind each. */
export const CLASSIFICATION_KINDS = [
  'excellent',
  'good',
  'good_one_four',
  'satisfactory',
  'satisfactory_one_three',
  'failing_one',
  'failing_many',
  'not_attested',
  'no_marks',
  'exempt',
  'without_marks',
] as const;
export type ClassificationKind = (typeof CLASSIFICATION_KINDS)[number];

export const CLASSIFICATION_LABELS: Record<ClassificationKind, string> = {
  excellent: 'Отличники',
  good: 'Хорошисты',
  good_one_four: 'из них с одной «4»',
  satisfactory: 'Троечники',
  satisfactory_one_three: 'из них с одной «3»',
  failing_one: 'Неуспевающие: одна «2»',
  failing_many: 'Неуспевающие: две «2» и более',
  not_attested: 'Не аттестованы',
  no_marks: 'Без оценки',
  exempt: 'Освобождены',
  without_marks: 'Без отметок (безотметочное обучение)',
};

/** What the figures come from: confirmed final marks, or (period not closed) the current averages. */
const basisShape = {
  basis: z.enum(['final', 'current']),
  /** The day the current averages were taken (the school's today). */
  as_of: z.string(),
};

export const classificationRowSchema = z.object({
  /** class: one class; grade: a parallel; school: the whole report. */
  level: z.enum(['class', 'grade', 'school']),
  group_id: z.number().int().nullable(),
  grade: z.number().int().nullable(),
  name: z.string(),
  students: z.number().int(),
  /**
   * N = students − освобождённые − taught without marks − «без оценки» (counts.no_marks, named:
   * closed period, a final mark of theirs is missing, whatever the others; mid-term, no mark at all
   * yet). Never failing: see shared/domain/reports `classifyStudent`.
   */
  total: z.number().int(),
  /**
   * Every student of the row is taught without marks (grade 1, or only load lines «без отметок»):
   * the row reads «без отметок».
   */
  without_marks: z.boolean(),
  counts: z.record(z.enum(CLASSIFICATION_KINDS), z.number().int()),
  /** Names behind each number (class rows only; the parallel and school rows add them up). */
  names: z.record(z.enum(CLASSIFICATION_KINDS), z.array(personRef)),
  ...percentagesShape,
  /**
   * The row's students' marks subject by subject (student × subject, the unit of «Академическая
   * успеваемость»): over the school the same figures as that report's `school`.
   */
  marks: markFiguresSchema,
});
export type ClassificationRow = z.infer<typeof classificationRowSchema>;

export const classificationReportSchema = z.object({
  period: z.object({ id: z.number().int(), name: z.string() }),
  ...basisShape,
  rows: z.array(classificationRowSchema),
});
export type ClassificationReport = z.infer<typeof classificationReportSchema>;

export const performanceRowSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  /** Taught without marks (безотметочное обучение: grade 1, or load lines «без отметок»): reads «без отметок». */
  without_marks: z.boolean(),
  ...countsShape,
  ...percentagesShape,
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

export const performanceTeacherRowSchema = z.object({
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string(),
  ...countsShape,
  ...percentagesShape,
});
export type PerformanceTeacherRow = z.infer<typeof performanceTeacherRowSchema>;

export const performanceSubjectRowSchema = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
  ...countsShape,
  ...percentagesShape,
});
export type PerformanceSubjectRow = z.infer<typeof performanceSubjectRowSchema>;

export const academicPerformanceReportSchema = z.object({
  period: z.object({ id: z.number().int(), name: z.string() }),
  ...basisShape,
  rows: z.array(performanceRowSchema),
  /** Each subject over the classes of the report (the chart of quality by subject). */
  subjects: z.array(performanceSubjectRowSchema),
  teachers: z.array(performanceTeacherRowSchema),
  /** Every graded line of the report together: the school's (or the filtered selection's) total. */
  school: markFiguresSchema,
});
export type AcademicPerformanceReport = z.infer<typeof academicPerformanceReportSchema>;

export const completionRowSchema = z.object({
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  group_id: z.number().int(),
  group_name: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  /** Lessons held in the range (not cancelled, up to today). */
  held: z.number().int(),
  with_topic: z.number().int(),
  with_homework: z.number().int(),
  with_marks: z.number().int(),
  /** Σ hours of the КТП items planned inside the range; null without a plan. */
  ktp_planned_hours: z.number().nullable(),
  /** Held lessons that carry a КТП topic. */
  ktp_given_hours: z.number().int(),
  students: z.number().int(),
  marks: z.number().int(),
  /** Least marks per student for the held lessons (shared/domain/reports minimumMarks); 0 taught without marks. */
  minimum_marks: z.number().int(),
  students_below_minimum: z.number().int(),
  /** Taught without marks (1st grade, or load lines «без отметок»): no minimum, marks not expected. */
  without_marks: z.boolean(),
});
export type CompletionRow = z.infer<typeof completionRowSchema>;

export const completionGapSchema = z.object({
  lesson_id: z.number().int(),
  date: z.string(),
  lesson_number: z.number().int(),
  group_name: z.string(),
  subject_name: z.string(),
  teacher_name: z.string().nullable(),
  missing: z.array(z.enum(['topic', 'homework', 'marks'])),
});
export type CompletionGap = z.infer<typeof completionGapSchema>;

export const journalCompletionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(completionRowSchema),
  /** Held lessons without a topic or homework, oldest first: one page (all of them in the .xlsx). */
  gaps: z.array(completionGapSchema),
  gaps_total: z.number().int(),
  gaps_page: z.number().int(),
  gaps_per_page: z.number().int(),
});
export type JournalCompletionReport = z.infer<typeof journalCompletionReportSchema>;
