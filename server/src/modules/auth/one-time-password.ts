import type { Database } from '../../db/client';
import { revokeUserTokens, updatePasswordHash } from './auth.repository';
import { generatePassword, hashPassword } from './credentials';

/**
 * A new password given by someone else (a reset): the user's sessions end, and the next sign-in opens
 * nothing but the password change until the user sets their own. Answers the password, shown once.
 */
export async function issueOneTimePassword(db: Database, userId: number): Promise<string> {
  const password = generatePassword();
  await updatePasswordHash(db, userId, await hashPassword(password), { changeRequired: true });
  await revokeUserTokens(db, userId);
  return password;
}
