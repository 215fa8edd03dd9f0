import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import { organizationQuerySchema } from '@parta/shared/domain/contracts/timetable';
import { roomInputSchema, roomSchema } from '@parta/shared/domain/contracts/timetable-generator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeRoom, createRoom, listRooms, removeRoom } from './rooms.service';

/** Кабинеты: what the timetable generator books (kind, capacity, a teacher's home room). */
export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/timetable/rooms',
    {
      config: { permission: 'timetables.view' },
      schema: {
        tags: ['timetable'],
        summary: 'Кабинеты организации',
        querystring: organizationQuerySchema,
        response: { 200: z.object({ data: z.array(roomSchema) }) },
      },
    },
    async (request) => ({ data: await listRooms(app.db, request.actor, request.query.organization_id) }),
  );

  app.post(
    '/timetable/rooms',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Добавить кабинет',
        body: roomInputSchema,
        response: { 201: z.object({ data: roomSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createRoom(app.db, request.actor, request.body) }),
  );

  app.put(
    '/timetable/rooms/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Изменить кабинет',
        params: idParamsSchema,
        body: roomInputSchema,
        response: { 200: z.object({ data: roomSchema }) },
      },
    },
    async (request) => ({ data: await changeRoom(app.db, request.actor, request.params.id, request.body) }),
  );

  app.delete(
    '/timetable/rooms/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Удалить кабинет (строки нагрузки, требовавшие его, больше не требуют)',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removeRoom(app.db, request.actor, request.params.id);
      return { message: 'Кабинет удалён' };
    },
  );
};
