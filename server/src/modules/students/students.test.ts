import {
  type Group,
  type StudentListItem,
  studentImportResultSchema,
  studentListSchema,
  studentSchema,
  XLSX_MIME,
} from '@parta/shared/domain/contracts/people';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { authHeader, call, createTestApp, loginAs, loginWithOneTimePassword } from '../../../test/helpers';
import { schoolToday } from '../clock/clock.service';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let groups: Group[];

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'teacher', 'student'])
    tokens[login] = await loginAs(app, login);
  groups = (await call(app, tokens.director, 'GET', '/api/group')).json().data.groups;
}, 120_000);

afterAll(async () => {
  await app.close();
});

const groupNamed = (name: string) => groups.find((group) => group.name === name)!;

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Список');
  sheet.addRow(['ФИО', 'Дата рождения', 'Класс']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function upload(token: string, file: Buffer, query: string) {
  return app.inject({
    method: 'POST',
    url: `/api/students/import?${query}`,
    headers: { ...authHeader(token), 'content-type': XLSX_MIME },
    payload: file,
  });
}

async function allStudentIds(token: string, query = ''): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const body = (
      await call(app, token, 'GET', `/api/students?per_page=100&status=all&page=${page}${query}`)
    ).json();
    ids.push(...body.data.map((student: StudentListItem) => student.id));
    if (page >= body.meta.last_page) return ids;
  }
}

describe('GET /api/students', () => {
  it('pages 15 at a time on the server with meta', async () => {
    const first = await call(app, tokens.director, 'GET', '/api/students');
    expect(first.statusCode).toBe(200);
    const body = studentListSchema.parse(first.json());
    expect(body.data).toHaveLength(15);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(body.meta.total).toBeGreaterThan(550);
    expect(body.meta.last_page).toBe(Math.ceil(body.meta.total / 15));
    expect(body.data[0].group_name).toMatch(/^\d{1,2}[А-Я]$/);

    const second = studentListSchema.parse(
      (await call(app, tokens.director, 'GET', '/api/students?page=2')).json(),
    );
    expect(second.meta.current_page).toBe(2);
    expect(second.data.some((student) => body.data.some((other) => other.id === student.id))).toBe(false);
  });

  it('filters by class and searches by any part of the full name', async () => {
    const fifth = groupNamed('5А');
    const inClass = studentListSchema.parse(
      (await call(app, tokens.director, 'GET', `/api/students?group_id=${fifth.id}&per_page=100`)).json(),
    );
    expect(inClass.meta.total).toBe(fifth.students_count);
    expect(inClass.data.every((student) => student.group_name === '5А')).toBe(true);

    const target = inClass.data[3];
    const query = encodeURIComponent(`${target.name.toLowerCase()} ${target.surname.slice(0, 4)}`);
    const found = studentListSchema.parse(
      (await call(app, tokens.director, 'GET', `/api/students?search=${query}`)).json(),
    );
    expect(found.data.map((student) => student.id)).toContain(target.id);
    expect(found.data.every((student) => student.surname.startsWith(target.surname.slice(0, 4)))).toBe(true);
  });

  it('needs students.view', async () => {
    expect((await call(app, tokens.student, 'GET', '/api/students')).statusCode).toBe(403);
    expect((await call(app, undefined, 'GET', '/api/students')).statusCode).toBe(401);
    expect((await call(app, tokens.teacher, 'GET', '/api/students')).statusCode).toBe(200);
  });
});

describe('student card', () => {
  it('answers the student with group_name, class, parents and the diary login', async () => {
    const demo = studentListSchema.parse(
      (
        await call(app, tokens.director, 'GET', `/api/students?group_id=${groupNamed('5А').id}&per_page=100`)
      ).json(),
    );
    let withLogin: ReturnType<typeof studentSchema.parse> | undefined;
    for (const student of demo.data) {
      const card = studentSchema.parse(
        (await call(app, tokens.director, 'GET', `/api/students/${student.id}`)).json().data,
      );
      if (card.login) {
        withLogin = card;
        break;
      }
    }
    expect(withLogin).toMatchObject({
      login: 'student',
      group_name: '5А',
      group: { number: 5, letter: 'А' },
    });
    expect(withLogin?.parents[0]).toMatchObject({ login: 'parent' });
  });

  it('validates in Russian with field errors', async () => {
    const response = await call(app, tokens.director, 'POST', '/api/students', {
      surname: ' ',
      birth_date: '2099-01-01',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      surname: ['Укажите фамилию'],
      name: ['Укажите имя'],
      birth_date: ['Дата рождения не может быть в будущем'],
    });
  });

  it('creates, moves to another class, marks as left and keeps the student', async () => {
    const created = await call(app, tokens.director, 'POST', '/api/students', {
      surname: 'Тестов',
      name: 'Пётр',
      patronymic: 'Ильич',
      birth_date: '2015-04-12',
      group_id: groupNamed('5А').id,
    });
    expect(created.statusCode).toBe(201);
    const student = studentSchema.parse(created.json().data);
    expect(student).toMatchObject({
      group_name: '5А',
      status: 'active',
      left_at: null,
      parents: [],
      login: null,
    });

    const again = await call(app, tokens.director, 'POST', '/api/students', {
      surname: 'Тестов',
      name: 'Пётр',
      patronymic: 'Ильич',
      birth_date: '2015-04-12',
    });
    expect(again.statusCode).toBe(422);

    const base = { surname: 'Тестов', name: 'Пётр', patronymic: 'Ильич', birth_date: '2015-04-12' };
    const moved = await call(app, tokens.director, 'PUT', `/api/students/${student.id}`, {
      ...base,
      group_id: groupNamed('5Б').id,
    });
    expect(moved.json().data).toMatchObject({ group_name: '5Б', group_id: groupNamed('5Б').id });

    const left = await call(app, tokens.director, 'PUT', `/api/students/${student.id}`, {
      ...base,
      group_id: groupNamed('5Б').id,
      status: 'left',
    });
    expect(left.json().data).toMatchObject({
      status: 'left',
      left_at: schoolToday(),
    });

    const active = await call(
      app,
      tokens.director,
      'GET',
      `/api/students?group_id=${groupNamed('5Б').id}&per_page=100`,
    );
    expect(active.json().data.map((s: StudentListItem) => s.id)).not.toContain(student.id);
    const all = await call(
      app,
      tokens.director,
      'GET',
      `/api/students?group_id=${groupNamed('5Б').id}&status=all&per_page=100`,
    );
    expect(all.json().data.map((s: StudentListItem) => s.id)).toContain(student.id);
  });

  it('creates a diary login once, which signs in as a student', async () => {
    const created = studentSchema.parse(
      (
        await call(app, tokens.director, 'POST', '/api/students', {
          surname: 'Дневников',
          name: 'Илья',
          patronymic: 'Олегович',
          group_id: groupNamed('7А').id,
        })
      ).json().data,
    );
    const response = await call(app, tokens.director, 'POST', `/api/students/${created.id}/login`, {});
    expect(response.statusCode).toBe(201);
    const { login, password } = response.json().data;
    expect(login).toBe('dnevnikov.io');
    const session = await loginAs(app, login, password);
    const me = (await call(app, session, 'POST', '/api/auth/me')).json().data;
    expect(me.permissions.map((permission: { key: string }) => permission.key)).toContain('diary.view');
    expect((await call(app, tokens.director, 'GET', `/api/students/${created.id}`)).json().data.login).toBe(
      login,
    );

    const again = await call(app, tokens.director, 'POST', `/api/students/${created.id}/login`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`У ученика уже есть вход в дневник: логин ${login}`);
    expect(
      (await call(app, tokens.director2, 'POST', `/api/students/${created.id}/login`, {})).statusCode,
    ).toBe(404);
  });

  it('refuses a class of another organization', async () => {
    const gymnasiumGroup = (await call(app, tokens.director2, 'GET', '/api/group')).json().data.groups[0];
    const response = await call(app, tokens.director, 'POST', '/api/students', {
      surname: 'Чужой',
      name: 'Класс',
      group_id: gymnasiumGroup.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ group_id: ['Класс не найден'] });
  });
});

describe('import and export', () => {
  it('checks every row on a dry run, saves only the good rows on commit', async () => {
    const file = await workbook([
      ['Импортова Анна Сергеевна', new Date(Date.UTC(2016, 2, 3)), '4а'],
      ['Импортов Борис', '05.06.2016', '4А'],
      ['Безклассов Иван', '07.08.2016', '4Я'],
    ]);
    const groupId = groupNamed('4А').id;
    const countBefore = (await call(app, tokens.director, 'GET', `/api/students?group_id=${groupId}`)).json()
      .meta.total;

    const dry = await upload(tokens.director, file, 'dry_run=true');
    expect(dry.statusCode).toBe(200);
    const preview = studentImportResultSchema.parse(dry.json().data);
    expect(preview).toMatchObject({ dry_run: true, total: 3, valid: 2, invalid: 1, created: 0 });
    expect(preview.rows[2]).toMatchObject({ row: 4, problems: ['Класс «4Я» не найден'] });
    expect(
      (await call(app, tokens.director, 'GET', `/api/students?group_id=${groupId}`)).json().meta.total,
    ).toBe(countBefore);

    const commit = studentImportResultSchema.parse(
      (await upload(tokens.director, file, 'dry_run=false')).json().data,
    );
    expect(commit).toMatchObject({ dry_run: false, valid: 2, invalid: 1, created: 2 });
    expect(
      (await call(app, tokens.director, 'GET', `/api/students?group_id=${groupId}`)).json().meta.total,
    ).toBe(countBefore + 2);

    const repeat = studentImportResultSchema.parse(
      (await upload(tokens.director, file, 'dry_run=true')).json().data,
    );
    expect(repeat.rows[0].problems).toEqual(['Такой ученик уже есть']);
  });

  it('answers 422 in Russian for a missing or unreadable file', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/api/students/import',
      headers: authHeader(tokens.director),
    });
    expect(empty.statusCode).toBe(422);
    const garbage = await upload(tokens.director, Buffer.from('not a workbook'), 'dry_run=true');
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().message).toBe('Не удалось прочитать файл: нужен файл Excel (.xlsx)');
  });

  it('exports the filtered list as .xlsx in the import format', async () => {
    const group = groupNamed('3Б');
    const response = await app.inject({
      method: 'GET',
      url: `/api/students/export?group_id=${group.id}`,
      headers: authHeader(tokens.director),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_MIME);
    expect(response.headers['content-disposition']).toContain('attachment');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'ФИО', 'Дата рождения', 'Класс', 'Статус']);
    expect(sheet.rowCount - 1).toBe(group.students_count);
    expect(sheet.getRow(2).getCell(3).value).toBe('3Б');
  });

  it('needs students.edit to import', async () => {
    // a subject teacher without class management: students.view only
    const me = (await call(app, tokens.director, 'POST', '/api/auth/me')).json().data;
    const roles = (await call(app, tokens.director, 'GET', '/api/roles')).json();
    const teacherRole = roles.find((role: { code: string }) => role.code === 'teacher');
    const created = await call(app, tokens.director, 'POST', '/api/users', {
      surname: 'Предметник',
      name: 'Пётр',
      login: 'subject.teacher',
      organization_id: me.organization.id,
      role_ids: [teacherRole.id],
      password: 'predmetnik-2026',
    });
    expect(created.statusCode).toBe(201);
    const token = await loginWithOneTimePassword(app, 'subject.teacher', 'predmetnik-2026');
    const file = await workbook([['Кто-то Новый', '01.01.2016', '4А']]);
    expect((await upload(token, file, 'dry_run=true')).statusCode).toBe(403);
    expect((await call(app, token, 'GET', '/api/students')).statusCode).toBe(200);
  });
});

describe('tenancy: director2 never reaches школа №1', () => {
  it('lists, searches and exports only its own students', async () => {
    const school1 = new Set(await allStudentIds(tokens.director));
    const own = await allStudentIds(tokens.director2);
    expect(own.length).toBeGreaterThan(100);
    expect(own.some((id) => school1.has(id))).toBe(false);
    const byForeignClass = await call(
      app,
      tokens.director2,
      'GET',
      `/api/students?group_id=${groupNamed('5А').id}`,
    );
    expect(byForeignClass.json().meta.total).toBe(0);
    const foreignExport = await app.inject({
      method: 'GET',
      url: `/api/students/export?group_id=${groupNamed('5А').id}`,
      headers: authHeader(tokens.director2),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(foreignExport.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBe(1);
  });

  it('gets 404 on every school №1 student and organization', async () => {
    const target = (await call(app, tokens.director, 'GET', '/api/students')).json()
      .data[0] as StudentListItem;
    const body = { surname: 'Взлом', name: 'Попытка' };
    expect((await call(app, tokens.director2, 'GET', `/api/students/${target.id}`)).statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'PUT', `/api/students/${target.id}`, body)).statusCode).toBe(
      404,
    );
    expect(
      (await call(app, tokens.director2, 'GET', `/api/students?organization_id=${target.organization_id}`))
        .statusCode,
    ).toBe(404);
    const file = await workbook([['Взлом Попытка', '01.01.2016', '5А']]);
    expect(
      (await upload(tokens.director2, file, `dry_run=true&organization_id=${target.organization_id}`))
        .statusCode,
    ).toBe(404);
    const created = await call(app, tokens.director2, 'POST', '/api/students', {
      ...body,
      group_id: target.group_id,
    });
    expect(created.statusCode).toBe(422);
  });
});

describe('row rule: a class teacher edits only the students of their own class', () => {
  async function firstStudentOf(groupName: string): Promise<StudentListItem> {
    const body = (
      await call(app, tokens.director, 'GET', `/api/students?group_id=${groupNamed(groupName).id}&per_page=1`)
    ).json();
    return body.data[0];
  }
  const cardOf = (student: StudentListItem, surname: string) => ({
    surname,
    name: student.name,
    patronymic: student.patronymic,
    birth_date: student.birth_date,
    group_id: student.group_id,
  });

  it('teacher (class teacher of 5А) saves a 5А student, but another class is not found and unchanged', async () => {
    const own = await firstStudentOf('5А');
    const saved = await call(app, tokens.teacher, 'PUT', `/api/students/${own.id}`, cardOf(own, own.surname));
    expect(saved.statusCode).toBe(200);

    const other = await firstStudentOf('6А');
    const refused = await call(
      app,
      tokens.teacher,
      'PUT',
      `/api/students/${other.id}`,
      cardOf(other, 'Чужой'),
    );
    expect(refused.statusCode).toBe(404);
    expect((await call(app, tokens.teacher, 'POST', `/api/students/${other.id}/login`, {})).statusCode).toBe(
      404,
    );
    const after = (await call(app, tokens.director, 'GET', `/api/students/${other.id}`)).json().data;
    expect(after.surname).toBe(other.surname);
    // Reading stays open to the whole school, as students.view says.
    expect((await call(app, tokens.teacher, 'GET', `/api/students/${other.id}`)).statusCode).toBe(200);
  });

  it('a class teacher cannot move their student into another class', async () => {
    const own = await firstStudentOf('5А');
    const moved = await call(app, tokens.teacher, 'PUT', `/api/students/${own.id}`, {
      ...cardOf(own, own.surname),
      group_id: groupNamed('6А').id,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.group_id).toBeDefined();
  });
});
