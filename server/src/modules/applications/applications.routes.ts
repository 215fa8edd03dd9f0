import {
  applicationApprovedSchema,
  applicationApproveSchema,
  applicationCreatedSchema,
  applicationCreateSchema,
  applicationListQuerySchema,
  applicationListResponseSchema,
  applicationRejectSchema,
  applicationResponseSchema,
} from '@parta/shared/domain/contracts/applications';
import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveApplication,
  getApplication,
  listApplications,
  rejectApplication,
  submitApplication,
  takeApplication,
} from './applications.service';

/** Applications from one IP address: a school sends one or two, a flood is refused with 429. */
export const APPLICATION_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

const ADMIN = { permission: 'organizations.create' } as const;
const TAGS = ['applications'];

/** Заявки: the public form of the landing page and the administrators' screen (SPEC §2 applications). */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/applications',
    {
      config: { permission: 'public', rateLimit: APPLICATION_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Заявка на подключение школы (без входа, с лимитом по IP)',
        security: [],
        body: applicationCreateSchema,
        response: { 201: applicationCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await submitApplication(app.db, request.body);
      return reply.status(201).send({
        data: created,
        message: `Заявка №${created.id} принята. Мы свяжемся с вами по указанным контактам.`,
      });
    },
  );

  app.get(
    '/applications',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Заявки: постраничный список с фильтром по статусу и поиском',
        querystring: applicationListQuerySchema,
        response: { 200: applicationListResponseSchema },
      },
    },
    async (request) => listApplications(app.db, request.query),
  );

  app.get(
    '/applications/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Карточка заявки',
        params: idParamsSchema,
        response: { 200: applicationResponseSchema },
      },
    },
    async (request) => ({ data: await getApplication(app.db, request.params.id) }),
  );

  app.post(
    '/applications/:id/take',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Взять новую заявку в работу',
        params: idParamsSchema,
        response: { 200: applicationResponseSchema },
      },
    },
    async (request) => ({ data: await takeApplication(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/applications/:id/approve',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Одобрить: организация и учётная запись директора в одной транзакции',
        params: idParamsSchema,
        body: applicationApproveSchema,
        response: { 200: applicationApprovedSchema },
      },
    },
    async (request) => approveApplication(app.db, request.actor, request.params.id, request.body),
  );

  app.post(
    '/applications/:id/reject',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Отклонить заявку с указанием причины',
        params: idParamsSchema,
        body: applicationRejectSchema,
        response: { 200: applicationResponseSchema },
      },
    },
    async (request) => ({
      data: await rejectApplication(app.db, request.actor, request.params.id, request.body.reason),
    }),
  );
};
