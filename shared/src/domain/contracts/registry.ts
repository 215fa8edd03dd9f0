/**
 * Contracts of the organization registry (platform administrators, key organizations.create):
 * organizations with their requisites and balances, balance transactions, dictionaries.
 */
import { z } from 'zod';
import { isValidInn, isValidKpp, isValidOgrn } from '../requisites';
import {
  idSchema,
  nullableIdSchema,
  optionalText,
  pageOf,
  pageQuerySchema,
  personNameSchema,
  plainString,
  searchSchema,
  text,
} from './common';

export const ORGANIZATION_STATUSES = ['active', 'blocked'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
export const ORGANIZATION_STATUS_LABELS: Record<OrganizationStatus | 'archived', string> = {
  active: 'Активна',
  blocked: 'Заблокирована',
  archived: 'В архиве',
};

/** ИНН with its control digits checked (10 digits of an organization, 12 of a person). */
export const innSchema = plainString({ error: 'Укажите ИНН' })
  .trim()
  .superRefine((value, ctx) => {
    // One message per field: the first rule the value breaks.
    if (!value) ctx.addIssue({ code: 'custom', message: 'Укажите ИНН' });
    else if (!/^\d{10}$|^\d{12}$/.test(value))
      ctx.addIssue({ code: 'custom', message: 'ИНН — 10 или 12 цифр' });
    else if (!isValidInn(value)) {
      ctx.addIssue({ code: 'custom', message: 'Неверный ИНН: не сходится контрольная цифра' });
    }
  });

const optionalRequisite = (pattern: RegExp, format: string, check: (value: string) => boolean, bad: string) =>
  plainString()
    .trim()
    .max(20, { error: format })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || pattern.test(value), { error: format })
    .refine((value) => value === null || !pattern.test(value) || check(value), { error: bad });

export const kppSchema = optionalRequisite(/^.{9}$/, 'КПП — 9 символов', isValidKpp, 'Неверный КПП');
export const ogrnSchema = optionalRequisite(
  /^\d{13}$|^\d{15}$/,
  'ОГРН — 13 цифр (ОГРНИП — 15)',
  isValidOgrn,
  'Неверный ОГРН: не сходится контрольная цифра',
);

/** An organization of the registry as the list, the card and every write answer it. */
export const registryOrganizationSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  parent_short_name: z.string().nullable(),
  name: z.string(),
  short_name: z.string(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  region: z.string().nullable(),
  type_id: z.number().int().nullable(),
  form_id: z.number().int().nullable(),
  kind_id: z.number().int().nullable(),
  status: z.enum(['active', 'blocked', 'archived']),
  is_platform: z.boolean(),
  balance: z.number(),
  bonus_balance: z.number(),
  /** The first active user holding the director role in the organization. */
  director: personNameSchema.nullable(),
  children_count: z.number().int(),
});
export type RegistryOrganization = z.infer<typeof registryOrganizationSchema>;

const flagSchema = z
  .enum(['1', '0', 'true', 'false'], { error: 'Ожидается 1 или 0' })
  .transform((value) => value === '1' || value === 'true');

/**
 * GET /api/organizations: without search and filters the top of the tree (or the children of
 * `parent_id`); with any of them, matches from every level.
 */
export const registryListQuerySchema = pageQuerySchema.extend({
  parent_id: idSchema.optional(),
  region: searchSchema,
  type_id: idSchema.optional(),
  status: z.enum(ORGANIZATION_STATUSES, { error: 'Неизвестный статус' }).optional(),
  negative_balance: flagSchema.optional(),
});
export type RegistryListQuery = z.input<typeof registryListQuerySchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type RegistryListQueryParsed = z.output<typeof registryListQuerySchema>;

export const registryListResponseSchema = pageOf(registryOrganizationSchema);
export type RegistryListResponse = z.infer<typeof registryListResponseSchema>;

export const registryOrganizationResponseSchema = z.object({ data: registryOrganizationSchema });

/** Body of PUT /api/organizations/{id}: the requisites (the place in the tree is set on creation). */
export const organizationUpdateSchema = z.object({
  name: text('Укажите полное наименование', 500),
  short_name: text('Укажите краткое наименование', 200),
  inn: innSchema,
  kpp: kppSchema,
  ogrn: ogrnSchema,
  address: optionalText(500),
  region: optionalText(100),
  type_id: nullableIdSchema,
  form_id: nullableIdSchema,
  kind_id: nullableIdSchema,
});
export type OrganizationUpdate = z.input<typeof organizationUpdateSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type OrganizationUpdateParsed = z.output<typeof organizationUpdateSchema>;

/** Body of POST /api/organizations: a top-level organization, or a child of `parent_id`. */
export const organizationCreateSchema = organizationUpdateSchema.extend({
  parent_id: nullableIdSchema,
});
export type OrganizationCreate = z.input<typeof organizationCreateSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type OrganizationCreateParsed = z.output<typeof organizationCreateSchema>;

/** Body of PUT /api/organizations/{id}/status: block or unblock. */
export const organizationStatusSchema = z.object({
  status: z.enum(ORGANIZATION_STATUSES, { error: 'Неизвестный статус' }),
});

// ---------------------------------------------------------------- balance

/** What an administrator does to the money of an organization; each is one transaction. */
export const BALANCE_OPERATIONS = ['top_up', 'charge', 'bonus_add', 'bonus_remove'] as const;
export type BalanceOperation = (typeof BALANCE_OPERATIONS)[number];
export const BALANCE_OPERATION_LABELS: Record<BalanceOperation, string> = {
  top_up: 'Пополнение',
  charge: 'Списание',
  bonus_add: 'Начисление бонусов',
  bonus_remove: 'Списание бонусов',
};

/** The largest single operation; keeps every total inside numeric(12,2). */
export const MAX_OPERATION_AMOUNT = 100_000_000;

/** A positive amount in roubles with at most two decimals (kopecks), below MAX_OPERATION_AMOUNT. */
export const moneyAmountSchema = z
  .number({ error: 'Укажите сумму числом' })
  .positive({ error: 'Сумма должна быть больше нуля' })
  .max(MAX_OPERATION_AMOUNT, { error: 'Слишком большая сумма' })
  .refine((value) => /^-?\d+(\.\d{1,2})?$/.test(String(value)), {
    error: 'Не больше двух знаков после запятой',
  });

/** Body of POST /api/organizations/{id}/balance-transactions. */
export const balanceOperationSchema = z.object({
  operation: z.enum(BALANCE_OPERATIONS, { error: 'Выберите операцию' }),
  amount: moneyAmountSchema,
  comment: text('Укажите комментарий', 500),
});
export type BalanceOperationInput = z.input<typeof balanceOperationSchema>;

/** One entry of an organization's balance history; `amount` is signed (a charge is negative). */
export const balanceTransactionItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['balance', 'bonus']),
  amount: z.number(),
  comment: z.string(),
  created_at: z.string(),
  created_by: personNameSchema.nullable(),
});
export type BalanceTransactionItem = z.infer<typeof balanceTransactionItemSchema>;

export const balanceHistoryQuerySchema = pageQuerySchema.omit({ search: true });

export const balanceHistoryResponseSchema = pageOf(balanceTransactionItemSchema);
export type BalanceHistoryResponse = z.infer<typeof balanceHistoryResponseSchema>;

// ---------------------------------------------------------------- dictionaries

export const DICTIONARIES = {
  types: 'Типы организаций',
  forms: 'Организационно-правовые формы',
  kinds: 'Виды организаций',
} as const;
export type DictionaryName = keyof typeof DICTIONARIES;

/** Body of POST/PUT /api/organization-{types|forms|kinds}[/{id}]. */
export const dictionaryItemInputSchema = z.object({ name: text('Укажите название', 200) });
export type DictionaryItemInput = z.input<typeof dictionaryItemInputSchema>;
