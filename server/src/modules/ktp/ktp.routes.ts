import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  ktpApplyInputSchema,
  ktpApplyResultSchema,
  ktpCopyInputSchema,
  ktpImportQuerySchema,
  ktpImportResultSchema,
  ktpItemsInputSchema,
  ktpListQuerySchema,
  ktpPlanDetailSchema,
  ktpPlanInputSchema,
  ktpPlanSchema,
} from '@parta/shared/domain/contracts/ktp';
import { XLSX_MIME } from '@parta/shared/domain/contracts/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unprocessable } from '../../plugins/errors';
import {
  applyToLessons,
  changePlan,
  copyPlan,
  createPlan,
  exportPlan,
  getPlan,
  importPlan,
  listPlans,
  removePlan,
  saveItems,
} from './ktp.service';

const MAX_WORKBOOK_BYTES = 5 * 1024 * 1024;
const planAnswer = z.object({ data: ktpPlanDetailSchema });

/** КТП: plans and their items, .xlsx import/export, copying to a class of the parallel, applying to lessons. */
export const ktpRoutes: FastifyPluginAsyncZod = async (app) => {
  // The import takes the workbook itself as the body; this parser lives only in this module's scope.
  app.addContentTypeParser(
    [XLSX_MIME, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_WORKBOOK_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/ktp',
    {
      config: { permission: 'ktp.view' },
      schema: {
        tags: ['ktp'],
        summary: 'Планы КТП: учитель × предмет × класс или параллель',
        querystring: ktpListQuerySchema,
        response: { 200: z.object({ data: z.array(ktpPlanSchema) }) },
      },
    },
    async (request) => ({ data: await listPlans(app.db, request.actor, request.query) }),
  );

  app.post(
    '/ktp',
    {
      config: { permission: 'ktp.edit' },
      schema: {
        tags: ['ktp'],
        summary: 'Создать план КТП (учитель создаёт только свой)',
        body: ktpPlanInputSchema,
        response: { 201: planAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createPlan(app.db, request.actor, request.body) }),
  );

  app.get(
    '/ktp/:id',
    {
      config: { permission: 'ktp.view' },
      schema: {
        tags: ['ktp'],
        summary: 'План КТП с темами по порядку',
        params: idParamsSchema,
        response: { 200: planAnswer },
      },
    },
    async (request) => ({ data: await getPlan(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/ktp/:id',
    {
      config: { permission: 'ktp.edit' },
      schema: {
        tags: ['ktp'],
        summary: 'Изменить план КТП',
        params: idParamsSchema,
        body: ktpPlanInputSchema,
        response: { 200: planAnswer },
      },
    },
    async (request) => ({ data: await changePlan(app.db, request.actor, request.params.id, request.body) }),
  );

  app.delete(
    '/ktp/:id',
    {
      config: { permission: 'ktp.edit' },
      schema: {
        tags: ['ktp'],
        summary: 'Удалить план КТП (темы уроков остаются)',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removePlan(app.db, request.actor, request.params.id);
      return { message: 'План удалён' };
    },
  );

  app.put(
    '/ktp/:id/items',
    {
      config: { permission: 'ktp.edit' },
      schema: {
        tags: ['ktp'],
        summary: 'Сохранить темы плана целиком, в новом порядке',
        params: idParamsSchema,
        body: ktpItemsInputSchema,
        response: { 200: planAnswer },
      },
    },
    async (request) => ({ data: await saveItems(app.db, request.actor, request.params.id, request.body) }),
  );

  app.post(
    '/ktp/:id/copy',
    {
      config: { permission: 'ktp.edit' },
      schema: {
        tags: ['ktp'],
        summary: 'Копировать план в другой класс той же параллели',
        params: idParamsSchema,
        body: ktpCopyInputSchema,
        response: { 201: planAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await copyPlan(app.db, request.actor, request.params.id, request.body) }),
  );

  app.post(
    '/ktp/:id/apply',
    {
      config: { permission: 'ktp.edit' },
      schema: {
        tags: ['ktp'],
        summary:
          'Применить план к урокам класса: темы и д/з по порядку, каникулы и отменённые уроки пропускаются, темы, введённые вручную, сохраняются (overwrite=true — заменяются)',
        params: idParamsSchema,
        body: ktpApplyInputSchema,
        response: { 200: z.object({ data: ktpApplyResultSchema }) },
      },
    },
    async (request) => ({
      data: await applyToLessons(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.get(
    '/ktp/:id/export',
    {
      config: { permission: 'ktp.view' },
      schema: {
        tags: ['ktp'],
        summary: 'Выгрузить план в Excel (.xlsx)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { buffer, fileName } = await exportPlan(app.db, request.actor, request.params.id);
      return reply
        .header('Content-Type', XLSX_MIME)
        .header(
          'Content-Disposition',
          `attachment; filename="ktp.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(buffer);
    },
  );

  app.post(
    '/ktp/:id/import',
    {
      config: { permission: 'ktp.edit' },
      schema: {
        tags: ['ktp'],
        summary:
          'Импорт тем из .xlsx: dry_run=true показывает ошибки каждой строки, false сохраняет всё или ничего (темы плана заменяются)',
        description: `Тело запроса — сам файл, Content-Type: ${XLSX_MIME}`,
        params: idParamsSchema,
        querystring: ktpImportQuerySchema,
        response: { 200: z.object({ data: ktpImportResultSchema }) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw unprocessable('Приложите файл .xlsx', { file: ['Приложите файл .xlsx'] });
      }
      return {
        data: await importPlan(app.db, request.actor, request.params.id, request.body, request.query.dry_run),
      };
    },
  );
};
