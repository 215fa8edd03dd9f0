import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseErrorCode, errorHandlerPlugin, HttpError, notFoundHandler } from './errors';

describe('error handler', () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const logged: unknown[] = [];
  const pglite = new PGlite();

  beforeAll(async () => {
    await pglite.exec(
      'create table logins (login text primary key); create table amounts (amount numeric(12,2))',
    );
    await app.register(errorHandlerPlugin);
    app.addHook('onError', async (_request, _reply, error) => {
      logged.push(error);
    });
    app.get('/boom', async () => {
      throw new Error('secret database detail');
    });
    app.get('/conflict', async () => {
      throw new HttpError(409, 'Такой класс уже есть');
    });
    app.get(
      '/bad-response',
      { schema: { response: { 200: z.object({ n: z.number() }) } } },
      async () => ({ n: 'x' }) as never,
    );
    app.post('/logins', async () => {
      await pglite.query(`insert into logins values ('ivanov.ii')`);
      return { ok: true };
    });
    app.post('/amounts/:value', async (request) => {
      await pglite.query('insert into amounts values ($1)', [(request.params as { value: string }).value]);
      return { ok: true };
    });
    app.get(
      '/things/:id',
      { schema: { params: z.object({ id: z.coerce.number().int().max(2_147_483_647) }) } },
      async () => ({ ok: true }),
    );
    app.setNotFoundHandler(notFoundHandler);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pglite.close();
  });

  it('hides 5xx details behind a Russian message', async () => {
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Внутренняя ошибка сервера' });
    expect(response.body).not.toContain('secret');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('passes service errors through with their status', async () => {
    const response = await app.inject({ url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Такой класс уже есть' });
  });

  it('answers 500 without details when a response breaks its schema', async () => {
    const response = await app.inject({ url: '/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Внутренняя ошибка сервера' });
  });

  it('answers 404 {message: "Не найдено"}', async () => {
    const response = await app.inject({ url: '/nothing' });
    expect(response.json()).toEqual({ message: 'Не найдено' });
  });

  it('answers 409 in Russian, not 500, when a unique constraint catches a race', async () => {
    expect((await app.inject({ method: 'POST', url: '/logins' })).statusCode).toBe(200);
    const second = await app.inject({ method: 'POST', url: '/logins' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Такая запись уже есть/);
  });

  it('answers 422, not 500, when the database refuses a value (numeric overflow, NUL, bad integer)', async () => {
    for (const value of ['99999999999999', 'not-a-number']) {
      const response = await app.inject({ method: 'POST', url: `/amounts/${value}` });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/^Проверьте введённые данные/);
      expect(response.body).not.toMatch(/numeric|syntax|SELECT|INSERT/i);
    }
    expect((await app.inject({ method: 'POST', url: '/amounts/12.5' })).statusCode).toBe(200);
  });

  it('answers 404 for a path id that fails its schema: no such record', async () => {
    const response = await app.inject({ url: '/things/2147483648' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Не найдено' });
  });

  it('finds the SQLSTATE behind wrappers', () => {
    const wrapped = new Error('Failed query', { cause: Object.assign(new Error('dup'), { code: '23505' }) });
    expect(databaseErrorCode(wrapped)).toBe('23505');
    expect(databaseErrorCode(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(databaseErrorCode(new Error('plain'))).toBeUndefined();
  });
});
