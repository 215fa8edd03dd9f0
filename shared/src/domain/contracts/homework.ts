/**
 * Contracts of homework with files (issue 54): the teacher's files of a lesson's homework, the
 * deadline for handing in, a pupil's work (files and a comment) and its review (accepted with a
 * mark that goes into the journal cell, or returned with a comment).
 */
import { z } from 'zod';
import { GRADES } from '../marks';
import { idSchema, optionalText } from './common';

export const SUBMISSION_STATUSES = ['submitted', 'accepted', 'returned'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  submitted: 'Сдано, ждёт проверки',
  accepted: 'Принято',
  returned: 'Возвращено на доработку',
};

/** A pupil hands in at most this many files at once. */
export const MAX_SUBMISSION_FILES = 10;
/** The work type a mark of an accepted work is saved with in the journal cell. */
export const HOMEWORK_WORK_TYPE = 'Домашняя работа';

/** What a file picker offers: the types the server accepts (it reads the type from the bytes). */
export const HOMEWORK_FILE_ACCEPT =
  '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,image/png,image/jpeg,image/gif,image/webp,image/heic,.heic';

/** A stored file as answered: its id opens it at GET /api/files/{id}. */
export const storedFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  sha256: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const homeworkFileSavedSchema = z.object({ data: storedFileSchema });

export const lessonIdParamsSchema = z.object({ id: idSchema });
export const submissionParamsSchema = z.object({ lessonId: idSchema, id: idSchema });

/** GET /api/lessons/{id}/homework/files: the files and the deadline. */
export const lessonHomeworkSchema = z.object({
  files: z.array(storedFileSchema),
  /** ISO instant until which pupils hand in, null: until reviewed. */
  deadline: z.string().nullable(),
});
export type LessonHomework = z.infer<typeof lessonHomeworkSchema>;

/** PUT /api/lessons/{id}/homework/deadline. */
export const deadlineInputSchema = z.object({
  deadline: z.iso.datetime({ offset: true, error: 'Срок — дата и время' }).nullable(),
});
export type DeadlineInput = z.input<typeof deadlineInputSchema>;
export type DeadlineInputParsed = z.output<typeof deadlineInputSchema>;

/** The comment of a hand-in (multipart field `comment`). */
export const submissionCommentSchema = optionalText(2000, { multiline: true });

/** A pupil's work as the teacher's list and the diary show it. */
export const submissionSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  student_id: z.number().int(),
  student_name: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  comment: z.string().nullable(),
  review_comment: z.string().nullable(),
  mark: z.number().int().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  files: z.array(storedFileSchema),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionSavedSchema = z.object({ data: submissionSchema });
export const submissionListSchema = z.object({ data: z.array(submissionSchema) });

/** PUT /api/lessons/{lessonId}/submissions/{id}: the teacher's review. */
export const reviewInputSchema = z.object({
  status: z.enum(['accepted', 'returned'], { error: 'Статус: accepted или returned' }),
  mark: z
    .union(
      GRADES.map((grade) => z.literal(grade)),
      { error: 'Оценка — число от 1 до 5' },
    )
    .nullish()
    .transform((value) => value ?? null),
  comment: optionalText(2000, { multiline: true }),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewInputParsed = z.output<typeof reviewInputSchema>;

/** GET /api/lessons/{id}/submissions?student_id: the pupil's own work (a parent names the child). */
export const ownSubmissionQuerySchema = z.object({ student_id: idSchema.optional() });
export type OwnSubmissionQueryParsed = z.output<typeof ownSubmissionQuerySchema>;

/** What the diary shows with a lesson's homework. */
export const diaryHomeworkSchema = z.object({
  files: z.array(storedFileSchema),
  /** «задано после 18:00»: the hour of the evening digest when the homework came after it, else null. */
  given_after: z.string().nullable(),
  deadline: z.string().nullable(),
  /** The pupil's own work, null when none is handed in. */
  submission: submissionSchema.nullable(),
});
export type DiaryHomework = z.infer<typeof diaryHomeworkSchema>;
