import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authHeader, createTestApp, loginAs } from '../../test/helpers';
import { clearsSessions, createSessionCache } from './session-cache';

describe('session cache', () => {
  it('reuses a found session for its time, shares concurrent lookups, never keeps a missing one', async () => {
    const cache = createSessionCache<{ user: number }>(50);
    let lookups = 0;
    const load = async () => {
      lookups += 1;
      return { user: 1 };
    };
    const [first, second] = await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect(first).toEqual({ user: 1 });
    expect(second).toBe(first);
    expect(lookups).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.get('a', load);
    expect(lookups).toBe(2);

    let missing = 0;
    const none = async () => {
      missing += 1;
      return undefined;
    };
    await cache.get('b', none);
    await cache.get('b', none);
    expect(missing).toBe(2);

    cache.clear();
    expect(cache.has('a')).toBe(false);
    await cache.get('a', load);
    expect(lookups).toBe(3);
    // `has` says whether the next `get` answers from the cache (the auth hook waits for the session
    // channel only then).
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.has('a')).toBe(false);
    expect(createSessionCache(0).has('a')).toBe(false);
  });

  it('is cleared by a successful write outside the journal, КТП and timetable', () => {
    expect(clearsSessions('POST', '/api/auth/logout', 200)).toBe(true);
    expect(clearsSessions('PUT', '/api/staff/5', 200)).toBe(true);
    expect(clearsSessions('POST', '/api/organizations/2/balance', 201)).toBe(true);
    expect(clearsSessions('PUT', '/api/journal/lessons/1/students/2', 200)).toBe(false);
    expect(clearsSessions('PUT', '/api/ktp/3', 200)).toBe(false);
    expect(clearsSessions('GET', '/api/users', 200)).toBe(false);
    expect(clearsSessions('POST', '/api/auth/login', 200)).toBe(false);
    expect(clearsSessions('POST', '/api/auth/me', 200)).toBe(false);
    expect(clearsSessions('PUT', '/api/staff/5', 422)).toBe(false);
  });

  describe('in the API', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await createTestApp({ sessionCacheMs: 60_000 });
    });
    afterAll(() => app.close());

    const me = (token: string) =>
      app.inject({ method: 'POST', url: '/api/auth/me', headers: authHeader(token) });

    it('lets a sign-out through this instance end the session at once', async () => {
      const token = await loginAs(app, 'teacher');
      expect((await me(token)).statusCode).toBe(200);
      const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeader(token) });
      expect(out.statusCode).toBeLessThan(300);
      expect((await me(token)).statusCode).toBe(401);
    });

    it('applies a change made elsewhere after the next write of this instance (or the cache time)', async () => {
      const parent = await loginAs(app, 'parent');
      const zavuch = await loginAs(app, 'zavuch');
      expect((await me(parent)).statusCode).toBe(200);
      // Another instance (here: SQL) deactivates the account: this one still holds the session…
      await app.db.execute(sql`update users set active = false where login = 'parent'`);
      expect((await me(parent)).statusCode).toBe(200);
      // …until a write that can change sessions goes through it.
      const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeader(zavuch) });
      expect(out.statusCode).toBeLessThan(300);
      expect((await me(parent)).statusCode).toBe(401);
      await app.db.execute(sql`update users set active = true where login = 'parent'`);
    });
  });
});
