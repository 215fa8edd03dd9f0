import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../test/helpers';

describe('validation messages', () => {
  let app: FastifyInstance;
  let director: string;
  beforeAll(async () => {
    app = await createTestApp();
    director = await loginAs(app, 'director');
  });
  afterAll(() => app.close());

  it('are Russian even where a contract names no message of its own (zod locale from the contracts)', async () => {
    // pageQuerySchema limits per_page to 100 without a message of its own: zod's locale supplies it.
    const response = await call(app, director, 'GET', '/api/students?per_page=500');
    expect(response.statusCode).toBe(422);
    const [message] = response.json().errors.per_page as string[];
    expect(message).toMatch(/[А-Яа-яЁё]/);
    expect(message).toMatch(/100/);
  });
});
