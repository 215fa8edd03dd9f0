import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  organizationQuerySchema,
  subjectInputSchema,
  subjectRemovedSchema,
  subjectSchema,
} from '@parta/shared/domain/contracts/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeSubject, createSubject, listSubjects, removeSubject } from './subjects.service';

/** Предметы: SPEC §7 `GET subject` answers the bare list. */
export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subject',
    {
      config: { permission: 'subjects.view' },
      schema: {
        tags: ['subjects'],
        summary: 'Предметы организации (тело ответа — список)',
        querystring: organizationQuerySchema,
        response: { 200: z.array(subjectSchema) },
      },
    },
    async (request) => listSubjects(app.db, request.actor, request.query.organization_id),
  );

  app.post(
    '/subject',
    {
      config: { permission: 'subjects.edit' },
      schema: {
        tags: ['subjects'],
        summary: 'Добавить предмет',
        body: subjectInputSchema,
        response: { 201: z.object({ data: subjectSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSubject(app.db, request.actor, request.body) }),
  );

  app.put(
    '/subject/:id',
    {
      config: { permission: 'subjects.edit' },
      schema: {
        tags: ['subjects'],
        summary: 'Изменить предмет (название, сокращение, ранг трудности, архив)',
        params: idParamsSchema,
        body: subjectInputSchema,
        response: { 200: z.object({ data: subjectSchema }) },
      },
    },
    async (request) => ({
      data: await changeSubject(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.delete(
    '/subject/:id',
    {
      config: { permission: 'subjects.edit' },
      schema: {
        tags: ['subjects'],
        summary: 'Удалить предмет; используемый в нагрузке или уроках переносится в архив',
        params: idParamsSchema,
        response: { 200: subjectRemovedSchema },
      },
    },
    async (request) => removeSubject(app.db, request.actor, request.params.id),
  );
};
