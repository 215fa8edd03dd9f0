import {
  academicPerformanceQuerySchema,
  academicPerformanceReportSchema,
  classificationQuerySchema,
  classificationReportSchema,
  journalCompletionQuerySchema,
  journalCompletionReportSchema,
} from '@parta/shared/domain/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook } from '../../files/report-workbook';
import { classificationWorkbook, completionWorkbook, performanceWorkbook } from './report-workbooks';
import { classificationReport, completionReport, performanceReport } from './reports.service';

const xlsxNote = 'С format=xlsx — тот же отчёт файлом Excel.';

/** Отчёты: классификация, академическая успеваемость, заполняемость журнала (JSON or .xlsx). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/classification',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags: ['reports'],
        summary: 'Классификация учащихся за период: по классам, параллелям и школе',
        description: xlsxNote,
        querystring: classificationQuerySchema,
        response: { 200: z.object({ data: classificationReportSchema }) },
      },
    },
    async (request, reply) => {
      const report = await classificationReport(app.readDb(request), request.actor, request.query);
      if (request.query.format === 'xlsx')
        return sendWorkbook(
          reply,
          await classificationWorkbook(report),
          `Классификация ${report.period.name}.xlsx`,
        );
      return { data: report };
    },
  );

  app.get(
    '/reports/academic-performance',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags: ['reports'],
        summary: 'Академическая успеваемость за период: классы × предметы и учителя',
        description: xlsxNote,
        querystring: academicPerformanceQuerySchema,
        response: { 200: z.object({ data: academicPerformanceReportSchema }) },
      },
    },
    async (request, reply) => {
      const report = await performanceReport(app.readDb(request), request.actor, request.query);
      if (request.query.format === 'xlsx')
        return sendWorkbook(
          reply,
          await performanceWorkbook(report),
          `Успеваемость ${report.period.name}.xlsx`,
        );
      return { data: report };
    },
  );

  app.get(
    '/reports/journal-completion',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags: ['reports'],
        summary: 'Заполняемость журнала за даты: темы, д/з, оценки, КТП, минимум оценок; список пропусков',
        description: xlsxNote,
        querystring: journalCompletionQuerySchema,
        response: { 200: z.object({ data: journalCompletionReportSchema }) },
      },
    },
    async (request, reply) => {
      const report = await completionReport(app.readDb(request), request.actor, request.query);
      if (request.query.format === 'xlsx')
        return sendWorkbook(
          reply,
          await completionWorkbook(report),
          `Заполняемость ${report.from}–${report.to}.xlsx`,
        );
      return { data: report };
    },
  );
};
