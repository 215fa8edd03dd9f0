import type { CurrentUser, LoginBody } from '@parta/shared/domain/contracts/auth';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { HttpError, notFound, unprocessable } from '../../plugins/errors';
import { findCurrentUser, findUserByLogin, insertToken, revokeToken } from './auth.repository';
import { dummyPasswordHash, hashToken, newToken, verifyPassword } from './credentials';
import type { LoginThrottle } from './login-throttle';

export const INVALID_CREDENTIALS = 'Неверный логин или пароль';
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/** Checks the password (same answer whether the login exists, is inactive or the password is wrong) and issues a token. */
export async function login(
  db: Database,
  throttle: LoginThrottle,
  input: LoginBody,
  ip: string,
): Promise<{ token: string; user: CurrentUser }> {
  const wait = throttle.retryAfter(ip, input.login);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    throw new HttpError(429, `Слишком много попыток входа. Повторите через ${minutes} мин.`);
  }
  const user = await findUserByLogin(db, input.login);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.active || !passwordOk) {
    throttle.fail(ip, input.login);
    throw unprocessable(INVALID_CREDENTIALS);
  }
  throttle.succeed(ip, input.login);
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
  return user;
}

export async function logout(db: Database, actor: Actor) {
  await revokeToken(db, actor.tokenId);
}
