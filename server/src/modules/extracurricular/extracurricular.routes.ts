import { idParamsSchema, validationErrorSchema } from '@parta/shared/domain/contracts/common';
import {
  attendanceCellSchema,
  attendanceInputSchema,
  cellParamsSchema,
  classPlanSchema,
  courseInputSchema,
  courseJournalSchema,
  courseSchema,
  courseSessionSchema,
  directionsInputSchema,
  directionsSchema,
  hoursReportSchema,
  planInputSchema,
  planQuerySchema,
  rangeQuerySchema,
  reportQuerySchema,
  scheduleInputSchema,
  sessionInputSchema,
} from '@parta/shared/domain/contracts/extracurricular';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook } from '../../files/report-workbook';
import {
  AttendanceConflictError,
  changeSessionTopic,
  courseJournal,
  hoursReport,
  hoursWorkbook,
  saveAttendance,
} from './course-journal.service';
import {
  changeCourse,
  createCourse,
  getDirections,
  getPlan,
  listCourses,
  readableCourse,
  removeCourse,
  setDirections,
  setPlan,
  setSchedule,
} from './extracurricular.service';

const tags = ['extracurricular'];

/**
 * Внеурочная деятельность (issue 51). Courses and their schedule are the завуч's (loads.edit); the
 * course's journal is read with journals.view by its teacher, the class teachers of its pupils and the
 * завуч, and marked with journals.edit by its teacher or the завуч; the report is reports.view.
 */
export const extracurricularRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/extracurricular/directions',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags,
        summary: 'Направления внеурочной деятельности школы',
        response: { 200: z.object({ data: directionsSchema }) },
      },
    },
    async (request) => ({ data: await getDirections(app.db, request.actor) }),
  );

  app.put(
    '/extracurricular/directions',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags,
        summary: 'Изменить список направлений',
        body: directionsInputSchema,
        response: { 200: z.object({ data: directionsSchema }) },
      },
    },
    async (request) => ({ data: await setDirections(app.db, request.actor, request.body) }),
  );

  app.get(
    '/extracurricular/courses',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags,
        summary: 'Курсы внеурочной деятельности',
        response: { 200: z.object({ data: z.array(courseSchema) }) },
      },
    },
    async (request) => ({ data: await listCourses(app.db, request.actor) }),
  );

  app.post(
    '/extracurricular/courses',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags,
        summary: 'Создать курс',
        body: courseInputSchema,
        response: { 201: z.object({ data: courseSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createCourse(app.db, request.actor, request.body) }),
  );

  app.get(
    '/extracurricular/courses/:id',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags,
        summary: 'Курс',
        params: idParamsSchema,
        response: { 200: z.object({ data: courseSchema }) },
      },
    },
    async (request) => ({ data: await readableCourse(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/extracurricular/courses/:id',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags,
        summary: 'Изменить курс и его учеников',
        params: idParamsSchema,
        body: courseInputSchema,
        response: { 200: z.object({ data: courseSchema }) },
      },
    },
    async (request) => ({ data: await changeCourse(app.db, request.actor, request.params.id, request.body) }),
  );

  app.delete(
    '/extracurricular/courses/:id',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags,
        summary: 'Удалить курс с его журналом',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removeCourse(app.db, request.actor, request.params.id);
      return { message: 'Курс удалён' };
    },
  );

  app.put(
    '/extracurricular/courses/:id/schedule',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags,
        summary: 'Расписание курса: занятия недели; даты занятий раскладываются по четвертям без каникул',
        params: idParamsSchema,
        body: scheduleInputSchema,
        response: { 200: z.object({ data: courseSchema }) },
      },
    },
    async (request) => ({ data: await setSchedule(app.db, request.actor, request.params.id, request.body) }),
  );

  app.get(
    '/extracurricular/courses/:id/journal',
    {
      config: { permission: 'journals.view' },
      schema: {
        tags,
        summary: 'Журнал курса: занятия × ученики',
        params: idParamsSchema,
        querystring: rangeQuerySchema,
        response: { 200: z.object({ data: courseJournalSchema }) },
      },
    },
    async (request) => ({
      data: await courseJournal(app.db, request.actor, request.params.id, request.query),
    }),
  );

  app.put(
    '/extracurricular/sessions/:id/students/:studentId',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags,
        summary: 'Посещаемость ученика на занятии (409, если отметку уже изменили)',
        params: cellParamsSchema,
        body: attendanceInputSchema,
        response: {
          200: z.object({ data: attendanceCellSchema }),
          409: z.object({ message: z.string(), data: attendanceCellSchema.nullable() }),
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return {
          data: await saveAttendance(
            app.db,
            app.queue,
            request.actor,
            request.params.id,
            request.params.studentId,
            request.body,
          ),
        };
      } catch (error) {
        if (error instanceof AttendanceConflictError)
          return reply.status(409).send({ message: error.message, data: error.cell });
        throw error;
      }
    },
  );

  app.put(
    '/extracurricular/sessions/:id',
    {
      config: { permission: 'journals.edit' },
      schema: {
        tags,
        summary: 'Тема занятия',
        params: idParamsSchema,
        body: sessionInputSchema,
        response: { 200: z.object({ data: courseSessionSchema }) },
      },
    },
    async (request) => ({
      data: await changeSessionTopic(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.get(
    '/extracurricular/report',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: 'Часы внеурочной деятельности по ученикам и направлениям за период',
        description: 'С format=xlsx — тот же отчёт файлом Excel.',
        querystring: reportQuerySchema,
        response: { 200: z.object({ data: hoursReportSchema }) },
      },
    },
    async (request, reply) => {
      const report = await hoursReport(app.readDb(request), request.actor, request.query);
      if (request.query.format === 'xlsx')
        return sendWorkbook(
          reply,
          await hoursWorkbook(report),
          `Внеурочная деятельность ${report.from}–${report.to}.xlsx`,
        );
      return { data: report };
    },
  );

  app.get(
    '/extracurricular/plans',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: 'План внеурочной деятельности класса: часы за год по направлениям',
        querystring: planQuerySchema,
        response: { 200: z.object({ data: classPlanSchema }) },
      },
    },
    async (request) => ({ data: await getPlan(app.db, request.actor, request.query.group_id) }),
  );

  app.put(
    '/extracurricular/plans',
    {
      config: { permission: 'loads.edit' },
      schema: {
        tags,
        summary: 'Изменить план внеурочной деятельности класса',
        querystring: planQuerySchema,
        body: planInputSchema,
        response: { 200: z.object({ data: classPlanSchema }) },
      },
    },
    async (request) => ({ data: await setPlan(app.db, request.actor, request.query.group_id, request.body) }),
  );
};
