import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  deliveryFailureListSchema,
  notificationEmailUpdateSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSchema,
  notificationTokenQuerySchema,
  pushKeySchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  unreadCountSchema,
} from '@parta/shared/domain/contracts/notifications';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countConfirmationLetter } from './confirmation-limit';
import { listDeliveryFailures } from './delivery-failures';
import { UNSUBSCRIBE_PATH } from './email-channel';
import { mailerOf } from './mailer';
import {
  listNotifications,
  readAllNotifications,
  readNotification,
  unreadCount,
} from './notifications.service';
import {
  confirmEmailByToken,
  getPreferences,
  type LinkPage,
  linkPageHtml,
  removeEmail,
  setEmail,
  unsubscribeByToken,
  updatePreferences,
} from './preferences.service';
import { subscribePush, unsubscribePush } from './push.service';
import { ensureVapidKeys } from './push-channel';

/** Уведомления (issue 38): the bell's list of the caller's own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // E-mail only with SMTP settings (app.smtp from the environment); without them the bell alone.
  // The jobs, the events they follow and the ticks: notifications.jobs.ts.
  const mailer = app.smtp ? mailerOf(app.smtp) : null;
  // The VAPID keys are made on the first start and kept: every instance signs with the same pair.
  const vapid = await ensureVapidKeys(app.db);

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

  app.get(
    '/notifications/preferences',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Мои настройки уведомлений: категории на почту, оценки сразу или вечером, адрес почты',
        response: { 200: z.object({ data: notificationPreferencesSchema }) },
      },
    },
    async (request) => ({ data: await getPreferences(app.db, request.actor, mailer) }),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Изменить мои настройки уведомлений (в приложении приходят все)',
        body: notificationPreferencesUpdateSchema,
        response: { 200: z.object({ data: notificationPreferencesSchema }) },
      },
    },
    async (request) => ({ data: await updatePreferences(app.db, request.actor, mailer, request.body) }),
  );

  app.put(
    '/notifications/email',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Указать адрес почты для уведомлений: придёт письмо со ссылкой подтверждения',
        body: notificationEmailUpdateSchema,
        response: { 200: z.object({ data: notificationPreferencesSchema }) },
      },
    },
    async (request) => {
      if (mailer) await countConfirmationLetter(app.db, request.actor.userId, request.body.address);
      return { data: await setEmail(app.db, request.actor, mailer, request.body.address) };
    },
  );

  app.delete(
    '/notifications/email',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Удалить мой адрес почты для уведомлений',
        response: { 200: z.object({ data: notificationPreferencesSchema }) },
      },
    },
    async (request) => ({ data: await removeEmail(app.db, request.actor, mailer) }),
  );

  app.get(
    '/notifications/delivery-failures',
    {
      config: { permission: 'organization.settings' },
      schema: {
        tags: ['notifications'],
        summary:
          'Недоставленные письма и push школы (после всех повторных попыток или с отказом), новые сверху',
        querystring: notificationListQuerySchema,
        response: { 200: z.object({ data: deliveryFailureListSchema }) },
      },
    },
    async (request) => ({ data: await listDeliveryFailures(app.db, request.actor, request.query.limit) }),
  );

  app.get(
    '/notifications/push/key',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Открытый ключ VAPID сервера для подписки устройства на push',
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ data: { public_key: vapid.publicKey } }),
  );

  app.post(
    '/notifications/push/subscriptions',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary:
          'Получать push на этом устройстве (подписка браузера: адрес службы push и ключи; адрес чужой подписки — 409)',
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await subscribePush(app.db, request.actor, app.push, request.body) }),
  );

  app.delete(
    '/notifications/push/subscriptions',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Больше не получать push на этом устройстве (при выходе тоже)',
        body: pushSubscriptionDeleteSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unsubscribePush(app.db, request.actor, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  /** A link of a letter answers a page for the browser, not JSON. */
  const page = (reply: FastifyReply, result: LinkPage) =>
    reply.status(result.status).type('text/html; charset=utf-8').send(linkPageHtml(result));

  app.get(
    '/notifications/email/confirm',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['notifications'],
        summary: 'Подтверждение адреса по ссылке из письма (страница HTML, без входа)',
        querystring: notificationTokenQuerySchema,
      },
    },
    async (request, reply) => page(reply, await confirmEmailByToken(app.db, request.query.token)),
  );

  // The letter's link (GET) and its List-Unsubscribe-Post one-click request (POST, RFC 8058).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
      config: { permission: 'public' },
      schema: {
        tags: ['notifications'],
        summary:
          'Отписка от категории уведомлений на почту в одно нажатие (без входа, по подписанной ссылке)',
        querystring: notificationTokenQuerySchema,
      },
      handler: async (request, reply) => page(reply, await unsubscribeByToken(app.db, request.query.token)),
    });
  }
};
