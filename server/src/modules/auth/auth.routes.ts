import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  messageSchema,
} from '@parta/shared/domain/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword, currentUser, login, logout } from './auth.service';
import { LoginThrottle } from './login-throttle';

export interface AuthRoutesOptions {
  /** Failed sign-ins per IP + login before 429 (default 10 per 5 minutes). */
  loginMaxFailures?: number;
  loginWindowMs?: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const throttle = new LoginThrottle(app.db, options.loginMaxFailures, options.loginWindowMs);

  app.post(
    '/auth/login',
    {
      config: {
        permission: 'public',
        // A coarse per-IP flood guard on top of the per-login failure throttle.
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Вход по логину и паролю',
        security: [],
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => ({ data: await login(app.db, throttle, request.body, request.ip) }),
  );

  app.post(
    '/auth/me',
    {
      config: { permission: 'signed-in' },
      schema: { tags: ['auth'], summary: 'Текущий пользователь', response: { 200: meResponseSchema } },
    },
    async (request) => ({ data: await currentUser(app.db, request.actor.userId) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { permission: 'signed-in' },
      schema: { tags: ['auth'], summary: 'Выход: отзывает токен', response: { 200: messageSchema } },
    },
    async (request) => {
      await logout(app.db, request.actor);
      return { message: 'Вы вышли из системы' };
    },
  );

  app.post(
    '/auth/password',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Смена своего пароля: другие сеансы пользователя завершаются',
        body: changePasswordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await changePassword(app.db, throttle, request.actor, request.body, request.ip);
      return { message: 'Пароль изменён' };
    },
  );
};
