import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  staffCreatedSchema,
  staffCreateSchema,
  staffListQuerySchema,
  staffSchema,
  staffUpdateSchema,
} from '@parta/shared/domain/contracts/people';
import {
  resetPasswordResponseSchema,
  rolesQuerySchema,
  rolesResponseSchema,
  userListResponseSchema,
  userResponseSchema,
} from '@parta/shared/domain/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStaff, getUser, listRoles, listUsers, resetPassword, updateStaff } from './users.service';

/** Сотрудники: the list and card, password reset, roles, and the write side (POST /users, PUT /users/{id}). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['users'],
        summary: 'Сотрудники: постраничный список с поиском',
        querystring: staffListQuerySchema,
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => listUsers(app.db, request.actor, request.query),
  );

  app.get(
    '/users/:id',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['users'],
        summary: 'Пользователь с ролями',
        params: idParamsSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({ data: await getUser(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/users/:id/reset-password',
    {
      config: { permission: 'users.edit' },
      schema: {
        tags: ['users'],
        summary: 'Сбросить пароль: новый пароль показывается один раз',
        params: idParamsSchema,
        response: { 200: resetPasswordResponseSchema },
      },
    },
    async (request) => ({
      data: await resetPassword(app.db, request.actor, request.params.id),
      message: 'Пароль сброшен. Сообщите новый пароль пользователю: повторно он показан не будет.',
    }),
  );

  app.get(
    '/roles',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['users'],
        summary: 'Роли (все или доступные организации)',
        querystring: rolesQuerySchema,
        response: { 200: rolesResponseSchema },
      },
    },
    async (request) => listRoles(app.db, request.actor, request.query.organization_id),
  );

  app.post(
    '/users',
    {
      config: { permission: 'users.edit' },
      schema: {
        tags: ['users'],
        summary: 'Добавить сотрудника (пароль без указания создаётся и показывается один раз)',
        body: staffCreateSchema,
        response: { 201: staffCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createStaff(app.db, request.actor, request.body)),
  );

  app.put(
    '/users/:id',
    {
      config: { permission: 'users.edit' },
      schema: {
        tags: ['users'],
        summary: 'Изменить сотрудника: данные, роли, активность',
        params: idParamsSchema,
        body: staffUpdateSchema,
        response: { 200: z.object({ data: staffSchema }) },
      },
    },
    async (request) => ({ data: await updateStaff(app.db, request.actor, request.params.id, request.body) }),
  );
};
