import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  deadlineInputSchema,
  homeworkFileSavedSchema,
  lessonHomeworkSchema,
  lessonIdParamsSchema,
  MAX_SUBMISSION_FILES,
  reviewInputSchema,
  submissionListSchema,
  submissionParamsSchema,
  submissionSavedSchema,
} from '@parta/shared/domain/contracts/homework';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition, FORM_MIME, formParts, readLimited } from '../../files/multipart';
import { HttpError } from '../../plugins/errors';
import {
  attachHomeworkFile,
  detachHomeworkFile,
  downloadFile,
  fileLimit,
  handIn,
  lessonHomework,
  lessonSubmissions,
  reviewWork,
  setDeadline,
  type Upload,
} from './homework.service';

const tags = ['homework'];
/** Room for a form's boundaries, headers and short fields beside its files. */
const FORM_OVERHEAD = 256 * 1024;
/** The most any school may allow (homework_file_mb ≤ 50), × files: Fastify's own cap on top of ours. */
const HARD_LIMIT = 50 * 1024 * 1024 * MAX_SUBMISSION_FILES + FORM_OVERHEAD;

const access =
  'Файлы задания читают ученики класса (подгруппы), их родители и учитель урока; работу ученика — он сам, его родители, учитель урока и завуч. Другая школа — 404.';

/** Домашнее задание с файлами и работы учеников (issue 54). */
export const homeworkRoutes: FastifyPluginAsyncZod = async (app) => {
  // A form is read up to the school's file limit × the files a route takes: past it, reading stops
  // and the answer is 413 (a declared length over it is refused before a byte is read).
  app.addContentTypeParser(
    FORM_MIME,
    { bodyLimit: HARD_LIMIT },
    async (request: FastifyRequest, payload: unknown) => {
      const fileBytes = await fileLimit(app.db, request.actor);
      const files = request.routeOptions.config.multipart?.fields.file === 'files' ? MAX_SUBMISSION_FILES : 1;
      const limit = fileBytes * files + FORM_OVERHEAD;
      const tooLarge = new HttpError(413, `Файл больше ${fileBytes / 1024 / 1024} МБ`);
      if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge;
      const body = await readLimited(payload as AsyncIterable<Buffer>, limit);
      if (!body) throw tooLarge;
      return body;
    },
  );

  /** The form's parts; a body that is not a form has none (the service answers 404 or 422 «Приложите файл»). */
  const formOf = (body: unknown, contentType: string | undefined) => formParts(body, contentType) ?? [];

  app.post(
    '/lessons/:id/homework/files',
    {
      config: { permission: 'journals.edit', multipart: { fields: { file: 'file' }, required: ['file'] } },
      schema: {
        tags,
        summary: 'Приложить файл к домашнему заданию урока (учитель урока)',
        description: `${FORM_MIME}, поле file: PDF, Office, OpenDocument, изображение или текст, до homework_file_mb МБ (413), тип по содержимому (415). ${access}`,
        params: lessonIdParamsSchema,
        response: { 201: homeworkFileSavedSchema },
      },
    },
    async (request, reply) => {
      const part = formOf(request.body, request.headers['content-type']).find((p) => p.name === 'file');
      const upload: Upload | null = part ? { fileName: part.fileName, bytes: part.body } : null;
      const file = await attachHomeworkFile(app.db, request.actor, request.params.id, upload);
      return reply.status(201).send({ data: file });
    },
  );

  app.get(
    '/lessons/:id/homework/files',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'Файлы домашнего задания урока и срок сдачи работ',
        description: access,
        params: lessonIdParamsSchema,
        response: { 200: z.object({ data: lessonHomeworkSchema }) },
      },
    },
    async (request) => ({ data: await lessonHomework(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/lessons/:id/homework/deadline',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags,
        summary: 'Срок сдачи работ по заданию урока (null — без срока)',
        params: lessonIdParamsSchema,
        body: deadlineInputSchema,
        response: { 200: z.object({ data: lessonHomeworkSchema }) },
      },
    },
    async (request) => ({ data: await setDeadline(app.db, request.actor, request.params.id, request.body) }),
  );

  app.delete(
    '/homework/files/:id',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags,
        summary: 'Удалить файл домашнего задания (учитель урока)',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await detachHomeworkFile(app.db, request.actor, request.params.id);
      return { message: 'Файл удалён' };
    },
  );

  app.get(
    '/files/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'Скачать файл задания или работы ученика',
        description: `Изображения и PDF открываются в браузере, остальное скачивается. ${access}`,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await downloadFile(app.db, request.actor, request.params.id);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', contentDisposition(file.name, file.inline))
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Security-Policy',
          "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        )
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.post(
    '/lessons/:id/submissions',
    {
      config: {
        permission: 'diary.view',
        multipart: { fields: { file: 'files', comment: 'text' }, required: ['file'] },
      },
      schema: {
        tags,
        summary: 'Сдать работу по домашнему заданию (ученик): файлы и комментарий',
        description: `${FORM_MIME}: file (до ${MAX_SUBMISSION_FILES} раз), comment. Сдаётся снова, пока работу не приняли (409); после срока — 422.`,
        params: lessonIdParamsSchema,
        response: { 201: submissionSavedSchema },
      },
    },
    async (request, reply) => {
      const parts = formOf(request.body, request.headers['content-type']);
      const files = parts
        .filter((part) => part.name === 'file')
        .map((part) => ({ fileName: part.fileName, bytes: part.body }));
      const comment = parts.find((part) => part.name === 'comment')?.body.toString('utf8') ?? null;
      const work = await handIn(app.db, request.actor, request.params.id, { files, comment });
      return reply.status(201).send({ data: work });
    },
  );

  app.get(
    '/lessons/:id/submissions',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags,
        summary: 'Работы учеников по заданию урока (учитель урока, завуч)',
        params: lessonIdParamsSchema,
        response: { 200: submissionListSchema },
      },
    },
    async (request) => ({ data: await lessonSubmissions(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/lessons/:lessonId/submissions/:id',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags,
        summary:
          'Принять работу (с оценкой в журнал, вид работы «Домашняя работа») или вернуть её с комментарием',
        params: submissionParamsSchema,
        body: reviewInputSchema,
        response: { 200: submissionSavedSchema },
      },
    },
    async (request) => ({
      data: await reviewWork(
        app.db,
        app.queue,
        request.actor,
        request.params.lessonId,
        request.params.id,
        request.body,
      ),
    }),
  );
};
