import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  unreadCountSchema,
} from '@parta/shared/domain/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  absenceJob,
  CLEANUP_INTERVAL_MS,
  cleanUpNotifications,
  DIGEST_TICK_MS,
  digestTick,
  finalMarkJob,
  lessonChangeJob,
  listNotifications,
  marksDigestJob,
  readAllNotifications,
  readNotification,
  unreadCount,
} from './notifications.service';

/** Уведомления (issue 38): the bell's list of the caller's own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = (message: string) => app.log.warn(message);
  app.queue.register(absenceJob(app.db, log));
  app.queue.register(lessonChangeJob(app.db, log));
  app.queue.register(finalMarkJob(app.db, log));
  app.queue.register(marksDigestJob(app.db, log));
  app.queue.every(DIGEST_TICK_MS, () => digestTick(app.db, app.queue));
  app.queue.every(CLEANUP_INTERVAL_MS, () => cleanUpNotifications(app.db));

  app.get(
    '/notifications',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Мои уведомления, новые сверху, и число непрочитанных',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(app.db, request.actor, request.query.limit),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Число моих непрочитанных уведомлений',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ data: await unreadCount(app.db, request.actor) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Отметить уведомление прочитанным',
        params: idParamsSchema,
        response: { 200: z.object({ data: notificationSchema }) },
      },
    },
    async (request) => ({ data: await readNotification(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Отметить все уведомления прочитанными',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ data: await readAllNotifications(app.db, request.actor) }),
  );
};
