import {
  archiveBuildAnswerSchema,
  archiveBuildInputSchema,
  archiveQuerySchema,
  archiveRegisterSchema,
} from '@parta/shared/domain/contracts/archive';
import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archiveRegister, downloadFile, downloadZip, getBuild, startBuild } from './archive.service';

const access =
  'Директор и завуч (право periods.edit) — вся школа; классный руководитель — только свои классы.';

/** «Архив года» (issue 40): class journals as PDF/A, built in the background, with their register. */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/archive',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['archive'],
        summary: 'Реестр архива за период: последнее формирование и все файлы с контрольными суммами',
        description: access,
        querystring: archiveQuerySchema,
        response: { 200: archiveRegisterSchema },
      },
    },
    async (request) => ({ data: await archiveRegister(app.readDb(request), request.actor, request.query) }),
  );

  app.post(
    '/archive/builds',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['archive'],
        summary: 'Сформировать архив школы за учебный год или закрытый период (в фоне, по классу за раз)',
        description: 'Директор и завуч (право periods.edit).',
        body: archiveBuildInputSchema,
        response: { 202: archiveBuildAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await startBuild(app.db, app.queue, request.actor, request.body) }),
  );

  app.get(
    '/archive/builds/:id',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['archive'],
        summary: 'Ход формирования архива: классов готово из скольких, причина неудачи',
        description: access,
        params: idParamsSchema,
        response: { 200: archiveBuildAnswerSchema },
      },
    },
    async (request) => ({ data: await getBuild(app.readDb(request), request.actor, request.params.id) }),
  );

  app.get(
    '/archive/files/:id',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['archive'],
        summary: 'Скачать файл архива (PDF); файл, не совпадающий с реестром, не отдаётся (409)',
        description: access,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await downloadFile(app.readDb(request), request.actor, request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="journal.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );

  app.get(
    '/archive/zip',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['archive'],
        summary: 'Скачать весь архив периода одним zip (последний файл каждого класса и SHA256SUMS.txt)',
        description: access,
        querystring: archiveQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await downloadZip(app.readDb(request), request.actor, request.query);
      return reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="archive.zip"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );
};
