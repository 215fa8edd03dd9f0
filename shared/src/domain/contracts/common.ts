/**
 * Building blocks every area's contracts share: ids, dates, Russian text fields, pagination
 * (SPEC §7 `{data, meta}`) and the 422 error answer.
 */
import { z } from 'zod';
import './zod-locale';

export const text = (required: string, max = 100) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `Не длиннее ${max} символов` });

export const optionalText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` })
    .nullish()
    .transform((value) => (value ? value : null));

/** A positive integer id; accepts the string form that query strings and selects carry. */
export const idSchema = z.coerce
  .number({ error: 'Неверный идентификатор' })
  .int()
  .positive({ error: 'Неверный идентификатор' });

export const idParamsSchema = z.object({ id: idSchema });

/** ISO calendar date `YYYY-MM-DD`, as the API sends and takes dates. */
export const isoDateSchema = z.iso.date({ error: 'Дата в формате ГГГГ-ММ-ДД' });

/** Query of paginated lists (SPEC §7: page from 1, per_page 15 by default). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  search: z.string().trim().max(100).optional(),
});

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** A person named by surname, name, patronymic (SPEC §3: full name in that order). */
export const personNameSchema = z.object({
  id: z.number().int(),
  surname: z.string(),
  name: z.string(),
  patronymic: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personNameSchema>;

// ---------------------------------------------------------------- error answers

/** 422 answer: `{message, errors: {field: [messages]}}`. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;
