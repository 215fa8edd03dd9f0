import { idParamsSchema, idSchema } from '@parta/shared/domain/contracts/common';
import { resetPasswordResponseSchema } from '@parta/shared/domain/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetParentPassword, resetStudentPassword } from './account-passwords.service';

const RESET_MESSAGE =
  'Пароль сброшен. Сообщите новый пароль лично: повторно он показан не будет, при входе его нужно сменить.';

/**
 * New one-time passwords from the student card: the class teacher of the pupil's class or a завуч
 * (classes.edit) resets the pupil's or a parent's diary password; the answer shows it once.
 */
export const accountPasswordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/students/:id/reset-password',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Новый одноразовый пароль ученика (классный руководитель класса или завуч)',
        params: idParamsSchema,
        response: { 200: resetPasswordResponseSchema },
      },
    },
    async (request) => ({
      data: await resetStudentPassword(app.db, request.actor, request.params.id),
      message: RESET_MESSAGE,
    }),
  );

  app.post(
    '/students/:id/parents/:userId/reset-password',
    {
      config: { permission: 'students.edit' },
      schema: {
        tags: ['students'],
        summary: 'Новый одноразовый пароль родителя ученика (классный руководитель класса или завуч)',
        params: z.object({ id: idSchema, userId: idSchema }),
        response: { 200: resetPasswordResponseSchema },
      },
    },
    async (request) => ({
      data: await resetParentPassword(app.db, request.actor, request.params.id, request.params.userId),
      message: RESET_MESSAGE,
    }),
  );
};
