/**
 * Contracts of the student diary (issue 12): a week of lessons with topics, homework, grades and
 * attendance, averages and final marks per subject, for a student or a parent's chosen child.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';
import { diaryCourseSchema } from './extracurricular';
import { diaryHomeworkSchema } from './homework';

export const diaryQuerySchema = z.object({
  /** Omitted: the caller's own diary (a student) or their first child (a parent). */
  student_id: idSchema.optional(),
  /** Any date of the week; the week starts on Monday. Omitted: this week. */
  week: isoDateSchema.optional(),
});
export type DiaryQuery = z.input<typeof diaryQuerySchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type DiaryQueryParsed = z.output<typeof diaryQuerySchema>;

export const diaryStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_name: z.string().nullable(),
});
export type DiaryStudent = z.infer<typeof diaryStudentSchema>;

export const diaryMarkSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  work_type: z.string().nullable(),
  weight: z.number(),
  comment: z.string().nullable(),
});
export type DiaryMark = z.infer<typeof diaryMarkSchema>;

export const diaryLessonSchema = z.object({
  id: z.number().int(),
  lesson_number: z.number().int(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_name: z.string().nullable(),
  topic: z.string().nullable(),
  homework: z.string().nullable(),
  /** The homework's files, «задано после …», the deadline and the pupil's own work (issue 54). */
  homework_details: diaryHomeworkSchema,
  status: z.enum(['scheduled', 'replaced', 'moved', 'cancelled']),
  marks: z.array(diaryMarkSchema),
  /** н (absent) or б (ill), null: present or not marked. */
  attendance: z.enum(['н', 'б']).nullable(),
});
export type DiaryLesson = z.infer<typeof diaryLessonSchema>;

export const diaryDaySchema = z.object({
  date: z.string(),
  lessons: z.array(diaryLessonSchema),
  /** The pupil's внеурочная деятельность that day, apart from the lessons (issue 51). */
  courses: z.array(diaryCourseSchema),
});

export const diarySubjectSchema = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
  /** Weighted average of the period's grades, null without grades. */
  average: z.number().nullable(),
  marks_count: z.number().int(),
  /** The period's final mark when set. */
  final_mark: z.string().nullable(),
  /** Mid-term, the mark the average proposes (read «4?» until the teacher confirms one); null when closed. */
  proposed_mark: z.string().nullable(),
});
export type DiarySubject = z.infer<typeof diarySubjectSchema>;

export const diaryWeekSchema = z.object({
  student: diaryStudentSchema,
  /** Whose diaries the caller may open (a parent's children; a student: themself). */
  students: z.array(diaryStudentSchema),
  week_start: z.string(),
  days: z.array(diaryDaySchema),
  period: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subjects: z.array(diarySubjectSchema),
});
export type DiaryWeek = z.infer<typeof diaryWeekSchema>;

export const latestMarksQuerySchema = z.object({ student_id: idSchema.optional() });

export const latestMarkSchema = diaryMarkSchema.extend({
  date: z.string(),
  subject_name: z.string(),
});
export const latestMarksSchema = z.object({
  student: diaryStudentSchema.nullable(),
  marks: z.array(latestMarkSchema),
});
export type LatestMarks = z.infer<typeof latestMarksSchema>;
