import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { importSchema } from '@parta/shared/domain/contracts/imports';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { importFile, newSchool, upload } from '../../../test/move-in';
import { IMPORT_JOB } from './imports.service';

/**
 * An aSc Timetables XML export (issue 50) into new, empty schools, in UTF-8 and in windows-1251:
 * the teachers, subjects and classes are the file's, the load's hours its periods per week, the
 * template's slots its cards; a second import changes nothing; bad files are a Russian 422.
 */

const UTF8 = readFileSync(path.join(__dirname, 'fixtures/small-school.asc.xml'), 'utf8');

/** The same text in windows-1251 bytes, its declaration saying so. */
function cp1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from(
    [...text.replace('encoding="UTF-8"', 'encoding="windows-1251"')].map((ch) => {
      const b = byChar.get(ch);
      if (b === undefined) throw new Error(`no windows-1251 byte for ${ch}`);
      return b;
    }),
  );
}

type Node = Record<string, unknown>;
const many = (x: unknown): Node[] => (x === undefined ? [] : ((Array.isArray(x) ? x : [x]) as Node[]));

/** What the file says, read here on its own. */
function expected(xml: string) {
  const doc = (
    new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: false }).parse(
      xml,
    ) as { timetable: Node }
  ).timetable;
  const section = (name: string, item: string) => many((doc[name] as Node)[item]);
  const groups = section('groups', 'group');
  let hours = 0;
  for (const l of section('lessons', 'lesson')) {
    const ids = String(l.groupids ?? '').split(',');
    for (const classId of String(l.classids).split(',')) {
      const split = groups.filter(
        (g) => ids.includes(String(g.id)) && g.classid === classId && g.entireclass !== '1',
      );
      hours += Number(l.periodsperweek) * Math.max(split.length, 1);
    }
  }
  const perCard = new Map(section('lessons', 'lesson').map((l) => [l.id, Number(l.periodspercard)]));
  const classesOf = new Map(
    section('lessons', 'lesson').map((l) => [l.id, String(l.classids).split(',').length]),
  );
  const slots = section('cards', 'card').reduce(
    (sum, c) => sum + perCard.get(c.lessonid)! * classesOf.get(c.lessonid)!,
    0,
  );
  return {
    teachers: section('teachers', 'teacher').map((t) => String(t.name)),
    subjects: section('subjects', 'subject').map((s) => String(s.name)),
    hours,
    slots,
  };
}

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await createTestApp({
    queue: { concurrency: { [IMPORT_JOB]: 1 }, pollingSeconds: 0.5, maintenance: false },
  });
  admin = await loginAs(app, 'admin');
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function rows<T>(query: string, params: unknown[]): Promise<T[]> {
  return (await app.dbHandle.executeSql(query, params)).rows as T[];
}

const file = expected(UTF8);

describe.each([
  ['UTF-8', Buffer.from(UTF8, 'utf8')],
  ['windows-1251', cp1251(UTF8)],
])('an aSc file in %s into an empty school', (_encoding, bytes) => {
  let school: { token: string; organizationId: number };
  beforeAll(async () => {
    school = await newSchool(app, admin);
  }, 60_000);

  it('is told from its first bytes and previewed: every name new, the counts, the hours against СанПиН', async () => {
    const response = await upload(app, school.token, bytes, 'школа.xml');
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    importSchema.parse(data);
    expect(data).toMatchObject({ kind: 'asc', status: 'preview' });
    expect(data.preview).toMatchObject({ days: 5, lessons_per_day: 6, creates_staff: true });
    expect(data.preview.counts).toMatchObject({
      teachers: { total: 8, new: 8 },
      subjects: { total: 6, new: 6 },
      classes: { total: 4, new: 4 },
      subgroups: { total: 4, new: 4 },
      rooms: { total: 3, new: 3 },
      loads: { total: 13, new: 13 },
      slots: { total: file.slots },
    });
    expect(data.preview.mappings).toContainEqual({
      entity: 'classes',
      source: '6 А',
      target: '6А',
      target_id: null,
      match: 'new',
    });
    // 5А: русский 5 + математика 5 + английский (two groups side by side) 3.
    expect(data.preview.hours_by_class).toContainEqual({ name: '5А', hours: 13, max: 29, warning: null });
    expect(data.preview.unsupported).toContainEqual({ name: 'Второй и следующие учителя урока', count: 1 });
  });

  it('applies: teachers, subjects, classes, load hours = the periods per week, slots = the cards', async () => {
    const { done } = await importFile(app, school.token, bytes, 'школа.xml');
    expect(done.status).toBe('done');
    const staff = await rows<{ full: string; login: string; password_change_required: boolean }>(
      `select u.surname || ' ' || u.name as full, u.login, u.password_change_required
         from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
        where u.organization_id = $1 and r.code = 'teacher'`,
      [school.organizationId],
    );
    expect(staff.map((s) => s.full).sort()).toEqual([...file.teachers].sort());
    expect(staff.every((s) => s.password_change_required)).toBe(true);
    const subjects = await rows<{ name: string }>('select name from subjects where organization_id = $1', [
      school.organizationId,
    ]);
    expect(subjects.map((s) => s.name).sort()).toEqual([...file.subjects].sort());
    const classes = await rows<{ name: string }>(
      'select number || letter as name from classes where organization_id = $1 order by 1',
      [school.organizationId],
    );
    expect(classes.map((c) => c.name)).toEqual(['5А', '5Б', '6А', '7А']);
    const [{ hours }] = await rows<{ hours: number }>(
      'select coalesce(sum(hours_per_week), 0)::float as hours from loads where organization_id = $1',
      [school.organizationId],
    );
    expect(hours).toBe(file.hours);
    const english = await rows<{ subgroup: string; teacher: string; hours: number }>(
      `select sg.name as subgroup, u.surname as teacher, l.hours_per_week::float as hours
         from loads l join classes c on c.id = l.class_id join subgroups sg on sg.id = l.subgroup_id
         join users u on u.id = l.teacher_id
        where l.organization_id = $1 and c.number = 5 and c.letter = 'А' order by 1`,
      [school.organizationId],
    );
    expect(english).toEqual([
      { subgroup: '1 группа', teacher: 'Смирнова', hours: 3 },
      { subgroup: '2 группа', teacher: 'Кузнецов', hours: 3 },
    ]);
    const slots = await rows<{ name: string; weekday: number; lesson_number: number; class: string }>(
      `select t.name, s.weekday, s.lesson_number, c.number || c.letter as class
         from timetable_slots s join timetable_templates t on t.id = s.template_id join classes c on c.id = s.class_id
        where s.organization_id = $1 order by 2, 3, 4`,
      [school.organizationId],
    );
    expect(slots.length).toBe(file.slots);
    expect(slots.every((s) => s.name === 'школа')).toBe(true);
    // The double lesson of 5Б on Wednesday, 4th and 5th.
    expect(slots.filter((s) => s.class === '5Б' && s.weekday === 3).map((s) => s.lesson_number)).toEqual([
      4, 5,
    ]);
    const rooms = await rows<{ name: string; capacity: number | null }>(
      'select name, capacity from rooms where organization_id = $1 order by 1',
      [school.organizationId],
    );
    expect(rooms).toEqual([
      { name: 'Кабинет 101', capacity: 30 },
      { name: 'Кабинет 102', capacity: 28 },
      { name: 'Спортзал', capacity: null },
    ]);
  }, 60_000);

  it('a second import changes nothing', async () => {
    const { preview, done } = await importFile(app, school.token, bytes, 'школа.xml');
    for (const entity of ['teachers', 'subjects', 'classes', 'subgroups', 'rooms', 'loads', 'slots'])
      expect(preview.counts[entity].new).toBe(0);
    expect(preview.creates_staff).toBe(false);
    expect(done.result).toEqual({ created: {}, updated: {} });
  }, 60_000);
});

describe('aSc files refused with a Russian 422', () => {
  let token: string;
  beforeAll(async () => {
    token = (await newSchool(app, admin)).token;
  }, 60_000);

  const cases: [string, Buffer | string, string | undefined][] = [
    ['not XML', 'это не XML', 'asc'],
    ['a FET file as aSc', '<?xml version="1.0"?><fet version="6"><Days_List/></fet>', 'asc'],
    ['no version', '<?xml version="1.0"?><timetable><lessons/></timetable>', undefined],
    ['truncated', UTF8.slice(0, Math.floor(UTF8.length / 2)), undefined],
    [
      'a DTD',
      '<?xml version="1.0"?><!DOCTYPE timetable [<!ENTITY x SYSTEM "file:///etc/passwd">]><timetable ascttversion="2012">&x;</timetable>',
      undefined,
    ],
    [
      'bad UTF-8',
      Buffer.concat([Buffer.from(UTF8.slice(0, 200)), Buffer.from([0xff, 0xfe, 0xc3])]),
      undefined,
    ],
    ['an unknown encoding', UTF8.replace('encoding="UTF-8"', 'encoding="x-klingon"'), undefined],
    ['a lesson of an undeclared subject', UTF8.replace('subjectid="*6"', 'subjectid="*99"'), undefined],
    [
      'a card of an undeclared lesson',
      UTF8.replace('<card lessonid="*9"', '<card lessonid="*77"'),
      undefined,
    ],
    [
      'lessons without the columns',
      UTF8.replace('columns="id,subjectid,classids,', 'columns="id,'),
      undefined,
    ],
  ];
  it.each(cases)('%s', async (_label, body, kind) => {
    const response = await upload(app, token, body, 'bad.xml', kind);
    expect(response.statusCode).toBe(422);
    const answer = response.json();
    expect(answer.message).toMatch(/[А-Яа-я]/);
    expect(JSON.stringify(answer.errors)).toMatch(/[А-Яа-я]/);
    expect(response.body).not.toMatch(/root:|passwd|stack/);
  });

  it('reads the predefined entities of a name, and leaves a lesson of no hours out', async () => {
    const body = UTF8.replace('name="Биология"', 'name="Биология &amp; экология"').replace(
      'periodsperweek="1.5"',
      'periodsperweek="0"',
    );
    const response = await upload(app, token, body, 'a.xml');
    expect(response.statusCode).toBe(201);
    const { preview } = response.json().data;
    expect(preview.mappings).toContainEqual(expect.objectContaining({ source: 'Биология & экология' }));
    expect(preview.counts.loads.total).toBe(12);
    expect(preview.unsupported).toContainEqual({ name: 'Уроки без часов в неделю', count: 1 });
  });

  it('names what is undeclared', async () => {
    const response = await upload(app, token, cases[7][1]);
    expect(response.json().errors.file).toContain('Урок *10: предмет «*99» не объявлен в файле');
  });

  it('a teacher may not import an aSc file; another school does not find it', async () => {
    const teacher = await loginAs(app, 'teacher');
    expect((await upload(app, teacher, UTF8, 'a.xml')).statusCode).toBe(403);
    const created = await upload(app, token, UTF8, 'a.xml');
    const other = await loginAs(app, 'director');
    const id = created.json().data.id;
    expect((await call(app, other, 'GET', `/api/imports/${id}`)).statusCode).toBe(404);
    expect((await call(app, other, 'POST', `/api/imports/${id}/apply`, {})).statusCode).toBe(404);
  });
});
