import { idParamsSchema } from '@parta/shared/domain/contracts/common';
import { dictionaryItemSchema } from '@parta/shared/domain/contracts/organizations';
import {
  balanceHistoryQuerySchema,
  balanceHistoryResponseSchema,
  balanceOperationSchema,
  DICTIONARIES,
  dictionaryItemInputSchema,
  organizationCreateSchema,
  organizationStatusSchema,
  organizationUpdateSchema,
  registryListQuerySchema,
  registryListResponseSchema,
  registryOrganizationResponseSchema,
} from '@parta/shared/domain/contracts/registry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDictionaryItem,
  createOrganization,
  getRegistryOrganization,
  listBalanceTransactions,
  listDictionary,
  listRegistry,
  recordBalanceOperation,
  removeDictionaryItem,
  renameDictionaryItem,
  setOrganizationStatus,
  updateOrganization,
} from './registry.service';

const ADMIN = { permission: 'organizations.create' } as const;
const TAGS = ['registry'];

/** The organization registry of platform administrators (SPEC §2 organizations, key organizations.create). */
export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Реестр организаций: верх дерева, дочерние (parent_id) или поиск по всем уровням',
        querystring: registryListQuerySchema,
        response: { 200: registryListResponseSchema },
      },
    },
    async (request) => listRegistry(app.db, request.actor, request.query),
  );

  app.post(
    '/organizations',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Новая организация (дочерняя — с parent_id)',
        body: organizationCreateSchema,
        response: { 201: registryOrganizationResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createOrganization(app.db, request.actor, request.body) }),
  );

  app.get(
    '/organizations/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Карточка организации',
        params: idParamsSchema,
        response: { 200: registryOrganizationResponseSchema },
      },
    },
    async (request) => ({ data: await getRegistryOrganization(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/organizations/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Изменить реквизиты организации',
        params: idParamsSchema,
        body: organizationUpdateSchema,
        response: { 200: registryOrganizationResponseSchema },
      },
    },
    async (request) => ({
      data: await updateOrganization(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.put(
    '/organizations/:id/status',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Заблокировать или разблокировать организацию',
        params: idParamsSchema,
        body: organizationStatusSchema,
        response: { 200: registryOrganizationResponseSchema },
      },
    },
    async (request) => ({
      data: await setOrganizationStatus(app.db, request.actor, request.params.id, request.body.status),
    }),
  );

  app.post(
    '/organizations/:id/balance-transactions',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Пополнение, списание, начисление или списание бонусов',
        params: idParamsSchema,
        body: balanceOperationSchema,
        response: { 201: registryOrganizationResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await recordBalanceOperation(app.db, request.actor, request.params.id, request.body),
      }),
  );

  app.get(
    '/organizations/:id/balance-transactions',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'История операций с балансом организации',
        params: idParamsSchema,
        querystring: balanceHistoryQuerySchema,
        response: { 200: balanceHistoryResponseSchema },
      },
    },
    async (request) => listBalanceTransactions(app.db, request.actor, request.params.id, request.query),
  );

  for (const dictionary of Object.keys(DICTIONARIES) as (keyof typeof DICTIONARIES)[]) {
    const path = `/organization-${dictionary}`;
    const title = DICTIONARIES[dictionary];
    app.get(
      path,
      {
        // Every signed-in user reads the dictionaries (SPEC §7); only administrators change them.
        config: { permission: 'signed-in' },
        schema: {
          tags: TAGS,
          summary: `Справочник: ${title}`,
          response: { 200: z.object({ data: z.array(dictionaryItemSchema) }) },
        },
      },
      async () => ({ data: await listDictionary(app.db, dictionary) }),
    );
    app.post(
      path,
      {
        config: ADMIN,
        schema: {
          tags: TAGS,
          summary: `Справочник «${title}»: добавить`,
          body: dictionaryItemInputSchema,
          response: { 201: z.object({ data: dictionaryItemSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await addDictionaryItem(app.db, dictionary, request.body.name) }),
    );
    app.put(
      `${path}/:id`,
      {
        config: ADMIN,
        schema: {
          tags: TAGS,
          summary: `Справочник «${title}»: переименовать`,
          params: idParamsSchema,
          body: dictionaryItemInputSchema,
          response: { 200: z.object({ data: dictionaryItemSchema }) },
        },
      },
      async (request) => ({
        data: await renameDictionaryItem(app.db, dictionary, request.params.id, request.body.name),
      }),
    );
    app.delete(
      `${path}/:id`,
      {
        config: ADMIN,
        schema: {
          tags: TAGS,
          summary: `Справочник «${title}»: удалить неиспользуемое значение`,
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeDictionaryItem(app.db, dictionary, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
