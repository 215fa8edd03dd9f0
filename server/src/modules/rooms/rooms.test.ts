import type { LoadItem } from '@parta/shared/domain/contracts/timetable';
import { availabilitySchema, roomSchema } from '@parta/shared/domain/contracts/timetable-generator';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let load: LoadItem[];

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['zavuch', 'director2', 'student']) tokens[login] = await loginAs(app, login);
  load = (await call(app, tokens.zavuch, 'GET', '/api/load')).json().data;
}, 120_000);

afterAll(async () => {
  await app.close();
});

describe('rooms (/api/timetable/rooms)', () => {
  let gymId: number;

  it('adds, lists, changes and deletes a room, with a teacher’s home room', async () => {
    const teacherId = load.find((line) => line.teacher_id !== null)?.teacher_id as number;
    const created = await call(app, tokens.zavuch, 'POST', '/api/timetable/rooms', {
      name: 'Спортзал',
      capacity: 60,
      kind: 'gym',
    });
    expect(created.statusCode).toBe(201);
    const gym = roomSchema.parse(created.json().data);
    gymId = gym.id;
    expect(gym).toMatchObject({ name: 'Спортзал', capacity: 60, kind: 'gym', teacher_id: null });

    const home = await call(app, tokens.zavuch, 'POST', '/api/timetable/rooms', {
      name: 'Каб. 21',
      teacher_id: teacherId,
    });
    expect(home.statusCode).toBe(201);
    expect(home.json().data).toMatchObject({ kind: 'regular', capacity: null, teacher_id: teacherId });
    expect(home.json().data.teacher_name).toMatch(/^\S+ [А-ЯЁ]\. /);

    const list = await call(app, tokens.zavuch, 'GET', '/api/timetable/rooms');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((room: { name: string }) => room.name)).toEqual(['Каб. 21', 'Спортзал']);

    const changed = await call(app, tokens.zavuch, 'PUT', `/api/timetable/rooms/${home.json().data.id}`, {
      name: 'Каб. 22',
      capacity: 30,
      kind: 'lab',
      teacher_id: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Каб. 22', kind: 'lab', teacher_id: null });

    const removed = await call(app, tokens.zavuch, 'DELETE', `/api/timetable/rooms/${home.json().data.id}`);
    expect(removed.statusCode).toBe(200);
    const after = await call(app, tokens.zavuch, 'GET', '/api/timetable/rooms');
    expect(after.json().data).toHaveLength(1);
  });

  it('answers bad input with Russian field errors', async () => {
    const bad = await call(app, tokens.zavuch, 'POST', '/api/timetable/rooms', {
      name: '',
      capacity: 0,
      kind: 'pool',
    });
    expect(bad.statusCode).toBe(422);
    const text = JSON.stringify(bad.json());
    expect(text).toContain('Укажите название кабинета');
    expect(text).toContain('Вместимость');
    expect(text).toContain('Неизвестный вид кабинета');

    const duplicate = await call(app, tokens.zavuch, 'POST', '/api/timetable/rooms', { name: 'Спортзал' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual(['Кабинет с таким названием уже есть']);

    const foreignTeacher = await call(app, tokens.zavuch, 'POST', '/api/timetable/rooms', {
      name: 'Каб. 5',
      teacher_id: 1,
    });
    expect(foreignTeacher.statusCode).toBe(422);
    expect(foreignTeacher.json().errors.teacher_id).toEqual(['Учитель не найден в этой организации']);
  });

  it('is not found for another school’s director and refused to a pupil', async () => {
    const foreign = await call(app, tokens.director2, 'PUT', `/api/timetable/rooms/${gymId}`, {
      name: 'Мой',
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await call(app, tokens.director2, 'DELETE', `/api/timetable/rooms/${gymId}`);
    expect(foreignDelete.statusCode).toBe(404);
    const foreignList = await call(app, tokens.director2, 'GET', '/api/timetable/rooms');
    expect(foreignList.json().data).toEqual([]);
    expect((await call(app, tokens.student, 'GET', '/api/timetable/rooms')).statusCode).toBe(403);
    expect((await call(app, tokens.student, 'POST', '/api/timetable/rooms', { name: 'X' })).statusCode).toBe(
      403,
    );
  });

  it('a load line keeps the generator’s flags, requires a room of its own school, keeps flags left out', async () => {
    const line = load.find((item) => item.subgroup_id === null) as LoadItem;
    const body = {
      group_id: line.group_id,
      subgroup_id: null,
      subject_id: line.subject_id,
      teacher_id: line.teacher_id,
      hours_per_week: line.hours_per_week,
    };
    const saved = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, {
      ...body,
      room_kind: 'gym',
      room_id: gymId,
      pair_allowed: true,
      subgroups_parallel: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      room_kind: 'gym',
      room_id: gymId,
      room_name: 'Спортзал',
      pair_allowed: true,
      subgroups_parallel: false,
    });
    const kept = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, body);
    expect(kept.json().data).toMatchObject({ room_id: gymId, pair_allowed: true });
    const foreignRoom = await call(app, tokens.director2, 'POST', '/api/timetable/rooms', { name: 'Чужой' });
    const refused = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, {
      ...body,
      room_id: foreignRoom.json().data.id,
      room_kind: 'pool',
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('Неизвестный вид кабинета');
    const refusedRoom = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, {
      ...body,
      room_id: foreignRoom.json().data.id,
    });
    expect(refusedRoom.statusCode).toBe(422);
    expect(refusedRoom.json().errors.room_id).toEqual(['Кабинет не найден в этой организации']);
    const cleared = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, {
      ...body,
      room_kind: null,
      room_id: null,
      pair_allowed: false,
    });
    expect(cleared.json().data).toMatchObject({ room_kind: null, room_id: null, pair_allowed: false });
  });
});

describe('availability (/api/timetable/availability)', () => {
  it('replaces and reads a teacher’s and a class’s unavailable cells', async () => {
    const teacherId = load.find((line) => line.teacher_id !== null)?.teacher_id as number;
    const friday = [1, 2, 3, 4, 5, 6].map((n) => ({ weekday: 5, lesson_number: n }));
    const saved = await call(app, tokens.zavuch, 'PUT', '/api/timetable/availability', {
      teacher_id: teacherId,
      unavailable: friday,
    });
    expect(saved.statusCode).toBe(200);
    expect(availabilitySchema.parse(saved.json().data)).toEqual({
      teacher_id: teacherId,
      group_id: null,
      unavailable: friday,
    });
    const read = await call(app, tokens.zavuch, 'GET', `/api/timetable/availability?teacher_id=${teacherId}`);
    expect(read.json().data.unavailable).toEqual(friday);

    const groupId = load[0].group_id;
    const cls = await call(app, tokens.zavuch, 'PUT', '/api/timetable/availability', {
      group_id: groupId,
      unavailable: [{ weekday: 1, lesson_number: 1 }],
    });
    expect(cls.json().data).toEqual({
      teacher_id: null,
      group_id: groupId,
      unavailable: [{ weekday: 1, lesson_number: 1 }],
    });
    // The teacher's cells are untouched by the class's.
    const again = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/timetable/availability?teacher_id=${teacherId}`,
    );
    expect(again.json().data.unavailable).toHaveLength(6);
    const emptied = await call(app, tokens.zavuch, 'PUT', '/api/timetable/availability', {
      teacher_id: teacherId,
      unavailable: [],
    });
    expect(emptied.json().data.unavailable).toEqual([]);
  });

  it('answers bad cells and a missing owner with Russian field errors', async () => {
    const teacherId = load.find((line) => line.teacher_id !== null)?.teacher_id as number;
    const bad = await call(app, tokens.zavuch, 'PUT', '/api/timetable/availability', {
      teacher_id: teacherId,
      unavailable: [
        { weekday: 8, lesson_number: 0 },
        { weekday: 1, lesson_number: 1 },
        { weekday: 1, lesson_number: 1 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const text = JSON.stringify(bad.json());
    expect(text).toContain('День недели');
    expect(text).toContain('Номер урока');
    expect(text).toContain('Клетка повторяется');
    const noOwner = await call(app, tokens.zavuch, 'GET', '/api/timetable/availability');
    expect(noOwner.statusCode).toBe(422);
    expect(JSON.stringify(noOwner.json())).toContain('Укажите учителя или класс');
  });

  it('is not found for another school’s director and refused to a pupil', async () => {
    const teacherId = load.find((line) => line.teacher_id !== null)?.teacher_id as number;
    const foreign = await call(app, tokens.director2, 'PUT', '/api/timetable/availability', {
      teacher_id: teacherId,
      unavailable: [],
    });
    expect(foreign.statusCode).toBe(404);
    const foreignClass = await call(
      app,
      tokens.director2,
      'GET',
      `/api/timetable/availability?group_id=${load[0].group_id}`,
    );
    expect(foreignClass.statusCode).toBe(404);
    const pupil = await call(
      app,
      tokens.student,
      'GET',
      `/api/timetable/availability?teacher_id=${teacherId}`,
    );
    expect(pupil.statusCode).toBe(403);
  });
});
