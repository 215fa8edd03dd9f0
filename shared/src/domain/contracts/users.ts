/**
 * Contracts of the user list (SPEC §7): GET /api/users, /api/users/{id}, /api/roles, reset-password.
 * The user shape itself is `staffSchema` of the people contracts.
 */
import { z } from 'zod';
import { roleSchema } from './auth';
import { idSchema, pageOf } from './common';
import { staffSchema } from './people';

export const userListResponseSchema = pageOf(staffSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userResponseSchema = z.object({ data: staffSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/roles answers a bare array of `roleSchema` (contracts/auth, SPEC §7). */
export const rolesResponseSchema = z.array(roleSchema);

export const rolesQuerySchema = z.object({ organization_id: idSchema.optional() });

/** POST /api/users/{id}/reset-password: the new password, shown once. */
export const resetPasswordResponseSchema = z.object({
  data: z.object({ id: z.number().int(), login: z.string(), password: z.string() }),
  message: z.string(),
});
export type ResetPasswordResult = z.infer<typeof resetPasswordResponseSchema>;
