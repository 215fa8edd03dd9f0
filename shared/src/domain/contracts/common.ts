/**
 * Building blocks every area's contracts share: ids, dates, Russian text fields, pagination
 * (SPEC §7 `{data, meta}`) and the 422 error answer.
 */
import { z } from 'zod';
import './zod-locale';

/** The largest id a PostgreSQL `integer` (serial) column holds. */
export const INT4_MAX = 2_147_483_647;

/**
 * Control characters (NUL and the like, U+0000–U+001F and U+007F) never belong in stored text;
 * multi-line fields keep tab and line breaks.
 */
export function hasControlCharacter(value: string, allowLineBreaks = false): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0x7f) return true;
    if (code >= 0x20) continue;
    if (allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}
export const CONTROL_CHARACTERS_MESSAGE = 'Текст содержит недопустимые символы';

export interface TextOptions {
  /** Line breaks and tabs allowed (homework, comments); other fields are one line. */
  multiline?: boolean;
}

/** A string without control characters; every text field of every contract starts here. */
export const plainString = (options: TextOptions & { error?: string } = {}) => {
  const allowLineBreaks = options.multiline ?? false;
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((value) => !hasControlCharacter(value, allowLineBreaks), { error: CONTROL_CHARACTERS_MESSAGE });
};

/** A required text field: trimmed, not empty, at most `max` characters. */
export const text = (required: string, max = 100, options: TextOptions = {}) =>
  plainString({ ...options, error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `Не длиннее ${max} символов` });

/** An optional text field: empty or missing becomes null. */
export const optionalText = (max = 100, options: TextOptions = {}) =>
  plainString(options)
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` })
    .nullish()
    .transform((value) => (value ? value : null));

/** A search box's text (query strings): trimmed, one line, at most 100 characters. */
export const searchSchema = plainString().trim().max(100, { error: 'Не длиннее 100 символов' }).optional();

/**
 * A positive integer id that fits the `integer` columns; accepts the string form that query strings
 * and selects carry. A path id that fails it answers 404 (plugins/errors.ts), a field 422.
 */
export const idSchema = z.coerce
  .number({ error: 'Неверный идентификатор' })
  .int({ error: 'Неверный идентификатор' })
  .positive({ error: 'Неверный идентификатор' })
  .max(INT4_MAX, { error: 'Неверный идентификатор' });

/** An id a body may leave out or send as null (a link to clear): absent reads as null. */
export const nullableIdSchema = idSchema.nullish().transform((value) => value ?? null);

/** A list of ids without repeats. */
export const idListSchema = (error: string) =>
  z
    .array(idSchema, { error })
    .max(1000, { error: 'Слишком длинный список' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Значения повторяются' });

/** A list whose items are keyed by `key` and must not repeat it (settings, grades of a cell …). */
export const uniqueBy =
  <T>(key: (item: T) => unknown, message = 'Значения повторяются') =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [index], message });
      seen.add(value);
    });
  };

export const idParamsSchema = z.object({ id: idSchema });

/** ISO calendar date `YYYY-MM-DD`, as the API sends and takes dates. */
export const isoDateSchema = z.iso.date({ error: 'Дата в формате ГГГГ-ММ-ДД' });

/** Query of paginated lists (SPEC §7: page from 1, per_page 15 by default). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  search: searchSchema,
});

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** One page of a list: the items and the paging figures (every paginated list answers this). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

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
