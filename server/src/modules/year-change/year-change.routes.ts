import {
  yearChangeInputSchema,
  yearChangePlanAnswerSchema,
  yearChangeQuerySchema,
} from '@parta/shared/domain/contracts/year-change';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewYearChange, runYearChange } from './year-change.service';

/** «Новый учебный год» (issue 40): the preview and the run, for the director and the завуч. */
export const yearChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/academic-years/next',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Новый учебный год: что будет сделано (классы, выпускники, периоды, нагрузка, КТП)',
        description: 'Директор и завуч (право periods.edit). 409, если переход уже выполнен.',
        querystring: yearChangeQuerySchema,
        response: { 200: yearChangePlanAnswerSchema },
      },
    },
    async (request) => ({ data: await previewYearChange(app.db, request.actor, request.query) }),
  );

  app.post(
    '/academic-years/next',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary:
          'Новый учебный год: закрыть год, перевести классы, выпустить последний класс, создать периоды',
        description:
          'Один раз на учебный год (второй раз — 409). Журналы закрытого года остаются только для чтения.',
        body: yearChangeInputSchema,
        response: { 201: yearChangePlanAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await runYearChange(app.db, request.actor, request.body) }),
  );
};
