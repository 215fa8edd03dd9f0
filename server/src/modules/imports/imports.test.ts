import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importSchema } from '@parta/shared/domain/contracts/imports';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { importFile, newSchool, upload, waitForImport } from '../../../test/move-in';
import { IMPORT_JOB, MAX_IMPORT_BYTES } from './imports.service';

/** Imports (issue 50): a FET file into a new school, its preview, apply, a second apply, refusals, access. */

const SMALL = readFileSync(path.join(__dirname, 'fixtures/small-school.fet'), 'utf8');

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

describe('a FET file into an empty school', () => {
  let firstId: number;

  it('previews the file: every name new, the counts, the hours, what is not carried; nothing written', async () => {
    const response = await upload(app, school.token, SMALL, 'малая.fet');
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    importSchema.parse(data);
    firstId = data.id;
    expect(data).toMatchObject({ kind: 'fet', status: 'preview', file_name: 'малая.fet' });
    expect(data.preview.counts).toMatchObject({
      teachers: { total: 3, new: 3, existing: 0 },
      subjects: { total: 3, new: 3 },
      classes: { total: 2, new: 2 },
      subgroups: { total: 2, new: 2 },
      rooms: { total: 2, new: 2 },
      loads: { total: 5, new: 5 },
      unavailable: { total: 2, new: 2 },
      slots: { total: 2 },
    });
    expect(data.preview.mappings).toEqual(
      expect.arrayContaining([
        { entity: 'classes', source: '5А', target: '5А', target_id: null, match: 'new' },
        { entity: 'classes', source: 'Year 6', target: '6А', target_id: null, match: 'new' },
        { entity: 'teachers', source: 'Петров', target: 'Петров Петров', target_id: null, match: 'new' },
      ]),
    );
    // The class's week as the load screen counts it: the two English subgroups side by side once.
    expect(data.preview.hours_by_class).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: '5А', hours: 6, warning: null }),
        expect.objectContaining({ name: '6А', hours: 1 }),
      ]),
    );
    expect(data.preview.unsupported).toEqual(
      expect.arrayContaining([
        { name: 'Занятия без учеников', count: 1 },
        { name: 'ConstraintStudentsMaxGapsPerWeek', count: 1 },
        { name: 'ConstraintActivityPreferredRoom', count: 1 },
      ]),
    );
    expect(data.preview.creates_staff).toBe(true);
    const [{ n }] = await rows<{ n: number }>(
      'select count(*)::int n from loads where organization_id = $1',
      [school.organizationId],
    );
    expect(n).toBe(0);
  });

  it('applies it in the background: teachers, classes, subgroups, load, availability, the locked lessons', async () => {
    const applied = await call(app, school.token, 'POST', `/api/imports/${firstId}/apply`);
    expect(applied.statusCode).toBe(202);
    expect(applied.json().data.status).toBe('applying');
    const done = await waitForImport(app, school.token, firstId);
    expect(done.status).toBe('done');
    expect(done.result.created).toMatchObject({
      teachers: 3,
      subjects: 3,
      classes: 2,
      subgroups: 2,
      rooms: 2,
      loads: 5,
    });
    const loads = await rows<{
      class: string;
      subgroup: string | null;
      subject: string;
      teacher: string;
      hours: number;
    }>(
      `select c.number || c.letter as class, sg.name as subgroup, s.name as subject, u.surname as teacher,
              l.hours_per_week::float as hours
         from loads l join classes c on c.id = l.class_id join subjects s on s.id = l.subject_id
         left join subgroups sg on sg.id = l.subgroup_id left join users u on u.id = l.teacher_id
        where l.organization_id = $1 order by 1, 3, 2`,
      [school.organizationId],
    );
    expect(loads).toEqual([
      { class: '5А', subgroup: '5А англ 1', subject: 'Английский язык', teacher: 'Smith', hours: 1 },
      { class: '5А', subgroup: '5А англ 2', subject: 'Английский язык', teacher: 'Smith', hours: 1 },
      { class: '5А', subgroup: null, subject: 'Математика', teacher: 'Иванова', hours: 4 },
      { class: '5А', subgroup: null, subject: 'Физкультура', teacher: 'Петров', hours: 1 },
      { class: '6А', subgroup: null, subject: 'Физкультура', teacher: 'Петров', hours: 1 },
    ]);
    // Imported staff cannot sign in until the director hands them a one-time password.
    const staff = await rows<{ login: string; password_change_required: boolean }>(
      `select login, password_change_required from users where organization_id = $1 and surname = 'Иванова'`,
      [school.organizationId],
    );
    expect(staff).toEqual([{ login: expect.any(String), password_change_required: true }]);
    const cells = await rows<{ weekday: number; lesson_number: number }>(
      'select weekday, lesson_number from unavailable_cells where organization_id = $1 order by 1',
      [school.organizationId],
    );
    expect(cells).toEqual([
      { weekday: 1, lesson_number: 1 },
      { weekday: 5, lesson_number: 4 },
    ]);
    const slots = await rows<{ name: string; weekday: number; lesson_number: number }>(
      `select t.name, s.weekday, s.lesson_number from timetable_slots s join timetable_templates t on t.id = s.template_id
        where s.organization_id = $1 order by 3`,
      [school.organizationId],
    );
    expect(slots).toEqual([
      { name: 'малая', weekday: 2, lesson_number: 1 },
      { name: 'малая', weekday: 2, lesson_number: 2 },
    ]);
    const rooms = await rows<{ name: string; capacity: number }>(
      'select name, capacity from rooms where organization_id = $1 order by 1',
      [school.organizationId],
    );
    expect(rooms).toEqual([
      { name: '101', capacity: 30 },
      { name: 'Спортзал', capacity: 60 },
    ]);
  }, 60_000);

  it('the same file again maps every name to what exists and changes nothing', async () => {
    const { preview, done } = await importFile(app, school.token, SMALL, 'малая.fet');
    for (const entity of [
      'teachers',
      'subjects',
      'classes',
      'subgroups',
      'rooms',
      'loads',
      'unavailable',
      'slots',
    ])
      expect(preview.counts[entity].new).toBe(0);
    expect(preview.creates_staff).toBe(false);
    expect(done.status).toBe('done');
    expect(done.result).toEqual({ created: {}, updated: {} });
  }, 60_000);

  it('a changed file updates what changed', async () => {
    const changed = SMALL.replace('<Capacity>30</Capacity>', '<Capacity>28</Capacity>').replace(
      '<Duration>1</Duration><Total_Duration>1</Total_Duration><Id>3</Id>',
      '<Duration>2</Duration><Total_Duration>2</Total_Duration><Id>3</Id>',
    );
    const { done } = await importFile(app, school.token, changed, 'малая.fet');
    expect(done.result).toEqual({ created: {}, updated: { rooms: 1, loads: 1 } });
  }, 60_000);

  it('an import already applied is not applied twice', async () => {
    const again = await call(app, school.token, 'POST', `/api/imports/${firstId}/apply`);
    expect(again.statusCode).toBe(422);
  });

  it('lists the school’s imports, newest first', async () => {
    const list = await call(app, school.token, 'GET', '/api/imports');
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((i: { id: number }) => i.id);
    expect(ids.length).toBe(3);
    expect(ids[2]).toBe(firstId);
  });
});

describe('files that are refused with a Russian 422, and nothing changes', () => {
  const cases: [string, string][] = [
    ['not XML', 'это не XML, а просто текст'],
    ['a wrong format', '<?xml version="1.0"?><timetable><teachers/></timetable>'],
    ['a truncated file', SMALL.slice(0, Math.floor(SMALL.length / 2))],
    [
      'external entities',
      '<?xml version="1.0"?><!DOCTYPE fet [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><fet><Days_List>&xxe;</Days_List></fet>',
    ],
    [
      'an XML bomb',
      '<?xml version="1.0"?><!DOCTYPE fet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><fet>&b;</fet>',
    ],
    [
      'a name the file never declares',
      SMALL.replace(
        '<Subject>Физкультура</Subject><Students>5А</Students>',
        '<Subject>Химия</Subject><Students>5А</Students>',
      ),
    ],
  ];
  it.each(cases)('%s', async (_label, body) => {
    const response = await upload(
      app,
      school.token,
      body,
      'bad.fet',
      _label === 'a wrong format' ? 'fet' : undefined,
    );
    expect(response.statusCode).toBe(422);
    const answer = response.json();
    expect(answer.message).toMatch(/[А-Яа-я]/);
    expect(JSON.stringify(answer.errors)).toMatch(/[А-Яа-я]/);
    expect(response.body).not.toMatch(/root:|passwd|stack/);
  });

  it('names the undeclared subject', async () => {
    const response = await upload(app, school.token, cases[5][1]);
    expect(response.json().errors.file).toContain('Занятие 5: предмет «Химия» не объявлен в файле');
  });

  it('no file, an unknown kind, a kind the file is not', async () => {
    const none = await call(app, school.token, 'POST', '/api/imports', { file: 'x' });
    expect(none.statusCode).toBe(422);
    expect((await upload(app, school.token, SMALL, 'a.fet', 'pdf')).statusCode).toBe(422);
    const asc = await upload(app, school.token, SMALL, 'a.xml', 'asc');
    expect(asc.statusCode).toBe(422);
    expect(asc.json().errors.file).toEqual(['Файл не похож на то, что выбрано: Файл aSc Timetables (.xml)']);
    const register = await upload(app, school.token, SMALL, 'a.xlsx', 'xlsx-load');
    expect(register.statusCode).toBe(422);
  });

  it('a file over the limit is a 413', async () => {
    const response = await upload(app, school.token, Buffer.alloc(MAX_IMPORT_BYTES + 1, 32));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Слишком большой запрос');
  });
});

describe('access', () => {
  let importId: number;
  beforeAll(async () => {
    importId = (await upload(app, school.token, SMALL)).json().data.id;
  });

  it('another school does not find the import', async () => {
    const other = await loginAs(app, 'director');
    expect((await call(app, other, 'GET', `/api/imports/${importId}`)).statusCode).toBe(404);
    expect((await call(app, other, 'POST', `/api/imports/${importId}/apply`)).statusCode).toBe(404);
    const list = (await call(app, other, 'GET', '/api/imports')).json().data as { id: number }[];
    expect(list.map((i) => i.id)).not.toContain(importId);
  });

  it('a teacher may not import; a завуч may, but not create staff', async () => {
    const teacher = await loginAs(app, 'teacher');
    expect((await upload(app, teacher, SMALL)).statusCode).toBe(403);
    const zavuch = await loginAs(app, 'zavuch');
    const created = await upload(app, zavuch, SMALL);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.preview.creates_staff).toBe(true);
    const applied = await call(app, zavuch, 'POST', `/api/imports/${created.json().data.id}/apply`);
    expect(applied.statusCode).toBe(403);
  });
});
