/**
 * Contracts of sign-in and the current user (SPEC §3, §7): POST /api/auth/login, /me, /logout.
 */
import { z } from 'zod';
import { plainString } from './common';
import './zod-locale';

export const loginBodySchema = z.object({
  login: plainString({ error: 'Укажите логин' }).trim().min(1, { error: 'Укажите логин' }).max(100),
  password: z.string({ error: 'Укажите пароль' }).min(1, { error: 'Укажите пароль' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A password a person chooses: 8 to 100 characters. */
export const passwordSchema = z
  .string({ error: 'Укажите пароль' })
  .min(8, { error: 'Пароль не короче 8 символов' })
  .max(100, { error: 'Пароль не длиннее 100 символов' });

/** Body of POST /api/auth/password: the caller changes their own password. */
export const changePasswordBodySchema = z
  .object({
    current_password: z
      .string({ error: 'Укажите текущий пароль' })
      .min(1, { error: 'Укажите текущий пароль' })
      .max(200),
    new_password: passwordSchema,
  })
  .refine((body) => body.new_password !== body.current_password, {
    path: ['new_password'],
    error: 'Новый пароль совпадает с текущим',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** A role: system roles have no organization, a school's own roles carry its id (GET /api/roles, users' roles). */
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  organization_id: z.number().int().nullable(),
});
export type Role = z.infer<typeof roleSchema>;

/**
 * The caller's organization as the top bar needs it; money as numbers (SPEC §3) for staff. The
 * school's money is not a pupil's or a parent's business: their session answers `null` for both.
 */
export const currentOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  balance: z.number().nullable(),
  bonus_balance: z.number().nullable(),
  is_platform: z.boolean(),
  /** The school's week (setting `working_days_per_week`): the calendars' weekend days follow it. */
  working_days_per_week: z.number().int(),
});

/** `data` of POST /api/auth/me. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  surname: z.string(),
  name: z.string(),
  patronymic: z.string().nullable(),
  login: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The password was given by someone else (one-time): nothing but changing it opens until it is changed. */
  password_change_required: z.boolean(),
  roles: z.array(roleSchema),
  permissions: z.array(z.object({ key: z.string() })),
  organization: currentOrganizationSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const meResponseSchema = z.object({ data: currentUserSchema });

export const loginResponseSchema = z.object({
  data: z.object({ token: z.string(), user: currentUserSchema }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The 403 answer of every route but /auth/me, /auth/password and /auth/logout while the one-time password is unchanged. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'Смените одноразовый пароль: до этого другие разделы недоступны';

/** A success answer that only carries a Russian message (logout, password change, unlink); errors use `validationErrorSchema` (contracts/common). */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;
