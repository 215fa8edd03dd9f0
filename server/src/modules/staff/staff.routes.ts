import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  staffCreatedSchema,
  staffCreateSchema,
  staffSchema,
  staffUpdateSchema,
} from '@parta/shared/domain/contracts/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStaff, updateStaff } from './staff.service';

/** The write side of Сотрудники: POST /api/users and PUT /api/users/{id} (the read side is the users module). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      config: { permission: 'users.edit' },
      schema: {
        tags: ['users'],
        summary: 'Добавить сотрудника (пароль без указания создаётся и показывается один раз)',
        body: staffCreateSchema,
        response: { 201: staffCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createStaff(app.db, request.actor, request.body)),
  );

  app.put(
    '/users/:id',
    {
      config: { permission: 'users.edit' },
      schema: {
        tags: ['users'],
        summary: 'Изменить сотрудника: данные, роли, активность',
        params: idParamsSchema,
        body: staffUpdateSchema,
        response: { 200: z.object({ data: staffSchema }) },
      },
    },
    async (request) => ({ data: await updateStaff(app.db, request.actor, request.params.id, request.body) }),
  );
};
