import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

describe('organizations: tree and settings', () => {
  let app: FastifyInstance;
  let director: string;
  let director2: string;
  let zavuch: string;
  let admin: string;
  let school1Id: number;
  let school2Id: number;

  beforeAll(async () => {
    app = await createTestApp();
    [director, director2, zavuch, admin] = await Promise.all(
      ['director', 'director2', 'zavuch', 'admin'].map((login) => loginAs(app, login)),
    );
    school1Id = (await call(app, director, 'POST', '/api/auth/me')).json().data.organization.id;
    school2Id = (await call(app, director2, 'POST', '/api/auth/me')).json().data.organization.id;
  });
  afterAll(async () => {
    await app.close();
  });

  describe('GET /api/organizations/my-and-children', () => {
    it('answers the school and its branch for the director', async () => {
      const response = await call(app, director, 'GET', '/api/organizations/my-and-children');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.map((org: { short_name: string }) => org.short_name)).toEqual([
        'МБОУ СОШ №1',
        'Филиал СОШ №1 (Берёзовка)',
      ]);
      expect(data[1].parent_id).toBe(school1Id);
      expect(Object.keys(data[0]).sort()).toEqual(['id', 'name', 'parent_id', 'short_name']);
    });

    it('answers only Гимназия №2 for director2 and every organization for the administrator', async () => {
      const own = (await call(app, director2, 'GET', '/api/organizations/my-and-children')).json().data;
      expect(own.map((org: { id: number }) => org.id)).toEqual([school2Id]);
      const all = (await call(app, admin, 'GET', '/api/organizations/my-and-children')).json().data;
      expect(all).toHaveLength(4);
    });

    it('needs a token', async () => {
      expect((await call(app, undefined, 'GET', '/api/organizations/my-and-children')).statusCode).toBe(401);
    });
  });

  describe('GET|PUT /api/organizations/settings', () => {
    it('answers every setting with its default as strings', async () => {
      const response = await call(app, director2, 'GET', '/api/organizations/settings');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: [
          { key: 'max_lessons_per_day', value: '7', default: '7' },
          { key: 'working_days_per_week', value: '6', default: '6' },
          { key: 'absence_correction_minutes', value: '15', default: '15' },
          { key: 'digest_hour', value: '18', default: '18' },
          { key: 'warnings_hour', value: '8', default: '8' },
          { key: 'quiet_hours_from', value: '21', default: '21' },
          { key: 'quiet_hours_to', value: '8', default: '8' },
          { key: 'email_by_default', value: '1', default: '1' },
          { key: 'marks_instant_by_default', value: '0', default: '0' },
          { key: 'max_teacher_lessons_per_week', value: '36', default: '36' },
          { key: 'extracurricular_break_minutes', value: '10', default: '10' },
          { key: 'extracurricular_absence_notices', value: '0', default: '0' },
          { key: 'homework_file_mb', value: '20', default: '20' },
          { key: 'homework_quota_mb', value: '5120', default: '5120' },
        ],
      });
    });

    it('saves valid values and answers the new list', async () => {
      const response = await call(app, director, 'PUT', '/api/organizations/settings', [
        { key: 'max_lessons_per_day', value: '8' },
        { key: 'working_days_per_week', value: '5' },
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { key: 'max_lessons_per_day', value: '8', default: '7' },
        { key: 'working_days_per_week', value: '5', default: '6' },
        { key: 'absence_correction_minutes', value: '15', default: '15' },
        { key: 'digest_hour', value: '18', default: '18' },
        { key: 'warnings_hour', value: '8', default: '8' },
        { key: 'quiet_hours_from', value: '21', default: '21' },
        { key: 'quiet_hours_to', value: '8', default: '8' },
        { key: 'email_by_default', value: '1', default: '1' },
        { key: 'marks_instant_by_default', value: '0', default: '0' },
        { key: 'max_teacher_lessons_per_week', value: '36', default: '36' },
        { key: 'extracurricular_break_minutes', value: '10', default: '10' },
        { key: 'extracurricular_absence_notices', value: '0', default: '0' },
        { key: 'homework_file_mb', value: '20', default: '20' },
        { key: 'homework_quota_mb', value: '5120', default: '5120' },
      ]);
      const again = (await call(app, director, 'GET', '/api/organizations/settings')).json().data;
      expect(again[0].value).toBe('8');
      // Гимназия №2 keeps its own values.
      const other = (await call(app, director2, 'GET', '/api/organizations/settings')).json().data;
      expect(other[0].value).toBe('7');
    });

    it('answers 422 with Russian field messages for out-of-range or non-integer values', async () => {
      const response = await call(app, director, 'PUT', '/api/organizations/settings', [
        { key: 'max_lessons_per_day', value: '13' },
        { key: 'working_days_per_week', value: '2.5' },
      ]);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.message).toBe('Проверьте введённые данные');
      expect(body.errors['0.value']).toEqual(['Уроков в день: целое число от 1 до 12']);
      expect(body.errors['1.value']).toEqual(['Рабочих дней в неделе: целое число от 1 до 7']);
      for (const bad of [
        [{ key: 'working_days_per_week', value: '0' }],
        [{ key: 'unknown', value: '1' }],
        {},
        [],
      ]) {
        expect((await call(app, director, 'PUT', '/api/organizations/settings', bad)).statusCode).toBe(422);
      }
    });

    it('needs organization.settings to change (завуч has not)', async () => {
      const response = await call(app, zavuch, 'PUT', '/api/organizations/settings', [
        { key: 'max_lessons_per_day', value: '6' },
      ]);
      expect(response.statusCode).toBe(403);
      expect((await call(app, zavuch, 'GET', '/api/organizations/settings')).statusCode).toBe(200);
    });

    it('director2 can neither read nor change the settings of школа №1', async () => {
      const read = await call(
        app,
        director2,
        'GET',
        `/api/organizations/settings?organization_id=${school1Id}`,
      );
      expect(read.statusCode).toBe(404);
      const write = await call(
        app,
        director2,
        'PUT',
        `/api/organizations/settings?organization_id=${school1Id}`,
        [{ key: 'max_lessons_per_day', value: '3' }],
      );
      expect(write.statusCode).toBe(404);
      const current = (await call(app, director, 'GET', '/api/organizations/settings')).json().data;
      expect(current[0].value).not.toBe('3');
    });
  });
});
