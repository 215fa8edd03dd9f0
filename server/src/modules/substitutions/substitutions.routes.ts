import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  absenceDetailSchema,
  absenceInputSchema,
  absenceQuerySchema,
  absenceSchema,
  coverDecisionSchema,
  coverLessonSchema,
  coverParamsSchema,
  distributeResultSchema,
  substitutionReportQuerySchema,
  substitutionReportSchema,
} from '@parta/shared/domain/contracts/substitutions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook } from '../../files/report-workbook';
import { createAbsence, getAbsence, listAbsences } from './absences.service';
import { substitutionReport, substitutionWorkbook } from './report.service';
import { decideLesson, distributeAbsence, removeAbsence } from './substitutions.service';

/** Замены: a teacher's absence, the lessons it leaves, the decisions per lesson, the month's report. */
export const substitutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/substitutions/absences',
    {
      config: { permission: 'timetables.view' },
      schema: {
        tags: ['substitutions'],
        summary: 'Отсутствия учителей, пересекающие даты',
        querystring: absenceQuerySchema,
        response: { 200: z.object({ data: z.array(absenceSchema) }) },
      },
    },
    async (request) => ({ data: await listAbsences(app.db, request.actor, request.query) }),
  );

  app.post(
    '/substitutions/absences',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['substitutions'],
        summary: 'Отметить отсутствие учителя: его уроки за даты становятся открытыми для замены',
        body: absenceInputSchema,
        response: { 201: z.object({ data: absenceDetailSchema }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createAbsence(app.db, request.actor, request.body) }),
  );

  app.get(
    '/substitutions/absences/:id',
    {
      config: { permission: 'timetables.view' },
      schema: {
        tags: ['substitutions'],
        summary: 'Уроки отсутствия по дням: решение и кандидаты на замену с причинами',
        params: idParamsSchema,
        response: { 200: z.object({ data: absenceDetailSchema }) },
      },
    },
    async (request) => ({ data: await getAbsence(app.db, request.actor, request.params.id) }),
  );

  app.delete(
    '/substitutions/absences/:id',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['substitutions'],
        summary: 'Удалить отсутствие: решения по ещё не начавшимся урокам отменяются',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await removeAbsence(app.db, app.queue, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/substitutions/absences/:id/lessons/:lessonId',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['substitutions'],
        summary: 'Решение по уроку: замена учителем, отмена урока или вернуть как было (до начала урока)',
        params: coverParamsSchema,
        body: coverDecisionSchema,
        response: { 200: z.object({ data: coverLessonSchema }) },
      },
    },
    async (request) => ({
      data: await decideLesson(
        app.db,
        app.queue,
        request.actor,
        request.params.id,
        request.params.lessonId,
        request.body,
      ),
    }),
  );

  app.post(
    '/substitutions/absences/:id/distribute',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['substitutions'],
        summary: 'Распределить всё: лучший кандидат на каждый открытый урок, поровну между учителями',
        params: idParamsSchema,
        response: { 200: z.object({ data: distributeResultSchema }) },
      },
    },
    async (request) => ({
      data: await distributeAbsence(app.db, app.queue, request.actor, request.params.id),
    }),
  );

  app.get(
    '/substitutions/report',
    {
      // Pay data (табель): the завуч and the director, not every teacher who reads the timetable.
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['substitutions'],
        summary: 'Замещения за период: кто кого заменял, часы, по специальности; пропущенные уроки',
        description: 'С format=xlsx — тот же отчёт файлом Excel.',
        querystring: substitutionReportQuerySchema,
        response: { 200: z.object({ data: substitutionReportSchema }) },
      },
    },
    async (request, reply) => {
      const report = await substitutionReport(app.readDb(request), request.actor, request.query);
      if (request.query.format === 'xlsx')
        return sendWorkbook(
          reply,
          await substitutionWorkbook(report),
          `Замещения ${report.from} — ${report.to}.xlsx`,
        );
      return { data: report };
    },
  );
};
