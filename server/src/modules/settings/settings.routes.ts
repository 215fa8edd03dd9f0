import {
  organizationOptionSchema,
  organizationSettingSchema,
  settingsQuerySchema,
  settingsUpdateSchema,
} from '@parta/shared/domain/contracts/organizations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSettings, listMyOrganizations, updateSettings } from './settings.service';

const settingsResponse = z.object({ data: z.array(organizationSettingSchema) });

/** Настройки организации (the settings screen) and the organizations a caller may pick in forms. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
