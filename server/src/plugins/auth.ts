import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@parta/shared/domain/contracts/auth';
import type { PermissionKey } from '@parta/shared/domain/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ScopedActor } from '../access/scope';
import type { Database } from '../db/client';
import { createLocalSessionBus, createPostgresSessionBus, type SessionBus } from './session-bus';
import { clearsSessions, createSessionCache } from './session-cache';

/**
 * What a route needs: a permission key, `'signed-in'` (any valid token) or `'public'` (no token).
 * Every /api route must declare one in `config.permission`; the app refuses to start otherwise.
 */
type RoutePermission = PermissionKey | 'signed-in' | 'public';

/** The signed-in caller as services see it; `db/scope.ts` turns it into SQL conditions. */
export interface Actor extends ScopedActor {
  permissions: ReadonlySet<string>;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** Set on every route that is not public; do not read it on public routes. */
    actor: Actor;
  }
}

const MESSAGES = {
  unauthorized: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав',
  organizationBlocked: 'Работа организации приостановлена администратором платформы. Обратитесь в поддержку.',
  paymentRequired:
    'Доступ приостановлен: баланс организации отрицательный. Пополните баланс, чтобы продолжить работу.',
} as const;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Routes outside /api (the front end) and the OpenAPI pages need no declaration. */
function isGuardedUrl(url: string) {
  return url.startsWith('/api') && !url.startsWith('/api/docs');
}

/** What a session whose one-time password is still unchanged may call: who am I, change it, sign out. */
const OPEN_WHILE_PASSWORD_CHANGE_REQUIRED = new Set([
  '/api/auth/me',
  '/api/auth/password',
  '/api/auth/logout',
]);
/** The signed-in caller behind a token, as the auth module looks it up (one query per request). */
interface Session {
  tokenId: number;
  userId: number;
  organizationId: number;
  balance: number;
  organizationStatus: string;
  organizationIds: number[];
  permissions: string[];
  /** A one-time password not yet changed: only /auth/me, the change and sign-out are open. */
  passwordChangeRequired: boolean;
}

/**
 * Where sessions come from: the auth module provides it (app.ts passes it in), so this plugin, which
 * sits below the modules, imports none of them.
 */
export interface SessionSource {
  /** The key a token is looked up (and cached) by: its hash, never the token itself. */
  keyOf(token: string): string;
  find(db: Database, key: string): Promise<Session | undefined>;
}

export interface AuthGuardOptions {
  sessions: SessionSource;
  /**
   * How long a looked-up session is reused (ms) while the session channel is down; 0 (the default)
   * looks every request up and opens no channel.
   */
  sessionCacheMs?: number;
  /** How long it is reused while the channel is up (changes arrive at once); defaults to `sessionCacheMs`. */
  sessionCacheLiveMs?: number;
}

async function authPlugin(app: FastifyInstance, options: AuthGuardOptions) {
  app.decorateRequest('actor', null as unknown as Actor);
  const fallbackMs = options.sessionCacheMs ?? 0;
  const liveMs = options.sessionCacheLiveMs ?? fallbackMs;
  let bus: SessionBus | undefined;
  const sessions = createSessionCache<Session>(() => (bus?.live ? liveMs : fallbackMs));
  const forget = () => sessions.clear();
  if (fallbackMs > 0) {
    const connectionString = app.dbHandle.directConnectionString;
    bus = connectionString
      ? await createPostgresSessionBus(connectionString, forget, (message) => app.log.warn(message))
      : createLocalSessionBus(forget);
    const opened = bus;
    app.addHook('onClose', () => opened.close());
  }
  // Before the answer leaves: every instance has forgotten its sessions when the caller sees "done".
  app.addHook('onSend', async (request, reply, payload) => {
    if (clearsSessions(request.method, request.url, reply.statusCode)) {
      if (bus) await bus.publish();
      else forget();
    }
    return payload;
  });

  app.addHook('onRoute', (route) => {
    if (!isGuardedUrl(route.url)) return;
    if (!route.config?.permission) {
      throw new Error(`Маршрут ${route.method} ${route.url} должен объявить config.permission`);
    }
  });

  // onRequest runs before body parsing and validation, so a caller without a token gets 401, never 422.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.is404) return;
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;

    const token = bearerToken(request);
    const tokenHash = token ? options.sessions.keyOf(token) : undefined;
    // A cached session is trusted only once the changes published before this request have reached
    // this instance (session-bus.ts); a lookup reads the database itself and needs no such wait.
    if (tokenHash && sessions.has(tokenHash)) await bus?.settle();
    const session = tokenHash
      ? await sessions.get(tokenHash, () => options.sessions.find(app.db, tokenHash))
      : undefined;
    if (!session) return reply.status(401).send({ message: MESSAGES.unauthorized });

    const permissions = new Set(session.permissions);
    const isPlatformAdmin = permissions.has('organizations.create');
    request.actor = {
      userId: session.userId,
      organizationId: session.organizationId,
      organizationIds: session.organizationIds.map(Number),
      isPlatformAdmin,
      permissions,
      tokenId: session.tokenId,
    };

    if (
      session.passwordChangeRequired &&
      !OPEN_WHILE_PASSWORD_CHANGE_REQUIRED.has(request.routeOptions.url ?? '')
    ) {
      return reply
        .status(403)
        .send({ message: PASSWORD_CHANGE_REQUIRED_MESSAGE, password_change_required: true });
    }

    // The caller's own organization decides: a blocked one is refused, one in debt must pay first.
    if (!isPlatformAdmin && !request.url.startsWith('/api/auth/')) {
      if (session.organizationStatus === 'blocked') {
        return reply.status(403).send({ message: MESSAGES.organizationBlocked });
      }
      if (session.balance < 0) return reply.status(402).send({ message: MESSAGES.paymentRequired });
    }
    if (permission !== 'signed-in' && !request.actor.permissions.has(permission)) {
      return reply.status(403).send({ message: MESSAGES.forbidden, permission });
    }
  });
}

export const authGuardPlugin = fp(authPlugin, { name: 'parta-auth', dependencies: ['parta-db'] });

/** True when the caller holds the permission key (for rules finer than the route's own key). */
export function can(actor: Actor, permission: PermissionKey): boolean {
  return actor.permissions.has(permission);
}
