import {
  diaryQuerySchema,
  diaryWeekSchema,
  latestMarksQuerySchema,
  latestMarksSchema,
} from '@parta/shared/domain/contracts/diary';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getDiaryWeek, getLatestMarks } from './diary.service';

/** Дневник: a student's week (their own, or a parent's child's) and the dashboard's latest marks. */
export const diaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/diary',
    {
      config: { permission: 'diary.view' },
      schema: {
        tags: ['diary'],
        summary: 'Неделя дневника: уроки со временем, темы, д/з, оценки, посещаемость, средние и итоговые',
        querystring: diaryQuerySchema,
        response: { 200: z.object({ data: diaryWeekSchema }) },
      },
    },
    async (request) => ({ data: await getDiaryWeek(app.readDb(request), request.actor, request.query) }),
  );

  app.get(
    '/diary/latest-marks',
    {
      config: { permission: 'diary.view' },
      schema: {
        tags: ['diary'],
        summary: 'Последние оценки ученика (для рабочего стола)',
        querystring: latestMarksQuerySchema,
        response: { 200: z.object({ data: latestMarksSchema }) },
      },
    },
    async (request) => ({
      data: await getLatestMarks(app.readDb(request), request.actor, request.query.student_id),
    }),
  );
};
