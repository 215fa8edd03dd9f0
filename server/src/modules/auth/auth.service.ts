import type { ChangePasswordBody, CurrentUser, LoginBody } from '@parta/shared/domain/contracts/auth';
import type { Database } from '../../db/client';
import type { Actor, SessionSource } from '../../plugins/auth';
import { HttpError, notFound, unprocessable } from '../../plugins/errors';
import { readSchoolSettings } from '../settings/school-settings.service';
import { graduationMessage } from '../year-change/year-change.service';
import {
  findCurrentUser,
  findPasswordHash,
  findSessionByTokenHash,
  findUserByLogin,
  insertToken,
  revokeToken,
  revokeUserTokens,
  updatePasswordHash,
} from './auth.repository';
import { dummyPasswordHash, hashPassword, hashToken, newToken, verifyPassword } from './credentials';
import type { LoginThrottle } from './login-throttle';

/**
 * Passwords other modules hand out (a new account, a reset): they reach auth through its service,
 * like every module reaches another (.dependency-cruiser.cjs, server-modules-meet-through-services).
 */
export { generatePassword, hashPassword } from './credentials';
export { issueOneTimePassword } from './one-time-password';

const INVALID_CREDENTIALS = 'Неверный логин или пароль';
const TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/** How the auth guard (plugins/auth.ts) finds the caller behind a bearer token: by the token's hash. */
export const sessionSource: SessionSource = { keyOf: hashToken, find: findSessionByTokenHash };

/** Checks the password (same answer whether the login exists, is inactive or the password is wrong) and issues a token. */
function tooManyAttempts(waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpError(429, `Слишком много попыток входа. Повторите через ${minutes} мин.`);
}

export async function login(
  db: Database,
  throttle: LoginThrottle,
  input: LoginBody,
  ip: string,
): Promise<{ token: string; user: CurrentUser }> {
  const wait = await throttle.retryAfter(ip, input.login);
  if (wait > 0) throw tooManyAttempts(wait);
  const user = await findUserByLogin(db, input.login);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.active || !passwordOk) {
    await throttle.fail(ip, input.login);
    // Only the right password learns why an account is closed (a graduate's, issue 40).
    const closed = user && passwordOk ? await graduationMessage(db, user.id) : null;
    throw unprocessable(closed ?? INVALID_CREDENTIALS);
  }
  await throttle.succeed(ip, input.login);
  const token = newToken();
  await insertToken(db, {
    userId: user.id,
    organizationId: user.organizationId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
  });
  return { token, user: await currentUser(db, user.id) };
}

export async function currentUser(db: Database, userId: number): Promise<CurrentUser> {
  const user = await findCurrentUser(db, userId);
  if (!user) throw notFound('Пользователь не найден');
  // The school's week, for every calendar of the app (a five-day school's Saturday is a day off).
  const { working_days_per_week } = await readSchoolSettings(db, user.organization.id);
  return { ...user, organization: { ...user.organization, working_days_per_week } };
}

export async function logout(db: Database, actor: Actor) {
  await revokeToken(db, actor.tokenId);
}

/**
 * The caller changes their own password: the current one must match (wrong guesses count against the
 * same throttle as sign-in), and every other session of the user is signed out.
 */
export async function changePassword(
  db: Database,
  throttle: LoginThrottle,
  actor: Actor,
  input: ChangePasswordBody,
  ip: string,
): Promise<void> {
  const user = await findPasswordHash(db, actor.userId);
  if (!user) throw notFound('Пользователь не найден');
  const wait = await throttle.retryAfter(ip, user.login);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await verifyPassword(input.current_password, user.passwordHash))) {
    await throttle.fail(ip, user.login);
    throw unprocessable('Неверный текущий пароль', { current_password: ['Неверный текущий пароль'] });
  }
  await throttle.succeed(ip, user.login);
  await updatePasswordHash(db, actor.userId, await hashPassword(input.new_password), {
    changeRequired: false,
  });
  await revokeUserTokens(db, actor.userId, actor.tokenId);
}
