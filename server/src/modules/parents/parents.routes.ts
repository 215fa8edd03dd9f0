import { messageSchema } from '@parta/shared/domain/contracts/auth';
import { idSchema } from '@parta/shared/domain/contracts/common';
import {
  parentCreatedSchema,
  parentInputSchema,
  parentOptionSchema,
  parentSearchQuerySchema,
  studentParentSchema,
} from '@parta/shared/domain/contracts/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachParent, createParent, detachParent, findParents } from './parents.service';

const studentParentParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** Родители on the student's card: add a new parent, link a sibling's, unlink. */
export const parentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/parents',
    {
      config: { permission: 'students.view' },
      schema: {
        tags: ['students'],
        summary: 'Поиск родителей своих организаций по ФИО, логину или телефону (до 20)',
        querystring: parentSearchQuerySchema,
        response: { 200: z.object({ data: z.array(parentOptionSchema) }) },
      },
    },
    async (request) => ({ data: await findParents(app.db, request.actor, request.query.search) }),
  );

  app.post(
    '/students/:id/parents',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Добавить ученику нового родителя со входом в дневник (пароль показывается один раз)',
        params: z.object({ id: idSchema }),
        body: parentInputSchema,
        response: { 201: parentCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createParent(app.db, request.actor, request.params.id, request.body)),
  );

  app.put(
    '/students/:id/parents/:userId',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Привязать к ученику родителя, который уже есть в школе (например, брата или сестры)',
        params: studentParentParamsSchema,
        response: { 200: z.object({ data: studentParentSchema }) },
      },
    },
    async (request) => ({
      data: await attachParent(app.db, request.actor, request.params.id, request.params.userId),
    }),
  );

  app.delete(
    '/students/:id/parents/:userId',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Отвязать родителя; родитель без детей больше не входит в систему',
        params: studentParentParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await detachParent(app.db, request.actor, request.params.id, request.params.userId);
      return { message: 'Родитель отвязан' };
    },
  );
};
