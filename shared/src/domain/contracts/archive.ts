/**
 * Contracts of the year's archive (issue 40): for an academic year (its «год» period) or a closed
 * term, one PDF per class journal, built in the background for the whole school, each file listed
 * in the «Реестр архива» with its size and SHA-256. A file is never overwritten: building again
 * adds new rows.
 */
import { z } from 'zod';
import { idSchema } from './common';

export const ARCHIVE_BUILD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ArchiveBuildStatus = (typeof ARCHIVE_BUILD_STATUSES)[number];

export const ARCHIVE_BUILD_STATUS_LABELS: Record<ArchiveBuildStatus, string> = {
  queued: 'В очереди',
  running: 'Формируется',
  done: 'Готов',
  failed: 'Не сформирован',
};

/** One run of building a school's archive: progress in classes, a Russian reason when it failed. */
export const archiveBuildSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  period_id: z.number().int(),
  period_name: z.string(),
  academic_year: z.string(),
  status: z.enum(ARCHIVE_BUILD_STATUSES),
  /** Classes done and to do. */
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ArchiveBuild = z.infer<typeof archiveBuildSchema>;

/** A row of «Реестр архива»: what, when, by whom, the size and the checksum of the stored bytes. */
export const archiveFileSchema = z.object({
  id: z.number().int(),
  build_id: z.number().int(),
  period_id: z.number().int(),
  /** The class of a class journal; null for the journal of a course of внеурочная деятельность. */
  group_id: z.number().int().nullable(),
  /** The course of a course journal (внеурочная деятельность); null for a class journal. */
  course_id: z.number().int().nullable(),
  /** The class's name, or the course's, when built. */
  group_name: z.string(),
  /** «Классный журнал 5А, 2026/2027 учебный год». */
  title: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  /** Hex SHA-256 of the file as built. */
  sha256: z.string(),
  pages: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type ArchiveFile = z.infer<typeof archiveFileSchema>;

/** GET /api/archive: the school's latest build for the period and the register of its files. */
export const archiveRegisterSchema = z.object({
  data: z.object({
    build: archiveBuildSchema.nullable(),
    files: z.array(archiveFileSchema),
  }),
});
export type ArchiveRegister = z.infer<typeof archiveRegisterSchema>['data'];

export const archiveQuerySchema = z.object({ period_id: idSchema });
export type ArchiveQueryParsed = z.output<typeof archiveQuerySchema>;

/** POST /api/archive/builds: the year (its «год» period) or a closed term of the caller's school. */
export const archiveBuildInputSchema = z.object({
  period_id: idSchema,
});
export type ArchiveBuildInput = z.input<typeof archiveBuildInputSchema>;
export type ArchiveBuildInputParsed = z.output<typeof archiveBuildInputSchema>;

export const archiveBuildAnswerSchema = z.object({ data: archiveBuildSchema });

/** Message of a file whose bytes no longer match the register: it is never served. */
export const ARCHIVE_TAMPERED_MESSAGE =
  'Файл архива повреждён: его контрольная сумма не совпадает с записью в реестре. Сформируйте архив заново.';
