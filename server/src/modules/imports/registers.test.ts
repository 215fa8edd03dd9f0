import { importSchema } from '@parta/shared/domain/contracts/imports';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { importFile, newSchool, upload, waitForImport } from '../../../test/move-in';
import { IMPORT_JOB } from './imports.service';
import { registerHeaders } from './xlsx-register';

/**
 * The Excel registers (issue 50) into a new, empty school: staff, then classes with their class
 * teachers, then the load; each the same again changes nothing and a changed one updates what
 * changed; the template workbooks; rows refused with their number and column; the preview's
 * mapping changed on apply; access.
 */

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Лист1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const STAFF = [
  ['Фамилия', 'Имя', 'Отчество', 'Логин', 'Роли', 'Эл. почта'],
  ['Иванова', 'Анна', 'Петровна', 'ivanova.ap', 'Учитель, Классный руководитель', 'ivanova@school.test'],
  ['Петров', 'Игорь', null, null, null, 'petrov@school.test'],
  ['Сидорова', 'Мария', 'Ивановна', null, 'Завуч', null],
];
// Columns in another order, the letter in lower case.
const CLASSES = [
  ['Буква', 'Номер', 'Классный руководитель'],
  ['а', 5, 'Иванова Анна Петровна'],
  ['Б', 6, 'Сидорова Мария Ивановна'],
  ['В', 7, null],
];
const LOAD = [
  ['Класс', 'Предмет', 'Учитель', 'Часов в неделю', 'Подгруппа'],
  ['5А', 'Математика', 'Иванова Анна Петровна', 5, null],
  ['5А', 'Английский язык', 'Петров Игорь', 3, '1 группа'],
  ['5А', 'Английский язык', 'Петров Игорь', 3, '2 группа'],
  ['6 Б', 'Русский язык', 'Сидорова Мария Ивановна', '4,5', null],
];

let app: FastifyInstance;
let admin: string;
let school: { token: string; organizationId: number };

beforeAll(async () => {
  app = await createTestApp({
    queue: { concurrency: { [IMPORT_JOB]: 1 }, pollingSeconds: 0.5, maintenance: false },
  });
  admin = await loginAs(app, 'admin');
  school = await newSchool(app, admin);
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function rows<T>(query: string, params: unknown[]): Promise<T[]> {
  return (await app.dbHandle.executeSql(query, params)).rows as T[];
}

describe('the three registers into an empty school', () => {
  it('staff: told by the header row; accounts with their logins, roles and e-mail; nothing sent', async () => {
    const file = await workbook(STAFF);
    const preview = await upload(app, school.token, file, 'сотрудники.xlsx');
    expect(preview.statusCode).toBe(201);
    importSchema.parse(preview.json().data);
    expect(preview.json().data).toMatchObject({
      kind: 'xlsx-staff',
      preview: { days: null, creates_staff: true },
    });
    const { done } = await importFile(app, school.token, file, 'сотрудники.xlsx');
    expect(done.result).toEqual({ created: { teachers: 3 }, updated: {} });
    const staff = await rows<{
      surname: string;
      patronymic: string | null;
      login: string;
      email: string | null;
      roles: string;
    }>(
      `select u.surname, u.patronymic, u.login, u.email, string_agg(r.name, ', ' order by r.name) as roles
         from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
        where u.organization_id = $1 and u.surname in ('Иванова', 'Петров', 'Сидорова')
        group by 1, 2, 3, 4 order by 1`,
      [school.organizationId],
    );
    expect(staff).toEqual([
      {
        surname: 'Иванова',
        patronymic: 'Петровна',
        login: 'ivanova.ap',
        email: 'ivanova@school.test',
        roles: 'Классный руководитель, Учитель',
      },
      {
        surname: 'Петров',
        patronymic: null,
        login: expect.any(String),
        email: 'petrov@school.test',
        roles: 'Учитель',
      },
      { surname: 'Сидорова', patronymic: 'Ивановна', login: expect.any(String), email: null, roles: 'Завуч' },
    ]);
    const again = await importFile(app, school.token, file, 'сотрудники.xlsx');
    expect(again.preview.counts.teachers).toEqual({ total: 3, new: 0, existing: 3 });
    expect(again.done.result).toEqual({ created: {}, updated: {} });
    const changed = STAFF.map((r) => (r[0] === 'Петров' ? [...r.slice(0, 5), 'igor@school.test'] : r));
    const third = await importFile(app, school.token, await workbook(changed), 'сотрудники.xlsx');
    expect(third.done.result).toEqual({ created: {}, updated: { teachers: 1 } });
  }, 60_000);

  it('classes: number, letter and class teacher; again nothing; a new class teacher updated', async () => {
    const file = await workbook(CLASSES);
    const { preview, done } = await importFile(app, school.token, file, 'классы.xlsx');
    expect(preview.counts.classes).toEqual({ total: 3, new: 3, existing: 0 });
    expect(done.result).toEqual({ created: { classes: 3 }, updated: {} });
    const classes = await rows<{ name: string; manager: string | null }>(
      `select c.number || c.letter as name, u.surname as manager from classes c left join users u on u.id = c.manager_id
        where c.organization_id = $1 order by 1`,
      [school.organizationId],
    );
    expect(classes).toEqual([
      { name: '5А', manager: 'Иванова' },
      { name: '6Б', manager: 'Сидорова' },
      { name: '7В', manager: null },
    ]);
    expect((await importFile(app, school.token, file, 'классы.xlsx')).done.result).toEqual({
      created: {},
      updated: {},
    });
    const changed = CLASSES.map((r) => (r[0] === 'В' ? ['В', 7, 'Петров Игорь'] : r));
    expect((await importFile(app, school.token, await workbook(changed), 'классы.xlsx')).done.result).toEqual(
      {
        created: {},
        updated: { classes: 1 },
      },
    );
  }, 60_000);

  it('load: lines on the classes and staff there are; hours against СанПиН; again nothing; changed hours updated', async () => {
    const file = await workbook(LOAD);
    const { preview, done } = await importFile(app, school.token, file, 'нагрузка.xlsx');
    expect(preview.counts).toMatchObject({
      classes: { total: 2, new: 0 },
      teachers: { total: 3, new: 0 },
      subjects: { total: 3, new: 3 },
      subgroups: { total: 2, new: 2 },
      loads: { total: 4, new: 4 },
    });
    expect(preview.creates_staff).toBe(false);
    expect(preview.hours_by_class).toContainEqual({ name: '5А', hours: 8, max: 32, warning: null });
    expect(preview.hours_by_teacher).toContainEqual({ name: 'Петров Игорь', hours: 6, rates: 0.33 });
    expect(done.result).toEqual({ created: { subjects: 3, subgroups: 2, loads: 4 }, updated: {} });
    const [{ hours }] = await rows<{ hours: number }>(
      'select sum(hours_per_week)::float as hours from loads where organization_id = $1',
      [school.organizationId],
    );
    expect(hours).toBe(15.5);
    expect((await importFile(app, school.token, file, 'нагрузка.xlsx')).done.result).toEqual({
      created: {},
      updated: {},
    });
    const changed = LOAD.map((r) =>
      r[1] === 'Математика' ? ['5А', 'Математика', 'Иванова Анна Петровна', 6, null] : r,
    );
    expect(
      (await importFile(app, school.token, await workbook(changed), 'нагрузка.xlsx')).done.result,
    ).toEqual({
      created: {},
      updated: { loads: 1 },
    });
  }, 60_000);

  it('a close name is matched closely, and the user maps it elsewhere or to «новый» on apply', async () => {
    const file = await workbook([
      LOAD[0],
      ['7В', 'Математика', 'Иванова А. П.', 4, null],
      ['7В', 'Физика', 'Сидорова Мария Ивановна', 2, null],
    ]);
    const created = (await upload(app, school.token, file, 'нагрузка 7.xlsx')).json().data;
    const ivanova = created.preview.mappings.find((m: { source: string }) => m.source === 'Иванова А. П.');
    expect(ivanova).toMatchObject({ entity: 'teachers', target: 'Иванова Анна Петровна', match: 'close' });
    const petrov = created.preview.choices.teachers.find((c: { name: string }) => c.name === 'Петров Игорь');
    expect(petrov).toBeDefined();
    const wrong = await call(app, school.token, 'POST', `/api/imports/${created.id}/apply`, {
      mapping: { teachers: { 'Кто-то': petrov.id } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.mapping).toEqual(['«Кто-то» нет в файле']);
    const applied = await call(app, school.token, 'POST', `/api/imports/${created.id}/apply`, {
      mapping: { teachers: { 'Иванова А. П.': petrov.id, 'Сидорова Мария Ивановна': null } },
    });
    expect(applied.statusCode).toBe(202);
    expect(applied.json().data.preview.mappings).toContainEqual(
      expect.objectContaining({ source: 'Иванова А. П.', target: 'Петров Игорь', match: 'chosen' }),
    );
    const done = await waitForImport(app, school.token, created.id);
    expect(done.result.created).toMatchObject({ teachers: 1, loads: 2 });
    const lines = await rows<{ subject: string; teacher: string }>(
      `select s.name as subject, u.surname || ' ' || u.name as teacher from loads l
         join classes c on c.id = l.class_id join subjects s on s.id = l.subject_id join users u on u.id = l.teacher_id
        where l.organization_id = $1 and c.number = 7 order by 1`,
      [school.organizationId],
    );
    expect(lines).toEqual([
      { subject: 'Математика', teacher: 'Петров Игорь' },
      { subject: 'Физика', teacher: 'Сидорова Мария Ивановна' },
    ]);
    const [{ n }] = await rows<{ n: number }>(
      `select count(*)::int n from users where organization_id = $1 and surname = 'Сидорова'`,
      [school.organizationId],
    );
    expect(n).toBe(2);
  }, 60_000);
});

describe('template workbooks', () => {
  it.each(['xlsx-staff', 'xlsx-classes', 'xlsx-load'] as const)(
    '%s downloads and reads back',
    async (kind) => {
      const response = await call(app, school.token, 'GET', `/api/imports/templates/${kind}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const headers = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual(registerHeaders(kind));
      expect(book.getWorksheet('Пояснения')?.getRow(2).getCell(2).value).toMatch(/[А-Яа-я]/);
      // The template itself is told by its header row (and has no rows yet).
      const uploaded = await upload(app, school.token, response.rawPayload, 'шаблон.xlsx');
      expect(uploaded.statusCode).toBe(422);
      expect(uploaded.json().message).toBe('В реестре нет ни одной строки после заголовков');
    },
  );

  it('an unknown register is not found', async () => {
    expect((await call(app, school.token, 'GET', '/api/imports/templates/pdf')).statusCode).toBe(404);
  });
});

describe('rows refused with their number and column, in Russian', () => {
  const cases: [string, (string | number | null)[][], string][] = [
    [
      'hours not a number',
      [LOAD[0], LOAD[1], ['5А', 'Физика', null, 'много', null]],
      'Строка 3, столбец «Часов в неделю»: «много» — не число от 0,5 до 40 (с шагом 0,5)',
    ],
    [
      'a class with no letter',
      [LOAD[0], ['5', 'Физика', null, 2, null]],
      'Строка 2, столбец «Класс»: «5» — нужен номер и буква, например 5А',
    ],
    [
      'a class number 12',
      [CLASSES[0], ['А', 12, null]],
      'Строка 2, столбец «Номер»: «12» — не число от 1 до 11',
    ],
    [
      'a role the school has not',
      [STAFF[0], ['Орлов', 'Пётр', null, null, 'Космонавт', null]],
      'Строка 2, столбец «Роли»: роли «Космонавт» нет в школе',
    ],
    [
      'a login taken',
      [STAFF[0], ['Орлов', 'Пётр', null, 'ivanova.ap', null, null]],
      'Строка 2, столбец «Логин»: «ivanova.ap» уже занят',
    ],
    [
      'a bad e-mail',
      [STAFF[0], ['Орлов', 'Пётр', null, null, null, 'не почта']],
      'Строка 2, столбец «Эл. почта»: «не почта» — неверный адрес',
    ],
    [
      'no surname',
      [STAFF[0], [null, 'Пётр', null, null, null, null]],
      'Строка 2, столбец «Фамилия»: не заполнено',
    ],
    [
      'an unknown class teacher',
      [CLASSES[0], ['Г', 8, 'Некто Неизвестный']],
      'Строка 2, столбец «Классный руководитель»: «Некто Неизвестный» нет среди сотрудников школы',
    ],
  ];
  it.each(cases)('%s', async (_label, sheet, error) => {
    const response = await upload(app, school.token, await workbook(sheet), 'реестр.xlsx');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toContain(error);
  });

  it('a workbook of none of the registers, and a broken one', async () => {
    const other = await upload(app, school.token, await workbook([['ФИО', 'Дата рождения']]), 'x.xlsx');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/^Не узнать реестр по первой строке/);
    const broken = await upload(app, school.token, Buffer.from('PK\u0003\u0004 сломанный архив'), 'x.xlsx');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toMatch(/Excel/);
    const asked = await upload(app, school.token, await workbook(LOAD), 'x.xlsx', 'xlsx-staff');
    expect(asked.statusCode).toBe(422);
  });
});

describe('access', () => {
  it('a teacher may neither import a register nor download a template', async () => {
    const teacher = await loginAs(app, 'teacher');
    expect((await upload(app, teacher, await workbook(LOAD), 'x.xlsx')).statusCode).toBe(403);
    expect((await call(app, teacher, 'GET', '/api/imports/templates/xlsx-load')).statusCode).toBe(403);
  });

  it('a завуч may preview the staff register but not create the staff', async () => {
    const zavuch = await loginAs(app, 'zavuch');
    const created = await upload(
      app,
      zavuch,
      await workbook([STAFF[0], ['Орлов', 'Пётр', null, null, null, null]]),
      'x.xlsx',
    );
    expect(created.statusCode).toBe(201);
    expect((await call(app, zavuch, 'POST', `/api/imports/${created.json().data.id}/apply`)).statusCode).toBe(
      403,
    );
  });

  it('another school does not find a register import, nor maps to its records', async () => {
    const created = (await upload(app, school.token, await workbook(LOAD), 'x.xlsx')).json().data;
    const other = await loginAs(app, 'director');
    expect((await call(app, other, 'GET', `/api/imports/${created.id}`)).statusCode).toBe(404);
    expect(
      (await call(app, other, 'POST', `/api/imports/${created.id}/apply`, { mapping: {} })).statusCode,
    ).toBe(404);
    // An id of another school's record is not a choice here.
    const answer = (await call(app, other, 'GET', '/api/subject')).json();
    const theirs = (Array.isArray(answer) ? answer : answer.data) as { id: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    const mapped = await call(app, school.token, 'POST', `/api/imports/${created.id}/apply`, {
      mapping: { subjects: { Математика: theirs[0].id } },
    });
    expect(mapped.statusCode).toBe(422);
  });
});
