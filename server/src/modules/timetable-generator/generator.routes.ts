import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  generationInputSchema,
  generationSchema,
  generationStartedSchema,
} from '@parta/shared/domain/contracts/timetable-generator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generationsSettled,
  getGeneration,
  startGeneration,
  stopAllGenerations,
  stopGeneration,
} from './generator.service';

/** Автоматическое составление расписания: a generation job, its progress, stopping it. */
export const generatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => {
    stopAllGenerations();
    await generationsSettled();
  });

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
      reply.status(201).send({ data: await startGeneration(app.db, request.actor, request.body) }),
  );

  app.get(
    '/timetable/generations/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Ход генерации: поставлено уроков, нарушения, штраф, причины невозможности',
        params: idParamsSchema,
        response: { 200: z.object({ data: generationSchema }) },
      },
    },
    async (request) => ({ data: getGeneration(request.actor, request.params.id) }),
  );

  app.post(
    '/timetable/generations/:id/stop',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Остановить генерацию (лучший найденный вариант сохраняется)',
        params: idParamsSchema,
        response: { 200: z.object({ data: generationSchema }) },
      },
    },
    async (request) => ({ data: stopGeneration(request.actor, request.params.id) }),
  );
};
