import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  bellListResponseSchema,
  bellScheduleInputSchema,
  bellScheduleSchema,
  organizationQuerySchema,
} from '@parta/shared/domain/contracts/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBellSchedule,
  getBellSchedule,
  listBellSchedules,
  removeBellSchedule,
  updateBellSchedule,
} from './bells.service';

const oneResponse = z.object({ data: bellScheduleSchema });

/** Звонки: numbered lessons with times; several schedules per school, one default. */
export const bellsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bell',
    {
      config: { permission: 'bells.view' },
      schema: {
        tags: ['bells'],
        summary: 'Расписания звонков (SPEC §7: data.data — список)',
        querystring: organizationQuerySchema,
        response: { 200: bellListResponseSchema },
      },
    },
    async (request) => ({
      data: await listBellSchedules(app.db, request.actor, request.query.organization_id),
    }),
  );

  app.get(
    '/bell/:id',
    {
      config: { permission: 'bells.view' },
      schema: {
        tags: ['bells'],
        summary: 'Расписание звонков с уроками',
        params: idParamsSchema,
        response: { 200: oneResponse },
      },
    },
    async (request) => ({ data: await getBellSchedule(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/bell',
    {
      config: { permission: 'bells.edit' },
      schema: {
        tags: ['bells'],
        summary: 'Создать расписание звонков',
        body: bellScheduleInputSchema,
        response: { 201: oneResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createBellSchedule(app.db, request.actor, request.body) }),
  );

  app.put(
    '/bell/:id',
    {
      config: { permission: 'bells.edit' },
      schema: {
        tags: ['bells'],
        summary: 'Изменить расписание звонков (уроки заменяются целиком)',
        params: idParamsSchema,
        body: bellScheduleInputSchema,
        response: { 200: oneResponse },
      },
    },
    async (request) => ({
      data: await updateBellSchedule(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.delete(
    '/bell/:id',
    {
      config: { permission: 'bells.edit' },
      schema: {
        tags: ['bells'],
        summary: 'Удалить расписание звонков, которое не используется в шаблонах',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removeBellSchedule(app.db, request.actor, request.params.id);
      return { message: 'Расписание звонков удалено' };
    },
  );
};
