import { idParamsSchema, validationErrorSchema } from '@parta/shared/domain/contracts/common';
import {
  attendanceQuerySchema,
  attendanceReportSchema,
  cellBatchInputSchema,
  cellBatchSavedSchema,
  cellConflictSchema,
  cellHistorySchema,
  cellInputSchema,
  cellParamsSchema,
  cellSavedSchema,
  finalGridSchema,
  finalInputSchema,
  finalQuerySchema,
  finalSavedSchema,
  journalGridSchema,
  journalIndexSchema,
  journalParamsSchema,
  journalQuerySchema,
  lessonTopicInputSchema,
  lessonTopicSavedSchema,
  weekMarksSchema,
  weekQuerySchema,
} from '@parta/shared/domain/contracts/journal';
import { organizationQuerySchema } from '@parta/shared/domain/contracts/timetable';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attendanceReport } from './attendance.service';
import { finalGrid, saveFinalMarks } from './final-marks.service';
import {
  CellConflictError,
  cellHistory,
  changeLessonTopic,
  journalIndex,
  openJournal,
  saveCell,
  saveCellBatch,
} from './journal.service';
import { weekMarks } from './week-marks.service';

/** A stale save answers 409 with the cells as saved now (the screen shows them beside what was typed). */
async function answeringConflict<T>(reply: FastifyReply, save: () => Promise<T>) {
  try {
    return { data: await save() };
  } catch (error) {
    if (error instanceof CellConflictError) {
      return reply.status(409).send({ message: error.message, data: error.cells });
    }
    throw error;
  }
}

const lockedResponse = { 423: validationErrorSchema };

/** Классный журнал (issue 11): the grid, cell saves with versions, audit trail, topics, final marks, attendance. */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/journal',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['journal'],
        summary: 'Журналы, которые можно открыть (свои первыми), и периоды',
        querystring: organizationQuerySchema,
        response: { 200: journalIndexSchema },
      },
    },
    async (request) => ({ data: await journalIndex(app.db, request.actor, request.query.organization_id) }),
  );

  app.get(
    '/journal/:group_id/:load_id',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['journal'],
        summary: 'Журнал одной нагрузки за период: ученики, уроки, клетки с версиями',
        params: journalParamsSchema,
        querystring: journalQuerySchema,
        response: { 200: z.object({ data: journalGridSchema }) },
      },
    },
    async (request) => ({
      data: await openJournal(
        app.db,
        request.actor,
        request.params.group_id,
        request.params.load_id,
        request.query.period_id,
      ),
    }),
  );

  app.put(
    '/journal/lessons/:lesson_id/students/:student_id',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags: ['journal'],
        summary: 'Сохранить клетку (оценки и посещаемость) от версии, на которой она основана',
        params: cellParamsSchema,
        body: cellInputSchema,
        response: { 200: cellSavedSchema, 409: cellConflictSchema, ...lockedResponse },
      },
    },
    async (request, reply) =>
      answeringConflict(reply, () =>
        saveCell(
          app.db,
          app.queue,
          request.actor,
          request.params.lesson_id,
          request.params.student_id,
          request.body,
        ),
      ),
  );

  app.put(
    '/journal/cells',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags: ['journal'],
        summary: 'Сохранить несколько клеток разом (вставка, заполнение вниз): все или ни одной',
        body: cellBatchInputSchema,
        response: { 200: cellBatchSavedSchema, 409: cellConflictSchema, ...lockedResponse },
      },
    },
    async (request, reply) =>
      answeringConflict(reply, () => saveCellBatch(app.db, app.queue, request.actor, request.body)),
  );

  app.get(
    '/journal/lessons/:lesson_id/students/:student_id/history',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['journal'],
        summary: 'История изменений клетки: кто, когда, было → стало',
        params: cellParamsSchema,
        response: { 200: cellHistorySchema },
      },
    },
    async (request) => ({
      data: await cellHistory(app.db, request.actor, request.params.lesson_id, request.params.student_id),
    }),
  );

  app.put(
    '/journal/lessons/:id',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags: ['journal'],
        summary: 'Тема урока и домашнее задание',
        params: idParamsSchema,
        body: lessonTopicInputSchema,
        response: { 200: lessonTopicSavedSchema, ...lockedResponse },
      },
    },
    async (request) => ({
      data: await changeLessonTopic(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.get(
    '/journal/final',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['journal'],
        summary: 'Итоговые оценки класса: ученики × предметы × периоды и год, с предложенными',
        querystring: finalQuerySchema,
        response: { 200: finalGridSchema },
      },
    },
    async (request) => ({ data: await finalGrid(app.db, request.actor, request.query.group_id) }),
  );

  app.put(
    '/journal/final',
    {
      config: { permission: 'journals.final.edit' },
      schema: {
        tags: ['journal'],
        summary: 'Выставить или подтвердить итоговые оценки (все или ни одной)',
        body: finalInputSchema,
        response: { 200: finalSavedSchema, ...lockedResponse },
      },
    },
    async (request) => ({ data: await saveFinalMarks(app.db, app.queue, request.actor, request.body) }),
  );

  app.get(
    '/journal/attendance',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags: ['journal'],
        summary: 'Посещаемость класса за даты: н/б по дням и урокам, итоги по ученикам',
        querystring: attendanceQuerySchema,
        response: { 200: attendanceReportSchema },
      },
    },
    async (request) => ({ data: await attendanceReport(app.readDb(request), request.actor, request.query) }),
  );

  app.get(
    '/journal/week',
    {
      config: { permission: 'home.view' },
      schema: {
        tags: ['journal'],
        summary: 'Оценки за неделю: выставленные учителем или полученные учеником',
        querystring: weekQuerySchema,
        response: { 200: weekMarksSchema },
      },
    },
    async (request) => ({ data: await weekMarks(app.readDb(request), request.actor, request.query.date) }),
  );
};
