import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  studentExportQuerySchema,
  studentImportQuerySchema,
  studentImportResultSchema,
  studentInputSchema,
  studentListQuerySchema,
  studentListSchema,
  studentLoginInputSchema,
  studentLoginResultSchema,
  studentSchema,
  XLSX_MIME,
} from '@parta/shared/domain/contracts/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unprocessable } from '../../plugins/errors';
import {
  createStudent,
  createStudentLogin,
  exportStudents,
  getStudent,
  importStudents,
  listStudents,
  updateStudent,
} from './students.service';

const MAX_WORKBOOK_BYTES = 5 * 1024 * 1024;

/** Ученики (SPEC §7 `/api/students`): paged list, card, create/edit/move/leave, .xlsx import and export. */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The import takes the workbook itself as the body; this parser lives only in this module's scope.
  app.addContentTypeParser(
    [XLSX_MIME, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_WORKBOOK_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/students',
    {
      config: { permission: 'students.view' },
      schema: {
        tags: ['students'],
        summary: 'Ученики: страница списка с фильтром по классу и поиском',
        querystring: studentListQuerySchema,
        response: { 200: studentListSchema },
      },
    },
    async (request) => listStudents(app.db, request.actor, request.query),
  );

  app.post(
    '/students',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Добавить ученика',
        body: studentInputSchema,
        response: { 201: z.object({ data: studentSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createStudent(app.db, request.actor, request.body) }),
  );

  app.get(
    '/students/export',
    {
      config: { permission: 'students.view' },
      schema: {
        tags: ['students'],
        summary: 'Выгрузить учеников в Excel (.xlsx): ФИО, дата рождения, класс, статус',
        querystring: studentExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { buffer, fileName } = await exportStudents(app.db, request.actor, request.query);
      return reply
        .header('Content-Type', XLSX_MIME)
        .header(
          'Content-Disposition',
          `attachment; filename="students.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(buffer);
    },
  );

  app.post(
    '/students/import',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary:
          'Импорт списка из .xlsx (ФИО, дата рождения, класс): dry_run=true проверяет, false сохраняет',
        description: `Тело запроса — сам файл, Content-Type: ${XLSX_MIME}`,
        querystring: studentImportQuerySchema,
        response: { 200: z.object({ data: studentImportResultSchema }) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw unprocessable('Приложите файл .xlsx', { file: ['Приложите файл .xlsx'] });
      }
      return {
        data: await importStudents(app.db, request.actor, request.body, {
          dryRun: request.query.dry_run,
          organizationId: request.query.organization_id,
        }),
      };
    },
  );

  app.get(
    '/students/:id',
    {
      config: { permission: 'students.view' },
      schema: {
        tags: ['students'],
        summary: 'Карточка ученика: класс, родители, логин дневника',
        params: idParamsSchema,
        response: { 200: z.object({ data: studentSchema }) },
      },
    },
    async (request) => ({ data: await getStudent(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/students/:id',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Изменить ученика: данные, перевод в другой класс, выбытие',
        params: idParamsSchema,
        body: studentInputSchema,
        response: { 200: z.object({ data: studentSchema }) },
      },
    },
    async (request) => ({
      data: await updateStudent(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.post(
    '/students/:id/login',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Создать ученику вход в дневник (пароль показывается один раз)',
        params: idParamsSchema,
        body: studentLoginInputSchema,
        response: { 201: z.object({ data: studentLoginResultSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await createStudentLogin(app.db, request.actor, request.params.id, request.body),
      }),
  );
};
