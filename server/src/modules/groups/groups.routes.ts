import { idParamsSchema, validationErrorSchema } from '@parta/shared/domain/contracts/common';
import {
  groupDetailSchema,
  groupInputSchema,
  groupListQuerySchema,
  groupListSchema,
  groupSubgroupsSchema,
  subgroupParamsSchema,
  subgroupSetInputSchema,
  subgroupSetSchema,
} from '@parta/shared/domain/contracts/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroup,
  deleteGroup,
  getGroup,
  getSubgroups,
  listGroups,
  removeSubgroups,
  saveSubgroups,
  updateGroup,
} from './groups.service';

/** Классы (SPEC §7 `/api/group`) and their subgroups per subject. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/group',
    {
      config: { permission: 'classes.view' },
      schema: {
        tags: ['classes'],
        summary: 'Классы, учителя и периоды организации',
        querystring: groupListQuerySchema,
        response: { 200: z.object({ data: groupListSchema }) },
      },
    },
    async (request) => ({ data: await listGroups(app.db, request.actor, request.query.organization_id) }),
  );

  app.post(
    '/group',
    {
      config: { permission: 'classes.edit' },
      schema: {
        tags: ['classes'],
        summary: 'Создать класс',
        body: groupInputSchema,
        response: { 201: z.object({ data: groupDetailSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createGroup(app.db, request.actor, request.body) }),
  );

  app.get(
    '/group/:id',
    {
      config: { permission: 'classes.view' },
      schema: {
        tags: ['classes'],
        summary: 'Класс с классным руководителем и учениками',
        params: idParamsSchema,
        response: { 200: z.object({ data: groupDetailSchema }), 404: validationErrorSchema },
      },
    },
    async (request) => ({ data: await getGroup(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/group/:id',
    {
      config: { permission: 'classes.edit' },
      schema: {
        tags: ['classes'],
        summary: 'Изменить класс',
        params: idParamsSchema,
        body: groupInputSchema,
        response: { 200: z.object({ data: groupDetailSchema }) },
      },
    },
    async (request) => ({ data: await updateGroup(app.db, request.actor, request.params.id, request.body) }),
  );

  app.delete(
    '/group/:id',
    {
      config: { permission: 'classes.edit' },
      schema: {
        tags: ['classes'],
        summary: 'Удалить пустой класс (класс с учениками не удаляется)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteGroup(app.db, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/group/:id/subgroups',
    {
      config: { permission: 'students.view' },
      schema: {
        tags: ['classes'],
        summary: 'Подгруппы класса по предметам',
        params: idParamsSchema,
        response: { 200: z.object({ data: groupSubgroupsSchema }) },
      },
    },
    async (request) => ({ data: await getSubgroups(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/group/:id/subgroups/:subject_id',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['classes'],
        summary: 'Разделить класс на подгруппы по предмету (заменяет прежнее деление)',
        params: subgroupParamsSchema,
        body: subgroupSetInputSchema,
        response: { 200: z.object({ data: subgroupSetSchema }) },
      },
    },
    async (request) => ({
      data: await saveSubgroups(
        app.db,
        request.actor,
        request.params.id,
        request.params.subject_id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/group/:id/subgroups/:subject_id',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['classes'],
        summary: 'Отменить деление класса по предмету',
        params: subgroupParamsSchema,
      },
    },
    async (request, reply) => {
      await removeSubgroups(app.db, request.actor, request.params.id, request.params.subject_id);
      return reply.status(204).send();
    },
  );
};
