/**
 * Contracts of organizations: options of the caller's tree, settings, registry dictionaries,
 * balance transactions (SPEC §3, §7).
 */
import { z } from 'zod';
import { idSchema, plainString, uniqueBy } from './common';

/** An organization of the caller's tree (GET /api/organizations/my-and-children). */
export const organizationOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  parent_id: z.number().int().nullable(),
});
export type OrganizationOption = z.infer<typeof organizationOptionSchema>;

export const organizationSchema = organizationOptionSchema.extend({
  inn: z.string().nullable(),
  address: z.string().nullable(),
  status: z.string(),
  is_platform: z.boolean(),
  balance: z.number(),
  bonus_balance: z.number(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const ORGANIZATION_SETTING_LIMITS = {
  max_lessons_per_day: { min: 1, max: 12, label: 'Уроков в день' },
  working_days_per_week: { min: 1, max: 7, label: 'Рабочих дней в неделе' },
} as const;
export type OrganizationSettingName = keyof typeof ORGANIZATION_SETTING_LIMITS;

/** One item of GET /api/organizations/settings; values as strings, as they are stored. */
export const organizationSettingSchema = z.object({
  key: z.string(),
  value: z.string(),
  default: z.string(),
});

export const settingsQuerySchema = z.object({ organization_id: idSchema.optional() });

/** Body of PUT /api/organizations/settings: `[{key, value}]`, values as strings of integers in range. */
export const settingsUpdateSchema = z
  .array(
    z.object({
      key: z.enum(['max_lessons_per_day', 'working_days_per_week'], { error: 'Неизвестная настройка' }),
      value: z
        .union([z.string().max(20), z.number()], { error: 'Укажите значение' })
        .transform((value) => String(value).trim()),
    }),
    { error: 'Ожидается список настроек' },
  )
  .min(1, { error: 'Передайте хотя бы одну настройку' })
  .superRefine(uniqueBy((item) => item.key, 'Настройка указана дважды'))
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      const limits = ORGANIZATION_SETTING_LIMITS[item.key];
      const parsed = /^\d+$/.test(item.value) ? Number(item.value) : Number.NaN;
      if (!Number.isInteger(parsed) || parsed < limits.min || parsed > limits.max) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'value'],
          message: `${limits.label}: целое число от ${limits.min} до ${limits.max}`,
        });
      }
    });
  });
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** An item of the registry dictionaries (types, forms, kinds). */
export const dictionaryItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

/** Body of POST /api/organizations/{id}/balance-transactions (platform administrators). */
export const balanceTransactionSchema = z.object({
  amount: z
    .number({ error: 'Укажите сумму числом' })
    .refine((value) => value !== 0, { error: 'Сумма не может быть нулевой' })
    .refine((value) => Math.abs(value) < 1e9, { error: 'Слишком большая сумма' })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: 'Не больше двух знаков после запятой',
    }),
  comment: plainString({ multiline: true }).trim().max(500, { error: 'Не длиннее 500 символов' }).default(''),
});
export type BalanceTransactionInput = z.input<typeof balanceTransactionSchema>;
