import type {
  DeadlineInputParsed,
  DiaryHomework,
  LessonHomework,
  ReviewInputParsed,
  StoredFile,
  Submission,
} from '@parta/shared/domain/contracts/homework';
import { MAX_SUBMISSION_FILES, submissionCommentSchema } from '@parta/shared/domain/contracts/homework';
import { formatDate } from '@parta/shared/domain/dates';
import { addDays } from '@parta/shared/domain/timetable';
import { inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { fileKindOf } from '../../files/file-kinds';
import type { Actor } from '../../plugins/auth';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { describeFiles, lockedUsage, putFile, readFile, removeFiles } from '../../storage/storage';
import { schoolNow } from '../clock/clock.service';
import { saveHomeworkMark } from '../journal/homework-mark.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import {
  deleteHomeworkFile,
  deleteSubmissionFiles,
  findDeadlines,
  findFileOwner,
  findHomeworkFileIds,
  findParentIds,
  findPupilUser,
  findSubmissionFileIds,
  findSubmissions,
  type HomeworkLesson,
  insertHomeworkFile,
  insertSubmissionFile,
  lockSubmission,
  reviewSubmission,
  type SubmissionRow,
  saveDeadline,
  upsertSubmission,
} from './homework.repository';
import {
  cleanFileName,
  FILE_NOT_FOUND,
  homeworkReader,
  homeworkWriter,
  lessonReader,
  MB,
  toFile,
} from './homework-access';

/** A file as it came in a multipart body. */
export interface Upload {
  fileName: string | null;
  bytes: Buffer;
}

/** The largest file of the caller's school, in bytes (the multipart reader stops past it: 413). */
export async function fileLimit(db: Database, actor: Actor): Promise<number> {
  return (await readSchoolSettings(db, actor.organizationId)).homework_file_mb * MB;
}

/** The school's limits of homework files, read once per upload. */
interface FileLimits {
  fileMb: number;
  quotaMb: number;
}

async function limitsOf(db: Database, organizationId: number): Promise<FileLimits> {
  const settings = await readSchoolSettings(db, organizationId);
  return { fileMb: settings.homework_file_mb, quotaMb: settings.homework_quota_mb };
}

/** Each file within the school's limit (413) and of a kind we take (415, read from its bytes). */
function checkUploads({ fileMb }: FileLimits, uploads: Upload[]) {
  return uploads.map((upload) => {
    if (upload.bytes.length === 0) throw unprocessable('Файл пуст', { file: ['Файл пуст'] });
    if (upload.bytes.length > fileMb * MB) throw new HttpError(413, `Файл больше ${fileMb} МБ`);
    const name = cleanFileName(upload.fileName);
    const kind = fileKindOf(upload.bytes, name);
    if (!kind.ok) throw new HttpError(415, kind.reason);
    return { name, type: kind.type, bytes: upload.bytes };
  });
}

/** The school's quota, checked under its lock in the writer's transaction (413 past it). */
async function checkQuota(db: Database, organizationId: number, { quotaMb }: FileLimits, adding: number) {
  if ((await lockedUsage(db, organizationId)) + adding > quotaMb * MB) {
    throw new HttpError(
      413,
      `Место для файлов школы (${quotaMb} МБ) занято: удалите старые файлы или увеличьте квоту в настройках`,
    );
  }
}

/** POST /api/lessons/{id}/homework/files: a file of the lesson's homework (its teacher). */
export async function attachHomeworkFile(
  db: Database,
  actor: Actor,
  lessonId: number,
  upload: Upload | null,
): Promise<StoredFile> {
  const lesson = await homeworkWriter(db, actor, lessonId);
  if (!upload) throw unprocessable('Приложите файл', { file: ['Приложите файл (поле file)'] });
  const limits = await limitsOf(db, lesson.organizationId);
  const [file] = checkUploads(limits, [upload]);
  return db.transaction(async (tx) => {
    await checkQuota(tx, lesson.organizationId, limits, file.bytes.length);
    const stored = await putFile(tx, {
      ...file,
      organizationId: lesson.organizationId,
      createdBy: actor.userId,
    });
    await insertHomeworkFile(tx, {
      fileId: stored.id,
      organizationId: lesson.organizationId,
      lessonId: lesson.id,
      createdAt: schoolNow(),
    });
    return toFile(stored);
  });
}

/** DELETE /api/homework/files/{id}: the lesson's teacher removes a file of its homework. */
export async function detachHomeworkFile(db: Database, actor: Actor, fileId: number): Promise<void> {
  const owner = await findFileOwner(db, fileId, (column) => inScope(actor, column));
  if (!owner || owner.studentId !== null) throw notFound(FILE_NOT_FOUND);
  const lesson = await homeworkWriter(db, actor, owner.lessonId);
  await db.transaction(async (tx) => {
    await deleteHomeworkFile(tx, fileId);
    await removeFiles(tx, lesson.organizationId, [fileId]);
  });
}

async function filesOf(db: Database, lessonIds: number[]) {
  const links = await findHomeworkFileIds(db, lessonIds);
  const described = new Map(
    (
      await describeFiles(
        db,
        links.map((link) => link.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  return links.map((link) => ({ ...link, file: toFile(described.get(link.fileId)!) }));
}

/** GET /api/lessons/{id}/homework/files: the files and the deadline (teacher, pupils, parents). */
export async function lessonHomework(db: Database, actor: Actor, lessonId: number): Promise<LessonHomework> {
  const { lesson } = await homeworkReader(db, actor, lessonId);
  const [files, [deadline]] = await Promise.all([filesOf(db, [lesson.id]), findDeadlines(db, [lesson.id])]);
  return { files: files.map((link) => link.file), deadline: deadline?.dueAt.toISOString() ?? null };
}

/** PUT /api/lessons/{id}/homework/deadline. */
export async function setDeadline(db: Database, actor: Actor, lessonId: number, input: DeadlineInputParsed) {
  const lesson = await homeworkWriter(db, actor, lessonId);
  await saveDeadline(db, lesson, input.deadline === null ? null : new Date(input.deadline));
  return lessonHomework(db, actor, lessonId);
}

/** GET /api/files/{id}: the bytes, for whoever reads what the file belongs to; anyone else 404. */
export async function downloadFile(db: Database, actor: Actor, fileId: number) {
  const owner = await findFileOwner(db, fileId, (column) => inScope(actor, column));
  if (!owner) throw notFound(FILE_NOT_FOUND);
  const reader = await lessonReader(db, actor, owner.lessonId).catch(() => null);
  const reads =
    reader !== null &&
    (reader.teacher ||
      (owner.studentId === null
        ? reader.studentIds.length > 0
        : reader.studentIds.includes(owner.studentId)));
  if (!reads) throw notFound(FILE_NOT_FOUND);
  const file = await readFile(db, fileId);
  if (!file) throw notFound(FILE_NOT_FOUND);
  const inline =
    file.type === 'application/pdf' || (file.type.startsWith('image/') && file.type !== 'image/heic');
  return { ...file, inline };
}

async function toSubmissions(db: Database, rows: SubmissionRow[]): Promise<Submission[]> {
  const links = await findSubmissionFileIds(
    db,
    rows.map((row) => row.id),
  );
  const described = new Map(
    (
      await describeFiles(
        db,
        links.map((link) => link.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  return rows.map((row) => ({
    id: row.id,
    lesson_id: row.lesson_id,
    student_id: row.student_id,
    student_name: `${row.surname} ${row.name}`,
    status: row.status,
    comment: row.comment,
    review_comment: row.review_comment,
    mark: row.mark,
    submitted_at: row.submittedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    files: links
      .filter((link) => link.submissionId === row.id)
      .map((link) => toFile(described.get(link.fileId)!)),
  }));
}

/** POST /api/lessons/{id}/submissions: the pupil hands in (again, until accepted) before the deadline. */
export async function handIn(
  db: Database,
  actor: Actor,
  lessonId: number,
  input: { files: Upload[]; comment: string | null },
): Promise<Submission> {
  const reader = await lessonReader(db, actor, lessonId);
  const { lesson, pupil } = reader;
  if (!pupil) {
    if (reader.studentIds.length === 0 && !reader.teacher) throw notFound('Урок не найден');
    throw forbidden('Работу сдаёт сам ученик из своего дневника');
  }
  if (input.files.length === 0)
    throw unprocessable('Приложите файл работы', { file: ['Приложите файл работы'] });
  if (input.files.length > MAX_SUBMISSION_FILES) {
    throw unprocessable(`Не больше ${MAX_SUBMISSION_FILES} файлов`, {
      file: [`Не больше ${MAX_SUBMISSION_FILES} файлов`],
    });
  }
  const comment = submissionCommentSchema.safeParse(input.comment);
  if (!comment.success)
    throw unprocessable('Проверьте комментарий', { comment: [comment.error.issues[0].message] });
  const limits = await limitsOf(db, lesson.organizationId);
  const files = checkUploads(limits, input.files);
  const [deadline] = await findDeadlines(db, [lesson.id]);
  const now = schoolNow();
  if (deadline && now > deadline.dueAt) {
    throw unprocessable('Срок сдачи работы прошёл', {
      file: [`Работу принимали до ${formatDate(deadline.dueAt.toISOString())}`],
    });
  }
  await db.transaction(async (tx) => {
    const existing = await lockSubmission(tx, lesson.id, pupil.id);
    if (existing?.status === 'accepted') throw conflict('Работа уже принята: сдать её снова нельзя');
    await checkQuota(
      tx,
      lesson.organizationId,
      limits,
      files.reduce((sum, file) => sum + file.bytes.length, 0),
    );
    const id = await upsertSubmission(tx, {
      organizationId: lesson.organizationId,
      lessonId: lesson.id,
      studentId: pupil.id,
      comment: comment.data,
      submittedAt: now,
    });
    await removeFiles(tx, lesson.organizationId, await deleteSubmissionFiles(tx, id));
    for (const file of files) {
      const stored = await putFile(tx, {
        ...file,
        organizationId: lesson.organizationId,
        createdBy: actor.userId,
      });
      await insertSubmissionFile(tx, {
        fileId: stored.id,
        submissionId: id,
        organizationId: lesson.organizationId,
      });
    }
  });
  const [saved] = await toSubmissions(db, await findSubmissions(db, [lesson.id], pupil.id));
  return saved;
}

/** GET /api/lessons/{id}/submissions: who handed in what and when (the lesson's teacher, завуч). */
export async function lessonSubmissions(db: Database, actor: Actor, lessonId: number): Promise<Submission[]> {
  const reader = await lessonReader(db, actor, lessonId);
  if (!reader.teacher) throw forbidden('Работы учеников видит учитель урока');
  return toSubmissions(db, await findSubmissions(db, [lessonId]));
}

/** The pupil and their parents are told of the review (notifications subscribe to `notice.owed`). */
async function reviewOwed(
  db: Database,
  queue: Queue,
  actor: Actor,
  lesson: HomeworkLesson,
  work: Submission,
) {
  const accepted = work.status === 'accepted';
  const title = `${lesson.subjectName}: работа ${accepted ? 'принята' : 'возвращена на доработку'}${work.mark ? `, оценка ${work.mark}` : ''}`;
  const pupilUser = await findPupilUser(db, work.student_id);
  const readers = [
    ...(pupilUser ? [{ userId: pupilUser, link: `/diary?week=${lesson.date}` }] : []),
    ...(await findParentIds(db, work.student_id)).map((userId) => ({
      userId,
      link: `/diary?week=${lesson.date}&student=${work.student_id}`,
    })),
  ];
  for (const reader of readers) {
    await queue.emit(db, 'notice.owed', {
      userId: reader.userId,
      actorId: actor.userId,
      notice: {
        organizationId: lesson.organizationId,
        category: 'homework',
        title: pupilUser === reader.userId ? title : `${work.student_name}. ${title}`,
        body: work.review_comment ?? `Домашнее задание к уроку ${formatDate(lesson.date)}`,
        link: reader.link,
        dedupeKey: `homework-work:${work.id}`,
      },
    });
  }
}

/** PUT /api/lessons/{lessonId}/submissions/{id}: accepted (a mark goes into the journal cell) or returned. */
export async function reviewWork(
  db: Database,
  queue: Queue,
  actor: Actor,
  lessonId: number,
  id: number,
  input: ReviewInputParsed,
): Promise<Submission> {
  const lesson = await homeworkWriter(db, actor, lessonId);
  const [row] = await findSubmissions(db, [lesson.id], undefined, id);
  if (!row) throw notFound('Работа не найдена');
  if (row.status === 'accepted') throw conflict('Работа уже принята');
  if (input.status === 'returned' && input.mark !== null) {
    throw unprocessable('Оценку ставят принятой работе', { mark: ['Оценку ставят принятой работе'] });
  }
  await db.transaction(async (tx) => {
    if (input.status === 'accepted' && input.mark !== null) {
      await saveHomeworkMark(tx, queue, actor, lesson, row.student_id, input.mark);
    }
    const reviewed = await reviewSubmission(tx, id, { ...input, by: actor.userId, at: schoolNow() });
    if (!reviewed) throw conflict('Работа уже принята');
    const [work] = await toSubmissions(tx, await findSubmissions(tx, [lesson.id], undefined, id));
    await reviewOwed(tx, queue, actor, lesson, work);
  });
  const [work] = await toSubmissions(db, await findSubmissions(db, [lesson.id], undefined, id));
  return work;
}

/**
 * What the diary shows with each lesson's homework for one pupil: the files, «задано после …» when
 * a file came after the evening digest of the day before the lesson, the deadline, the pupil's work.
 */
export async function diaryHomework(
  db: Database,
  student: { id: number; organizationId: number },
  lessons: { id: number; date: string }[],
): Promise<Map<number, DiaryHomework>> {
  const ids = lessons.map((lesson) => lesson.id);
  const [files, deadlines, works, settings] = await Promise.all([
    filesOf(db, ids),
    findDeadlines(db, ids),
    findSubmissions(db, ids, student.id).then((rows) => toSubmissions(db, rows)),
    readSchoolSettings(db, student.organizationId),
  ]);
  const hour = `${String(settings.digest_hour).padStart(2, '0')}:00`;
  return new Map(
    lessons.map((lesson) => {
      const own = files.filter((link) => link.lessonId === lesson.id);
      // The digest of the evening before the lesson (Moscow time, UTC+3 all year).
      const digestAt = new Date(`${addDays(lesson.date, -1)}T${hour}:00+03:00`);
      const late = own.some((link) => link.createdAt >= digestAt);
      return [
        lesson.id,
        {
          files: own.map((link) => link.file),
          given_after: late ? hour : null,
          deadline: deadlines.find((row) => row.lessonId === lesson.id)?.dueAt.toISOString() ?? null,
          submission: works.find((work) => work.lesson_id === lesson.id) ?? null,
        },
      ];
    }),
  );
}
