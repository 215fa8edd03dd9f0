import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  loadCopiedSchema,
  loadCopyInputSchema,
  loadInputSchema,
  loadQuerySchema,
  loadSavedSchema,
  loadSchema,
} from '@parta/shared/domain/contracts/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeLoad, copyLoad, createLoad, listLoads, removeLoad } from './loads.service';

/** Нагрузка: class or subgroup × subject × teacher × hours a week. */
export const loadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/load',
    {
      config: { permission: 'loads.view' },
      schema: {
        tags: ['load'],
        summary: 'Нагрузка (по классу и/или учителю)',
        querystring: loadQuerySchema,
        response: { 200: z.object({ data: z.array(loadSchema) }) },
      },
    },
    async (request) => ({ data: await listLoads(app.db, request.actor, request.query) }),
  );

  app.post(
    '/load',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags: ['load'],
        summary: 'Добавить строку нагрузки (ответ несёт предупреждения СанПиН)',
        body: loadInputSchema,
        response: { 201: loadSavedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createLoad(app.db, request.actor, request.body)),
  );

  app.post(
    '/load/copy',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags: ['load'],
        summary: 'Скопировать нагрузку класса в класс той же параллели',
        body: loadCopyInputSchema,
        response: { 201: loadCopiedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await copyLoad(app.db, request.actor, request.body.from_group_id, request.body.to_group_id)),
  );

  app.put(
    '/load/:id',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags: ['load'],
        summary: 'Изменить строку нагрузки',
        params: idParamsSchema,
        body: loadInputSchema,
        response: { 200: loadSavedSchema },
      },
    },
    async (request) => changeLoad(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/load/:id',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags: ['load'],
        summary: 'Удалить строку нагрузки (и её места в шаблонах)',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removeLoad(app.db, request.actor, request.params.id);
      return { message: 'Строка нагрузки удалена' };
    },
  );
};
