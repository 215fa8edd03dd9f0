import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import {
  balanceTransactionSchema,
  dictionaryItemSchema,
  organizationOptionSchema,
  organizationSchema,
  organizationSettingSchema,
  settingsQuerySchema,
  settingsUpdateSchema,
} from '@parta/shared/domain/contracts/organizations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getSettings,
  listDictionary,
  listMyOrganizations,
  recordBalanceTransaction,
  updateSettings,
} from './organizations.service';

const settingsResponse = z.object({ data: z.array(organizationSettingSchema) });
const dictionaryResponse = z.object({ data: z.array(dictionaryItemSchema) });

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/my-and-children',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['organizations'],
        summary: 'Организация пользователя и её дочерние организации',
        response: { 200: z.object({ data: z.array(organizationOptionSchema) }) },
      },
    },
    async (request) => ({ data: await listMyOrganizations(app.db, request.actor) }),
  );

  app.get(
    '/organizations/settings',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['organizations'],
        summary: 'Настройки организации',
        querystring: settingsQuerySchema,
        response: { 200: settingsResponse },
      },
    },
    async (request) => ({ data: await getSettings(app.db, request.actor, request.query.organization_id) }),
  );

  app.put(
    '/organizations/settings',
    {
      config: { permission: 'organization.settings' },
      schema: {
        tags: ['organizations'],
        summary: 'Изменить настройки организации',
        querystring: settingsQuerySchema,
        body: settingsUpdateSchema,
        response: { 200: settingsResponse },
      },
    },
    async (request) => ({
      data: await updateSettings(app.db, request.actor, request.body, request.query.organization_id),
    }),
  );

  for (const kind of ['types', 'forms', 'kinds'] as const) {
    app.get(
      `/organization-${kind}`,
      {
        config: { permission: 'signed-in' },
        schema: {
          tags: ['organizations'],
          summary: `Справочник: organization-${kind}`,
          response: { 200: dictionaryResponse },
        },
      },
      async () => ({ data: await listDictionary(app.db, kind) }),
    );
  }

  app.post(
    '/organizations/:id/balance-transactions',
    {
      config: { permission: 'organizations.create' },
      schema: {
        tags: ['organizations'],
        summary: 'Пополнение или списание баланса организации',
        params: idParamsSchema,
        body: balanceTransactionSchema,
        response: { 201: z.object({ data: organizationSchema }) },
      },
    },
    async (request, reply) => {
      const organization = await recordBalanceTransaction(
        app.db,
        request.actor,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data: organization });
    },
  );
};
