import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandlerPlugin, HttpError, notFoundHandler } from './errors';

describe('error handler', () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const logged: unknown[] = [];

  beforeAll(async () => {
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
    app.setNotFoundHandler(notFoundHandler);
    await app.ready();
  });
  afterAll(() => app.close());

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
});
