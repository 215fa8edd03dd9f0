import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  importApplyBodySchema,
  importCreateQuerySchema,
  importListItemSchema,
  importSchema,
  importTemplateParamsSchema,
} from '@parta/shared/domain/contracts/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_MIME, formParts } from '../../files/multipart';
import { unprocessable } from '../../plugins/errors';
import { exportTemplateToFet } from './export.service';
import { applyImport, createImport, getImport, listImports, MAX_IMPORT_BYTES } from './imports.service';
import { registerTemplate } from './xlsx-register';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TEMPLATE_FILES = { 'xlsx-staff': 'сотрудники', 'xlsx-classes': 'классы', 'xlsx-load': 'нагрузка' };

/**
 * Импорт (issue 50): a school's data from a FET file, an aSc Timetables XML or an Excel register;
 * preview, apply in the background (with the user's mapping changes), follow; the registers'
 * template workbooks.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The upload is read whole within the limit (a larger one is a 413); this parser lives only here.
  app.addContentTypeParser(
    FORM_MIME,
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/imports',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['imports'],
        summary:
          'Загрузить файл для импорта (FET, aSc Timetables XML, реестр Excel): ответ — предпросмотр, в школе ничего не меняется',
        description: `Тело запроса — ${FORM_MIME} с полем file (до ${MAX_IMPORT_BYTES / 1024 / 1024} МБ)`,
        querystring: importCreateQuerySchema,
        response: { 201: z.object({ data: importSchema }) },
      },
    },
    async (request, reply) => {
      const parts = formParts(request.body, request.headers['content-type']);
      if (!parts)
        throw unprocessable('Приложите файл', { file: ['Приложите файл (multipart/form-data, поле file)'] });
      const file = parts.find((part) => part.name === 'file');
      const kindField = parts
        .find((part) => part.name === 'kind')
        ?.body.toString('utf8')
        .trim();
      const kind = importCreateQuerySchema.safeParse({
        kind: request.query.kind ?? (kindField || undefined),
      });
      if (!kind.success) throw unprocessable('Неизвестный вид файла', { kind: ['Неизвестный вид файла'] });
      const data = await createImport(
        app.db,
        request.actor,
        file ? { fileName: (file.fileName || 'файл').slice(0, 200), body: file.body } : null,
        kind.data.kind,
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/imports',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['imports'],
        summary: 'Импорты школы, новые первыми',
        response: { 200: z.object({ data: z.array(importListItemSchema) }) },
      },
    },
    async (request) => ({ data: await listImports(app.db, request.actor) }),
  );

  app.get(
    '/imports/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['imports'],
        summary: 'Импорт: предпросмотр, состояние и, когда применён, что создано и изменено',
        params: idParamsSchema,
        response: { 200: z.object({ data: importSchema }) },
      },
    },
    async (request) => ({ data: await getImport(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/imports/:id/apply',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['imports'],
        summary: 'Применить импорт: в фоне, одной транзакцией (всё или ничего)',
        description:
          'Тело (необязательно): mapping — по сущностям имя из файла → id существующей записи или null («новый»)',
        params: idParamsSchema,
        body: importApplyBodySchema.nullish(),
        response: { 202: z.object({ data: importSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        data: await applyImport(
          app.db,
          app.queue,
          request.actor,
          request.params.id,
          request.body ?? undefined,
        ),
      }),
  );

  app.get(
    '/imports/templates/:kind',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['imports'],
        summary: 'Шаблон реестра Excel (.xlsx): заголовки столбцов и лист «Пояснения»',
        params: importTemplateParamsSchema,
      },
    },
    async (request, reply) => {
      const kind = request.params.kind;
      const fileName = `Шаблон — ${TEMPLATE_FILES[kind]}.xlsx`;
      return reply
        .header('Content-Type', XLSX_MIME)
        .header(
          'Content-Disposition',
          `attachment; filename="${kind}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(await registerTemplate(kind));
    },
  );

  app.get(
    '/timetable/templates/:id/fet',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['imports'],
        summary: 'Выгрузить школу с шаблоном расписания в файл FET (.fet), который читает fet-cl',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, text } = await exportTemplateToFet(app.db, request.actor, request.params.id);
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="timetable.fet"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(text);
    },
  );
};
