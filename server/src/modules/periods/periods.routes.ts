import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  closedPeriodSchema,
  holidayInputSchema,
  holidaySchema,
  organizationQuerySchema,
  periodInputSchema,
  periodSchema,
} from '@parta/shared/domain/contracts/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeHoliday,
  changePeriod,
  closePeriod,
  createHoliday,
  createPeriod,
  listHolidays,
  listPeriods,
  removeHoliday,
  removePeriod,
  setPeriodClosed,
} from './periods.service';

const periodResponse = z.object({ data: periodSchema });
const holidayResponse = z.object({ data: holidaySchema });
const messageResponse = z.object({ message: z.string() });

/** Периоды (четверти, триместры, полугодия, год) per grade range, and каникулы. */
export const periodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/periods',
    {
      config: { permission: 'periods.view' },
      schema: {
        tags: ['periods'],
        summary: 'Учебные периоды',
        querystring: organizationQuerySchema,
        response: { 200: z.object({ data: z.array(periodSchema) }) },
      },
    },
    async (request) => ({ data: await listPeriods(app.db, request.actor, request.query.organization_id) }),
  );

  app.post(
    '/periods',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Добавить период (даты не пересекаются с периодами тех же классов)',
        body: periodInputSchema,
        response: { 201: periodResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createPeriod(app.db, request.actor, request.body) }),
  );

  app.put(
    '/periods/:id',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Изменить период',
        params: idParamsSchema,
        body: periodInputSchema,
        response: { 200: periodResponse },
      },
    },
    async (request) => ({ data: await changePeriod(app.db, request.actor, request.params.id, request.body) }),
  );

  app.post(
    '/periods/:id/close',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Закрыть период (журнал только для чтения); в ответе — итоговые оценки, которых нет',
        params: idParamsSchema,
        response: { 200: z.object({ data: closedPeriodSchema }) },
      },
    },
    async (request) => ({ data: await closePeriod(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/periods/:id/reopen',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Открыть закрытый период',
        params: idParamsSchema,
        response: { 200: periodResponse },
      },
    },
    async (request) => ({ data: await setPeriodClosed(app.db, request.actor, request.params.id, false) }),
  );

  app.delete(
    '/periods/:id',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Удалить период',
        params: idParamsSchema,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await removePeriod(app.db, request.actor, request.params.id);
      return { message: 'Период удалён' };
    },
  );

  app.get(
    '/holidays',
    {
      config: { permission: 'periods.view' },
      schema: {
        tags: ['periods'],
        summary: 'Каникулы и выходные дни',
        querystring: organizationQuerySchema,
        response: { 200: z.object({ data: z.array(holidaySchema) }) },
      },
    },
    async (request) => ({ data: await listHolidays(app.db, request.actor, request.query.organization_id) }),
  );

  app.post(
    '/holidays',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Добавить каникулы или выходной день',
        body: holidayInputSchema,
        response: { 201: holidayResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createHoliday(app.db, request.actor, request.body) }),
  );

  app.put(
    '/holidays/:id',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Изменить каникулы',
        params: idParamsSchema,
        body: holidayInputSchema,
        response: { 200: holidayResponse },
      },
    },
    async (request) => ({
      data: await changeHoliday(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.delete(
    '/holidays/:id',
    {
      config: { permission: 'periods.edit' },
      schema: {
        tags: ['periods'],
        summary: 'Удалить каникулы',
        params: idParamsSchema,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await removeHoliday(app.db, request.actor, request.params.id);
      return { message: 'Каникулы удалены' };
    },
  );
};
