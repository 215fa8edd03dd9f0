import { type LoadItem, templateDetailSchema } from '@parta/shared/domain/contracts/timetable';
import { generationSchema } from '@parta/shared/domain/contracts/timetable-generator';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['zavuch', 'director2', 'student']) tokens[login] = await loginAs(app, login);
}, 120_000);

afterAll(async () => {
  await app.close();
});

async function waitFor(id: number, token = tokens.zavuch) {
  for (;;) {
    const response = await call(app, token, 'GET', `/api/timetable/generations/${id}`);
    expect(response.statusCode).toBe(200);
    const state = generationSchema.parse(response.json().data);
    if (state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('POST /api/timetable/generations on the demo school', () => {
  let generationId: number;

  it('makes a template with every load line’s hours and no double booking', async () => {
    const started = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {
      template_name: 'Автоматическое расписание',
      time_limit_seconds: 60,
      seed: 3,
    });
    expect(started.statusCode).toBe(201);
    generationId = started.json().data.id;
    // One generation at a time per school.
    const second = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {});
    expect([201, 409]).toContain(second.statusCode);
    if (second.statusCode === 201) await waitFor(second.json().data.id);
    const state = await waitFor(generationId);
    expect(state.reasons).toEqual([]);
    expect(state.status).toBe('done');
    expect(state.hard_violations).toBe(0);
    expect(state.placed).toBe(state.total);
    expect(state.template_id).not.toBeNull();

    const template = templateDetailSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `/api/timetable/templates/${state.template_id}`)).json().data,
    );
    expect(template.name).toBe('Автоматическое расписание');
    const load: LoadItem[] = (await call(app, tokens.zavuch, 'GET', '/api/load')).json().data;
    const placed = new Map<number, number>();
    for (const slot of template.slots) placed.set(slot.load_id, (placed.get(slot.load_id) ?? 0) + 1);
    const inYear = load.filter((line) => placed.has(line.id));
    expect(inYear.length).toBeGreaterThan(20);
    for (const line of inYear) expect(placed.get(line.id)).toBe(Number(line.hours_per_week));
    expect(template.slots).toHaveLength(state.total);

    const teacherAt = new Set<string>();
    const classAt = new Map<string, Set<number | null>>();
    for (const slot of template.slots) {
      const at = `${slot.weekday}|${slot.lesson_number}`;
      if (slot.teacher_id !== null) {
        const key = `${slot.teacher_id}|${at}`;
        expect(teacherAt.has(key)).toBe(false);
        teacherAt.add(key);
      }
      const key = `${slot.group_id}|${at}`;
      const taken = classAt.get(key) ?? new Set();
      // A class is in one lesson at a time; only different subgroups may share a cell.
      expect(taken.has(null)).toBe(false);
      if (slot.subgroup_id === null) expect(taken.size).toBe(0);
      expect(taken.has(slot.subgroup_id)).toBe(false);
      taken.add(slot.subgroup_id);
      classAt.set(key, taken);
    }
  }, 240_000);

  it('is not found for another school’s director, refused to a pupil', async () => {
    const foreign = await call(app, tokens.director2, 'GET', `/api/timetable/generations/${generationId}`);
    expect(foreign.statusCode).toBe(404);
    const foreignStop = await call(
      app,
      tokens.director2,
      'POST',
      `/api/timetable/generations/${generationId}/stop`,
    );
    expect(foreignStop.statusCode).toBe(404);
    const pupil = await call(app, tokens.student, 'POST', '/api/timetable/generations', {});
    expect(pupil.statusCode).toBe(403);
    const pupilRead = await call(app, tokens.student, 'GET', `/api/timetable/generations/${generationId}`);
    expect(pupilRead.statusCode).toBe(403);
  });

  it('answers bad options with Russian field errors', async () => {
    const response = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {
      time_limit_seconds: 0,
      weights: { teacher_gaps: 500 },
    });
    expect(response.statusCode).toBe(422);
    const text = JSON.stringify(response.json());
    expect(text).toContain('Время поиска');
    expect(text).toContain('Окна учителей');
  });

  it('stops a running generation and keeps the best so far', async () => {
    const started = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {
      time_limit_seconds: 120,
      seed: 5,
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().data.id;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stop = await call(app, tokens.zavuch, 'POST', `/api/timetable/generations/${id}/stop`);
    expect(stop.statusCode).toBe(200);
    const state = await waitFor(id);
    expect(['stopped', 'done']).toContain(state.status);
    expect(state.template_id).not.toBeNull();
    expect(state.seconds).toBeLessThan(100);
  }, 240_000);
});
