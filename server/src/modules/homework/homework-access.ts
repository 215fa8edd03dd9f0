import type { StoredFile } from '@parta/shared/domain/contracts/homework';
import { findOwnPupil, findParentChildren, type OwnPupil } from '../../access/pupil';
import { inScope } from '../../access/scope';
import { teachingActor } from '../../access/teaching';
import type { Database } from '../../db/client';
import { lessons, students } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/errors';
import type { StoredFileMeta } from '../../storage/storage';
import { findLesson, type HomeworkLesson } from './homework.repository';

export const LESSON_NOT_FOUND = 'Урок не найден';
export const FILE_NOT_FOUND = 'Файл не найден';
export const MB = 1024 * 1024;

/** Who the caller is to a lesson's homework: its teacher (or завуч), its pupils (own, or a parent's children), no one. */
export interface LessonReader {
  lesson: HomeworkLesson;
  teacher: boolean;
  /** The pupil themself, when the caller is a pupil of the lesson. */
  pupil: OwnPupil | null;
  /** Pupils of the lesson the caller reads for (the pupil, or the parent's children in it). */
  studentIds: number[];
}

const sitsIn = (lesson: HomeworkLesson, pupil: { classId: number | null; subgroupIds: number[] }) =>
  pupil.classId === lesson.classId &&
  (lesson.subgroupId === null || pupil.subgroupIds.includes(lesson.subgroupId));

/**
 * The lesson within the caller's scope (404 otherwise) and the caller's relation to it. Staff read
 * when they teach it (access/teaching.ts: its teacher, a replacement, or loads.edit).
 */
export async function lessonReader(db: Database, actor: Actor, lessonId: number): Promise<LessonReader> {
  const lesson = await findLesson(db, teachingActor(actor), lessonId, inScope(actor, lessons.organizationId));
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  const teacher = lesson.teaches && actor.permissions.has('journals.view');
  const own = await findOwnPupil(db, actor.userId);
  if (own)
    return {
      lesson,
      teacher,
      pupil: sitsIn(lesson, own) ? own : null,
      studentIds: sitsIn(lesson, own) ? [own.id] : [],
    };
  const children = actor.permissions.has('diary.view')
    ? await findParentChildren(db, actor.userId, inScope(actor, students.organizationId))
    : [];
  return {
    lesson,
    teacher,
    pupil: null,
    studentIds: children.filter((child) => sitsIn(lesson, child)).map((c) => c.id),
  };
}

/** Anyone who reads the lesson's homework: its teacher, its pupils and their parents; anyone else 404. */
export async function homeworkReader(db: Database, actor: Actor, lessonId: number) {
  const reader = await lessonReader(db, actor, lessonId);
  if (!reader.teacher && reader.studentIds.length === 0) throw notFound(LESSON_NOT_FOUND);
  return reader;
}

/** Whoever writes the lesson's homework: journals.edit and teaching it (403 otherwise). */
export async function homeworkWriter(db: Database, actor: Actor, lessonId: number) {
  const reader = await lessonReader(db, actor, lessonId);
  if (!(reader.teacher && actor.permissions.has('journals.edit'))) {
    if (reader.studentIds.length === 0 && !actor.permissions.has('journals.view'))
      throw notFound(LESSON_NOT_FOUND);
    throw new HttpError(403, 'Задание урока и работы учеников проверяет учитель урока');
  }
  return reader.lesson;
}

export const toFile = (file: StoredFileMeta): StoredFile => ({
  id: file.id,
  name: file.name,
  size: file.size,
  type: file.type,
  sha256: file.sha256,
});

/** A file's name as kept: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | null): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && char !== '"')
    .join('')
    .trim()
    .slice(-200);
  return clean || 'файл';
}
