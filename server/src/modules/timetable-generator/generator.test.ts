import { type LoadItem, templateDetailSchema } from '@parta/shared/domain/contracts/timetable';
import { generationSchema } from '@parta/shared/domain/contracts/timetable-generator';
import { plural } from '@parta/shared/domain/plural';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { FAILED_REASON, GENERATION_JOB } from './generator.service';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // One solver job at a time on this instance (PARTA_SOLVER_CONCURRENCY=1), as on a small server.
  app = await createTestApp({
    queue: { concurrency: { [GENERATION_JOB]: 1 }, pollingSeconds: 0.5, maintenance: false },
  });
  for (const login of ['zavuch', 'director2', 'student']) tokens[login] = await loginAs(app, login);
}, 120_000);

afterAll(async () => {
  await app.close();
});

async function read(id: number, token = tokens.zavuch, on = app) {
  const response = await call(on, token, 'GET', `/api/timetable/generations/${id}`);
  expect(response.statusCode).toBe(200);
  return generationSchema.parse(response.json().data);
}

/** Polls until the generation is no longer under way (or, with `until`, reaches that status). */
async function waitFor(id: number, token = tokens.zavuch, until?: 'running') {
  for (;;) {
    const state = await read(id, token);
    if (until ? state.status === until : state.status !== 'running' && state.status !== 'queued')
      return state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function templatesOf(organizationId: number): Promise<number> {
  const { rows } = await app.dbHandle.executeSql(
    'select count(*)::int as n from timetable_templates where organization_id = $1',
    [organizationId],
  );
  return Number(rows[0].n);
}

async function organizationOf(token: string): Promise<number> {
  return (await call(app, token, 'POST', '/api/auth/me')).json().data.organization.id;
}

/** Sets a load line's required room kind, keeping the rest of it. */
async function requireKind(line: LoadItem, kind: LoadItem['room_kind']) {
  const saved = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, {
    group_id: line.group_id,
    subgroup_id: line.subgroup_id,
    subject_id: line.subject_id,
    teacher_id: line.teacher_id,
    hours_per_week: line.hours_per_week,
    room_kind: kind,
  });
  expect(saved.statusCode).toBe(200);
}

describe('POST /api/timetable/generations on the demo school', () => {
  let generationId: number;
  // Chemistry of one class needs the school's only laboratory, at first too small for the class.
  let chemistry: LoadItem;
  let labId: number;

  it('names a class larger than the only room of its kind before any search', async () => {
    const load: LoadItem[] = (await call(app, tokens.zavuch, 'GET', '/api/load')).json().data;
    chemistry = load.find(
      (line) => line.grade === 8 && line.subgroup_id === null && /хими/i.test(line.subject_name),
    ) as LoadItem;
    expect(chemistry).toBeDefined();
    const pupils = (
      await call(app, tokens.zavuch, 'GET', `/api/students?group_id=${chemistry.group_id}&per_page=1`)
    ).json().meta.total as number;
    expect(pupils).toBeGreaterThan(10);
    const lab = await call(app, tokens.zavuch, 'POST', '/api/timetable/rooms', {
      name: 'Лаборатория 1',
      kind: 'lab',
      capacity: 10,
    });
    expect(lab.statusCode).toBe(201);
    labId = lab.json().data.id;
    await requireKind(chemistry, 'lab');

    const started = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {});
    expect(started.statusCode).toBe(201);
    const state = await waitFor(started.json().data.id);
    expect(state.status).toBe('impossible');
    expect(state.template_id).toBeNull();
    const places = `${pupils} ${plural(pupils, 'место', 'места', 'мест')}`;
    expect(state.reasons).toEqual([
      `${chemistry.group_name} ${chemistry.subject_name} (${chemistry.teacher_name}), ${pupils} уч.: ` +
        `нет кабинета вида «лаборатория» на ${places} (самый большой — Лаборатория 1, 10 мест)`,
    ]);
  }, 60_000);

  it('makes a template with every load line’s hours and no double booking', async () => {
    // Rooms and availability: the fifth grade's PE needs the one gym, a teacher has Monday off.
    const before: LoadItem[] = (await call(app, tokens.zavuch, 'GET', '/api/load')).json().data;
    const gym = await call(app, tokens.zavuch, 'POST', '/api/timetable/rooms', {
      name: 'Спортзал',
      kind: 'gym',
    });
    expect(gym.statusCode).toBe(201);
    const pe = before.filter((line) => line.grade === 5 && /физическ/i.test(line.subject_name));
    expect(pe.length).toBeGreaterThan(0);
    for (const line of pe) await requireKind(line, 'gym');
    // The laboratory made large enough for the class.
    const lab = await call(app, tokens.zavuch, 'PUT', `/api/timetable/rooms/${labId}`, {
      name: 'Лаборатория 1',
      kind: 'lab',
      capacity: 40,
    });
    expect(lab.statusCode).toBe(200);
    const freeTeacher = before.find((line) => line.grade === 9 && line.teacher_id !== null)
      ?.teacher_id as number;
    const monday = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ weekday: 1, lesson_number: n }));
    const away = await call(app, tokens.zavuch, 'PUT', '/api/timetable/availability', {
      teacher_id: freeTeacher,
      unavailable: monday,
    });
    expect(away.statusCode).toBe(200);

    const started = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {
      template_name: 'Автоматическое расписание',
      time_limit_seconds: 60,
      seed: 3,
      // The first valid timetable is the test's subject: no minute of soft improvement.
      stop_at_first_valid: true,
    });
    expect(started.statusCode).toBe(201);
    generationId = started.json().data.id;
    // One generation under way at a time per school.
    const second = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Генерация расписания этой школы уже идёт/);
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

    expect(template.slots.some((slot) => slot.teacher_id === freeTeacher)).toBe(true);
    expect(template.slots.filter((slot) => slot.teacher_id === freeTeacher && slot.weekday === 1)).toEqual(
      [],
    );
    const peIds = new Set(pe.map((line) => line.id));
    const inGym = template.slots.filter((slot) => peIds.has(slot.load_id));
    expect(inGym.length).toBeGreaterThan(0);
    for (const slot of inGym) expect(slot.room).toBe('Спортзал');
    const inLab = template.slots.filter((slot) => slot.load_id === chemistry.id);
    expect(inLab).toHaveLength(Number(chemistry.hours_per_week));
    for (const slot of inLab) expect(slot.room).toBe('Лаборатория 1');
    const gymAt = inGym.map((slot) => `${slot.weekday}|${slot.lesson_number}`);
    expect(new Set(gymAt).size).toBe(gymAt.length);

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

    // A Russian school's day, as the class's timetable shows it: from the 1st lesson, no «окна», and
    // the 1st grade within its own bells (4 lessons) although the school rings 7 for the others.
    const gradeOf = new Map(load.map((line) => [line.id, line.grade]));
    const numbers = new Map<string, number[]>();
    for (const slot of template.slots) {
      const key = `${slot.group_id}|${slot.weekday}`;
      numbers.set(key, [...(numbers.get(key) ?? []), slot.lesson_number]);
      if (gradeOf.get(slot.load_id) === 1) expect(slot.lesson_number).toBeLessThanOrEqual(4);
    }
    expect(template.slots.some((slot) => gradeOf.get(slot.load_id) === 1)).toBe(true);
    for (const [key, day] of numbers) {
      const distinct = [...new Set(day)].sort((a, b) => a - b);
      expect({ key, day: distinct }).toEqual({ key, day: distinct.map((_, i) => i + 1) });
    }
    // The figures the result screen shows agree: per class (its subgroups' pupils too) and per teacher.
    const figures = state.figures;
    expect(figures?.classes.length).toBe(new Set(template.slots.map((slot) => slot.group_id)).size);
    for (const cls of figures?.classes ?? []) {
      expect({ name: cls.name, gaps: cls.gaps, late: cls.late_starts }).toEqual({
        name: cls.name,
        gaps: 0,
        late: 0,
      });
      const days = [...numbers].filter(([key]) => key.startsWith(`${cls.class_id}|`));
      expect(cls.longest_day).toBe(Math.max(...days.map(([, day]) => new Set(day).size)));
    }
    expect(figures?.teachers.length).toBe(new Set(template.slots.map((slot) => slot.teacher_id)).size);
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

  it('keeps its state in the database: another instance on it answers the same and refuses a second start', async () => {
    // An API instance that only serves requests (takes no generation jobs) on the same database.
    const other = await createTestApp({
      database: app.dbHandle,
      closeDatabase: false,
      queue: { concurrency: { [GENERATION_JOB]: 0 }, maintenance: false },
    });
    try {
      const started = await call(other, tokens.zavuch, 'POST', '/api/timetable/generations', {
        time_limit_seconds: 3,
      });
      expect(started.statusCode).toBe(201);
      const id = started.json().data.id;
      const again = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {});
      expect(again.statusCode).toBe(409);
      // The first app's worker runs it; both apps read the same row at every step.
      const running = await waitFor(id, tokens.zavuch, 'running');
      expect(running.total).toBeGreaterThan(0);
      const done = await waitFor(id);
      expect(done.status).toBe('done');
      expect(await read(id, tokens.zavuch, other)).toEqual(done);
      expect(done.template_id).not.toBeNull();
    } finally {
      await other.close();
    }
  }, 120_000);

  it('runs one solver job at a time: a second school waits queued with its place, then runs', async () => {
    const first = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {
      time_limit_seconds: 4,
    });
    expect(first.statusCode).toBe(201);
    const firstId = first.json().data.id;
    await waitFor(firstId, tokens.zavuch, 'running');
    const second = await call(app, tokens.director2, 'POST', '/api/timetable/generations', {
      time_limit_seconds: 1,
    });
    expect(second.statusCode).toBe(201);
    const secondId = second.json().data.id;
    const waiting = await read(secondId, tokens.director2);
    expect(waiting.status).toBe('queued');
    expect(waiting.queue_position).toBe(1);
    // While the first still runs, the second stays queued (the cap, not a slow poll).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    if ((await read(firstId)).status === 'running')
      expect((await read(secondId, tokens.director2)).status).toBe('queued');
    expect((await waitFor(firstId)).status).toBe('done');
    const after = await waitFor(secondId, tokens.director2);
    expect(after.status).toBe('done');
    expect(after.queue_position).toBeNull();
    expect(after.template_id).not.toBeNull();
  }, 120_000);

  it('writes the result in one transaction: a failed slot insert leaves no template and a Russian reason', async () => {
    const organizationId = await organizationOf(tokens.zavuch);
    const before = await templatesOf(organizationId);
    // A real database failure in the middle of saving: after the template row, at its slots.
    await app.dbHandle.executeSql(
      `create function parta_test_refuse_slots() returns trigger language plpgsql as $$
        begin raise exception 'slot refused by the test'; end $$;
        create trigger parta_test_refuse_slots before insert on timetable_slots
        for each statement execute function parta_test_refuse_slots();`,
    );
    try {
      const started = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {
        time_limit_seconds: 1,
      });
      expect(started.statusCode).toBe(201);
      const state = await waitFor(started.json().data.id);
      expect(state.status).toBe('failed');
      expect(state.reasons).toEqual([FAILED_REASON]);
      expect(state.template_id).toBeNull();
      expect(await templatesOf(organizationId)).toBe(before);
    } finally {
      await app.dbHandle.executeSql(
        'drop trigger parta_test_refuse_slots on timetable_slots; drop function parta_test_refuse_slots();',
      );
    }
  }, 120_000);

  it('stops a queued generation at once', async () => {
    const first = await call(app, tokens.zavuch, 'POST', '/api/timetable/generations', {
      time_limit_seconds: 3,
    });
    await waitFor(first.json().data.id, tokens.zavuch, 'running');
    const second = await call(app, tokens.director2, 'POST', '/api/timetable/generations', {
      time_limit_seconds: 1,
    });
    const id = second.json().data.id;
    const stop = await call(app, tokens.director2, 'POST', `/api/timetable/generations/${id}/stop`);
    expect(stop.statusCode).toBe(200);
    expect(stop.json().data.status).toBe('stopped');
    expect(stop.json().data.template_id).toBeNull();
    await waitFor(first.json().data.id);
    // The queue's job for it finds it stopped and leaves it so.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await read(id, tokens.director2)).status).toBe('stopped');
  }, 120_000);
});
