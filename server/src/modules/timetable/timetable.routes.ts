import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  applyInputSchema,
  applyResultSchema,
  lessonChangeSchema,
  lessonQuerySchema,
  lessonSchema,
  organizationQuerySchema,
  slotInputSchema,
  slotParamsSchema,
  slotSchema,
  templateDetailSchema,
  templateInputSchema,
  templateSchema,
  todayLessonsSchema,
  todayQuerySchema,
} from '@parta/shared/domain/contracts/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeLesson, listLessons, todayLessons } from './lessons.service';
import {
  addSlot,
  applyTemplate,
  changeTemplate,
  createTemplate,
  getTemplateDetail,
  listTemplates,
  removeSlot,
  removeTemplate,
} from './templates.service';

const messageResponse = z.object({ message: z.string() });

/** Расписание: templates (a weekly grid per class), applying them to a period, dated lessons. */
export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/timetable',
    {
      config: { permission: 'timetables.view' },
      schema: {
        tags: ['timetable'],
        summary: 'Шаблоны расписания (тело ответа — список, SPEC §7)',
        querystring: organizationQuerySchema,
        response: { 200: z.array(templateSchema) },
      },
    },
    async (request) => listTemplates(app.db, request.actor, request.query.organization_id),
  );

  app.post(
    '/timetable',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Создать шаблон расписания',
        body: templateInputSchema,
        response: { 201: z.object({ data: templateSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createTemplate(app.db, request.actor, request.body) }),
  );

  app.get(
    '/timetable/templates/:id',
    {
      config: { permission: 'timetables.view' },
      schema: {
        tags: ['timetable'],
        summary: 'Шаблон расписания с уроками недельной сетки',
        params: idParamsSchema,
        response: { 200: z.object({ data: templateDetailSchema }) },
      },
    },
    async (request) => ({ data: await getTemplateDetail(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/timetable/templates/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Изменить шаблон расписания',
        params: idParamsSchema,
        body: templateInputSchema,
        response: { 200: z.object({ data: templateSchema }) },
      },
    },
    async (request) => ({
      data: await changeTemplate(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.delete(
    '/timetable/templates/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Удалить шаблон (созданные по нему уроки остаются)',
        params: idParamsSchema,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await removeTemplate(app.db, request.actor, request.params.id);
      return { message: 'Шаблон удалён' };
    },
  );

  app.post(
    '/timetable/templates/:id/slots',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Поставить строку нагрузки в сетку (409 с причиной при конфликте)',
        params: idParamsSchema,
        body: slotInputSchema,
        response: { 201: z.object({ data: slotSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await addSlot(app.db, request.actor, request.params.id, request.body) }),
  );

  app.delete(
    '/timetable/templates/:id/slots/:slotId',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Убрать урок из сетки',
        params: slotParamsSchema,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await removeSlot(app.db, request.actor, request.params.id, request.params.slotId);
      return { message: 'Урок убран из шаблона' };
    },
  );

  app.post(
    '/timetable/templates/:id/apply',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary:
          'Применить шаблон к периоду: уроки по датам без каникул (прошлое и заполненные уроки не меняются)',
        params: idParamsSchema,
        body: applyInputSchema,
        response: { 200: z.object({ data: applyResultSchema }) },
      },
    },
    async (request) => ({
      data: await applyTemplate(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.get(
    '/lessons',
    {
      config: { permission: 'timetables.view' },
      schema: {
        tags: ['timetable'],
        summary: 'Уроки по датам класса или учителя',
        querystring: lessonQuerySchema,
        response: { 200: z.object({ data: z.array(lessonSchema) }) },
      },
    },
    async (request) => ({ data: await listLessons(app.db, request.actor, request.query) }),
  );

  app.get(
    '/lessons/today',
    {
      config: { permission: 'home.view' },
      schema: {
        tags: ['timetable'],
        summary: 'Уроки сегодня: свои у учителя, своего класса у ученика, ребёнка у родителя',
        description:
          'Родителю — уроки ребёнка (student_id, по умолчанию первого) и список его детей (children); чужой ученик — 404.',
        querystring: todayQuerySchema,
        response: { 200: z.object({ data: todayLessonsSchema }) },
      },
    },
    async (request) => ({
      data: await todayLessons(app.db, request.actor, request.query.date, request.query.student_id),
    }),
  );

  app.patch(
    '/lessons/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Разовое изменение урока: замена, перенос, отмена, возврат к расписанию',
        params: idParamsSchema,
        body: lessonChangeSchema,
        response: { 200: z.object({ data: lessonSchema }) },
      },
    },
    async (request) => ({
      data: await changeLesson(app.db, app.queue, request.actor, request.params.id, request.body),
    }),
  );
};
