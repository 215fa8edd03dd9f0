import { type BellSchedule, bellListResponseSchema } from '@parta/shared/domain/contracts/timetable';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let schedules: BellSchedule[];

const lessons = [
  { number: 1, start_time: '08:00', end_time: '08:40' },
  { number: 2, start_time: '08:50', end_time: '09:30' },
];

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'zavuch', 'teacher', 'student'])
    tokens[login] = await loginAs(app, login);
  schedules = (await call(app, tokens.zavuch, 'GET', '/api/bell')).json().data;
}, 120_000);

afterAll(async () => {
  await app.close();
});

describe('GET /api/bell', () => {
  it('answers data.data (SPEC §7): the body’s data is the list, a default schedule and the 1st grade’s own', async () => {
    const response = await call(app, tokens.zavuch, 'GET', '/api/bell');
    expect(response.statusCode).toBe(200);
    // As for /auth/me and /organizations/my-and-children: `data` of the axios answer, then the body's `data`.
    expect(Array.isArray(response.json().data)).toBe(true);
    const list = bellListResponseSchema.parse(response.json()).data;
    const own = list.filter((schedule) => schedule.organization_id === list[0].organization_id);
    expect(own.find((schedule) => schedule.is_default)?.lessons).toHaveLength(7);
    const first = own.find((schedule) => schedule.grades.includes(1))!;
    expect(first.lessons).toHaveLength(4);
    expect(first.lessons[0]).toEqual({ number: 1, start_time: '08:30', end_time: '09:05' });
  });

  it('needs bells.view; another school’s schedule is not found', async () => {
    expect((await call(app, tokens.student, 'GET', '/api/bell')).statusCode).toBe(403);
    expect((await call(app, tokens.director2, 'GET', `/api/bell/${schedules[0].id}`)).statusCode).toBe(404);
    expect(
      (await call(app, tokens.director2, 'PUT', `/api/bell/${schedules[0].id}`, { name: 'x', lessons }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST, PUT, DELETE /api/bell', () => {
  it('creates a schedule; a new default demotes the old one', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/bell', {
      name: 'Сокращённый день',
      is_default: true,
      lessons,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Сокращённый день', is_default: true, lessons });
    const list: BellSchedule[] = (await call(app, tokens.zavuch, 'GET', '/api/bell')).json().data;
    const own = list.filter((schedule) => schedule.organization_id === created.json().data.organization_id);
    expect(own.filter((schedule) => schedule.is_default).map((schedule) => schedule.id)).toEqual([
      created.json().data.id,
    ]);
    const edited = await call(app, tokens.zavuch, 'PUT', `/api/bell/${created.json().data.id}`, {
      name: 'Сокращённый день',
      is_default: false,
      lessons: lessons.slice(0, 1),
    });
    expect(edited.json().data.lessons).toHaveLength(1);
    expect((await call(app, tokens.zavuch, 'DELETE', `/api/bell/${created.json().data.id}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses overlapping lessons, impossible times and a missing name with Russian messages', async () => {
    const overlap = await call(app, tokens.zavuch, 'POST', '/api/bell', {
      name: 'Ошибка',
      lessons: [lessons[0], { ...lessons[1], start_time: '08:30' }],
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors['lessons.1'][0]).toContain('раньше конца урока 1');
    const time = await call(app, tokens.zavuch, 'POST', '/api/bell', {
      name: '',
      lessons: [{ number: 1, start_time: '24:00', end_time: '08:40' }],
    });
    expect(time.statusCode).toBe(422);
    expect(time.json().errors.name).toBeDefined();
    expect(time.json().errors['lessons.0.start_time'][0]).toContain('ЧЧ:ММ');
  });

  it('needs bells.edit, and keeps a schedule a template uses', async () => {
    expect((await call(app, tokens.teacher, 'POST', '/api/bell', { name: 'x', lessons })).statusCode).toBe(
      403,
    );
    const used = schedules.find((schedule) => schedule.is_default)!;
    expect((await call(app, tokens.zavuch, 'DELETE', `/api/bell/${used.id}`)).statusCode).toBe(409);
  });
});
