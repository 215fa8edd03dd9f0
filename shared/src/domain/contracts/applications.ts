/**
 * Contracts of applications (заявки) to join the platform: the public «Подключить школу» form on the
 * landing page and the administrators' list, card, approval and rejection.
 */
import { z } from 'zod';
import { formatRussianPhone } from '../phone';
import {
  nullableIdSchema,
  optionalText,
  pageOf,
  pageQuerySchema,
  personNameSchema,
  plainString,
  text,
} from './common';
import { LOGIN_PATTERN } from './people';
import { innSchema } from './registry';

export const APPLICATION_STATUSES = ['new', 'in_progress', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'Новая',
  in_progress: 'В работе',
  approved: 'Одобрена',
  rejected: 'Отклонена',
};

/** Body of POST /api/applications (public). `website` is a honeypot: people never see it. */
export const applicationCreateSchema = z.object({
  organization_name: text('Укажите название организации', 500),
  inn: innSchema,
  region: text('Укажите регион', 100),
  contact_name: text('Укажите ФИО контактного лица', 200),
  email: plainString({ error: 'Укажите e-mail' })
    .trim()
    .min(1, { error: 'Укажите e-mail' })
    .max(200, { error: 'Не длиннее 200 символов' })
    .pipe(z.email({ error: 'Неверный e-mail' })),
  phone: plainString({ error: 'Укажите телефон' })
    .trim()
    .min(1, { error: 'Укажите телефон' })
    .max(30, { error: 'Не длиннее 30 символов' })
    .regex(/^\+?[\d\s()-]+$/, { error: 'Телефон: цифры, пробелы, скобки, дефис' })
    .refine((value) => value.replace(/\D/g, '').length >= 10, { error: 'Телефон: не меньше 10 цифр' })
    // «9161234567» is kept as +7 (916) 123-45-67, the form the school calls back from.
    .transform(formatRussianPhone),
  comment: optionalText(2000, { multiline: true }),
  consent: z.literal(true, { error: 'Нужно согласие на обработку персональных данных' }),
  website: plainString().max(200).optional(),
});
export type ApplicationCreate = z.input<typeof applicationCreateSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type ApplicationCreateParsed = z.output<typeof applicationCreateSchema>;

export const applicationCreatedSchema = z.object({
  data: z.object({ id: z.number().int(), status: z.enum(APPLICATION_STATUSES) }),
  message: z.string(),
});

/** An application as the administrators' list and card show it. */
export const applicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  organization_name: z.string(),
  inn: z.string().nullable(),
  region: z.string().nullable(),
  contact_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  comment: z.string().nullable(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  processed_by: personNameSchema.nullable(),
  /** The organization created on approval. */
  organization_id: z.number().int().nullable(),
  /** Organizations already on the platform with the same ИНН (flagged in the list and the card). */
  inn_matches: z.array(z.object({ id: z.number().int(), short_name: z.string() })),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationListQuerySchema = pageQuerySchema.extend({
  status: z.enum(APPLICATION_STATUSES, { error: 'Неизвестный статус' }).optional(),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type ApplicationListQueryParsed = z.output<typeof applicationListQuerySchema>;

export const applicationListResponseSchema = pageOf(applicationSchema);
export type ApplicationListResponse = z.infer<typeof applicationListResponseSchema>;

export const applicationResponseSchema = z.object({ data: applicationSchema });

/** Body of POST /api/applications/{id}/approve: the new organization and its director. */
export const applicationApproveSchema = z.object({
  short_name: text('Укажите краткое наименование', 200),
  type_id: nullableIdSchema,
  form_id: nullableIdSchema,
  kind_id: nullableIdSchema,
  director_surname: text('Укажите фамилию директора'),
  director_name: text('Укажите имя директора'),
  director_patronymic: optionalText(),
  /** Without it a login is made from the director's name. */
  login: plainString()
    .trim()
    .max(50, { error: 'Не длиннее 50 символов' })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || LOGIN_PATTERN.test(value), {
      error: 'Логин: от 3 до 50 латинских букв, цифр, точек, дефисов или подчёркиваний',
    }),
});
export type ApplicationApprove = z.input<typeof applicationApproveSchema>;
/** What the server gets after parsing (defaults applied, values coerced). */
export type ApplicationApproveParsed = z.output<typeof applicationApproveSchema>;

/** POST /api/applications/{id}/approve: the director's login and one-time password, shown once. */
export const applicationApprovedSchema = z.object({
  data: applicationSchema,
  organization_id: z.number().int(),
  login: z.string(),
  password: z.string(),
});
export type ApplicationApproved = z.infer<typeof applicationApprovedSchema>;

export const applicationRejectSchema = z.object({
  reason: text('Укажите причину отказа', 1000, { multiline: true }),
});
export type ApplicationReject = z.input<typeof applicationRejectSchema>;
