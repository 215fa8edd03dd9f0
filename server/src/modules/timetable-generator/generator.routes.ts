import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  generationInputSchema,
  generationSchema,
  generationStartedSchema,
} from '@parta/shared/domain/contracts/timetable-generator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getGeneration, startGeneration, stopGeneration } from './generator.service';

/** Автоматическое составление расписания: a generation job, its progress, stopping it. */
export const generatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/timetable/generations',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Запустить генерацию расписания по нагрузке школы (результат — новый шаблон)',
        body: generationInputSchema,
        response: { 201: generationStartedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await startGeneration(app.db, app.queue, request.actor, request.body) }),
  );

  app.get(
    '/timetable/generations/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Ход генерации: место в очереди, поставлено уроков, нарушения, штраф, причины',
        params: idParamsSchema,
        response: { 200: z.object({ data: generationSchema }) },
      },
    },
    async (request) => ({ data: await getGeneration(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/timetable/generations/:id/stop',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Остановить генерацию с любого сервера (лучший найденный вариант сохраняется)',
        params: idParamsSchema,
        response: { 200: z.object({ data: generationSchema }) },
      },
    },
    async (request) => ({ data: await stopGeneration(app.db, request.actor, request.params.id) }),
  );
};
