import {
  availabilityInputSchema,
  availabilityQuerySchema,
  availabilitySchema,
} from '@parta/shared/domain/contracts/timetable-generator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAvailability, setAvailability } from './availability.service';

/** Недоступность: the day × lesson cells a teacher or a class cannot have lessons in. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/timetable/availability',
    {
      config: { permission: 'timetables.view' },
      schema: {
        tags: ['timetable'],
        summary: 'Недоступные клетки учителя или класса (день × урок)',
        querystring: availabilityQuerySchema,
        response: { 200: z.object({ data: availabilitySchema }) },
      },
    },
    async (request) => ({ data: await getAvailability(app.db, request.actor, request.query) }),
  );

  app.put(
    '/timetable/availability',
    {
      config: { permission: 'timetables.edit' },
      schema: {
        tags: ['timetable'],
        summary: 'Заменить недоступные клетки учителя или класса',
        body: availabilityInputSchema,
        response: { 200: z.object({ data: availabilitySchema }) },
      },
    },
    async (request) => ({ data: await setAvailability(app.db, request.actor, request.body) }),
  );
};
