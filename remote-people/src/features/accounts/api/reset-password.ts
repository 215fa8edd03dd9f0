import { apiClient } from '@parta/shared';
import type { ResetPasswordResult } from '@parta/shared/domain/contracts/users';
import { useMutation } from '@tanstack/react-query';

/** Whose password: a staff member (Сотрудники) or, from the student card, the pupil or one of the pupil's parents. */
export type ResetPasswordTarget =
  | { kind: 'staff'; userId: number }
  | { kind: 'student'; studentId: number }
  | { kind: 'parent'; studentId: number; parentId: number };

function resetPath(target: ResetPasswordTarget): string {
  switch (target.kind) {
    case 'staff':
      return `/users/${target.userId}/reset-password`;
    case 'student':
      return `/students/${target.studentId}/reset-password`;
    case 'parent':
      return `/students/${target.studentId}/parents/${target.parentId}/reset-password`;
  }
}

/**
 * POST …/reset-password, no payload: `data.password` is the new one-time password, shown once (the
 * user must change it at the next sign-in).
 */
export async function resetPassword(target: ResetPasswordTarget): Promise<ResetPasswordResult> {
  const response = await apiClient.post<ResetPasswordResult>(resetPath(target));
  return response.data;
}

/** Resets a password; nothing cached changes (the password is never listed). */
export function useResetPassword(target: ResetPasswordTarget) {
  return useMutation({ mutationFn: () => resetPassword(target) });
}
