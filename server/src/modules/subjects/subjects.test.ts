import { type Subject, subjectSchema } from '@parta/shared/domain/contracts/timetable';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let school1: Subject[];

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'zavuch', 'teacher', 'student'])
    tokens[login] = await loginAs(app, login);
  school1 = (await call(app, tokens.zavuch, 'GET', '/api/subject')).json();
}, 120_000);

afterAll(async () => {
  await app.close();
});

describe('GET /api/subject', () => {
  it('answers the bare list of the caller tree with ranks (SPEC §7)', async () => {
    const response = await call(app, tokens.zavuch, 'GET', '/api/subject');
    expect(response.statusCode).toBe(200);
    const list = z.array(subjectSchema).parse(response.json());
    expect(list.map((subject) => subject.name)).toEqual(expect.arrayContaining(['Русский язык', 'Алгебра']));
    expect(list.find((subject) => subject.name === 'Геометрия')?.rank).toBe(12);
    const other = z
      .array(subjectSchema)
      .parse((await call(app, tokens.director2, 'GET', '/api/subject')).json());
    const ours = new Set(list.map((subject) => subject.id));
    expect(other.length).toBeGreaterThan(0);
    expect(other.some((subject) => ours.has(subject.id))).toBe(false);
  });

  it('needs subjects.view to read and subjects.edit to write', async () => {
    expect((await call(app, tokens.student, 'GET', '/api/subject')).statusCode).toBe(403);
    expect((await call(app, undefined, 'GET', '/api/subject')).statusCode).toBe(401);
    expect((await call(app, tokens.teacher, 'POST', '/api/subject', { name: 'Астрономия' })).statusCode).toBe(
      403,
    );
  });
});

describe('POST, PUT, DELETE /api/subject', () => {
  it('creates, refuses a duplicate name and answers 422 in Russian on bad input', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/subject', {
      name: 'Астрономия',
      short_name: 'Астр.',
      rank: 7,
    });
    expect(created.statusCode).toBe(201);
    expect(subjectSchema.parse(created.json().data)).toMatchObject({
      name: 'Астрономия',
      rank: 7,
      archived: false,
    });
    expect((await call(app, tokens.zavuch, 'POST', '/api/subject', { name: 'Астрономия' })).statusCode).toBe(
      409,
    );
    const bad = await call(app, tokens.zavuch, 'POST', '/api/subject', { name: ' ', rank: 20 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toEqual(['Укажите название предмета']);
    expect(bad.json().errors.rank[0]).toContain('от 1 до 13');
  });

  it('renames, and answers 404 for another school’s subject', async () => {
    const subject = school1.find((item) => item.name === 'Музыка')!;
    const renamed = await call(app, tokens.zavuch, 'PUT', `/api/subject/${subject.id}`, {
      name: 'Музыка и пение',
      short_name: 'Музыка',
      rank: 2,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Музыка и пение');
    const foreign = await call(app, tokens.director2, 'PUT', `/api/subject/${subject.id}`, { name: 'Чужое' });
    expect(foreign.statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'DELETE', `/api/subject/${subject.id}`)).statusCode).toBe(404);
  });

  it('archives a subject the load uses and deletes an unused one', async () => {
    const used = school1.find((item) => item.name === 'Химия')!;
    const archived = await call(app, tokens.zavuch, 'DELETE', `/api/subject/${used.id}`);
    expect(archived.json()).toMatchObject({ archived: true });
    const list: Subject[] = (await call(app, tokens.zavuch, 'GET', '/api/subject')).json();
    expect(list.find((item) => item.id === used.id)?.archived).toBe(true);
    const fresh = (await call(app, tokens.zavuch, 'POST', '/api/subject', { name: 'Черчение' })).json().data;
    const deleted = await call(app, tokens.zavuch, 'DELETE', `/api/subject/${fresh.id}`);
    expect(deleted.json()).toMatchObject({ archived: false });
  });
});
