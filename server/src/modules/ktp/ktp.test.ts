import {
  KTP_COLUMNS,
  ktpApplyResultSchema,
  ktpImportResultSchema,
  ktpPlanDetailSchema,
  ktpPlanSchema,
} from '@parta/shared/domain/contracts/ktp';
import { XLSX_MIME } from '@parta/shared/domain/contracts/people';
import type { LoadItem } from '@parta/shared/domain/contracts/timetable';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authHeader, call, createTestApp, loginAs } from '../../../test/helpers';
import { lessons } from '../../db/schema';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let groups: { id: number; name: string }[];
let teacherId: number;
let teacherLoads: LoadItem[];

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director2', 'zavuch', 'teacher', 'student', 'parent'])
    tokens[login] = await loginAs(app, login);
  groups = (await call(app, tokens.zavuch, 'GET', '/api/group')).json().data.groups;
  teacherId = (await call(app, tokens.teacher, 'POST', '/api/auth/me')).json().data.id;
  teacherLoads = (await call(app, tokens.zavuch, 'GET', `/api/load?teacher_id=${teacherId}`)).json().data;
}, 120_000);

afterAll(async () => {
  await app.close();
});

const group = (name: string) => groups.find((item) => item.name === name)!;
const planList = z.object({ data: z.array(ktpPlanSchema) });

async function workbook(rows: (string | number | Date | null)[][], header: readonly string[] = KTP_COLUMNS) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('КТП');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (token: string, planId: number, file: Buffer, dryRun: boolean) =>
  app.inject({
    method: 'POST',
    url: `/api/ktp/${planId}/import?dry_run=${dryRun}`,
    headers: { ...authHeader(token), 'content-type': XLSX_MIME },
    payload: file,
  });

describe('КТП plans', () => {
  it('the seed gives the demo teacher a plan per load line, applied to the lessons; only the caller’s school sees them', async () => {
    const response = await call(app, tokens.teacher, 'GET', `/api/ktp?teacher_id=${teacherId}`);
    expect(response.statusCode).toBe(200);
    const plans = planList.parse(response.json()).data;
    expect(plans.length).toBe(teacherLoads.length);
    expect(plans.every((plan) => plan.items_count > 10 && plan.teacher_id === teacherId)).toBe(true);
    const filled = await app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.teacherId, teacherId), isNotNull(lessons.ktpItemId)));
    expect(filled.length).toBeGreaterThan(100);

    const foreign = planList.parse((await call(app, tokens.director2, 'GET', '/api/ktp')).json()).data;
    expect(foreign.some((plan) => plan.id === plans[0].id)).toBe(false);
    expect((await call(app, tokens.director2, 'GET', `/api/ktp/${plans[0].id}`)).statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'GET', `/api/ktp/${plans[0].id}/export`)).statusCode).toBe(404);
    expect((await call(app, tokens.student, 'GET', '/api/ktp')).statusCode).toBe(403);
    expect((await call(app, tokens.parent, 'GET', `/api/ktp/${plans[0].id}`)).statusCode).toBe(403);
  });

  it('the seeded plans start at the first lesson of the year: the journal, the КТП and the diary agree', async () => {
    const plans = planList.parse(
      (await call(app, tokens.teacher, 'GET', `/api/ktp?teacher_id=${teacherId}`)).json(),
    ).data;
    for (const plan of plans) {
      const detail = ktpPlanDetailSchema.parse(
        (await call(app, tokens.teacher, 'GET', `/api/ktp/${plan.id}`)).json().data,
      );
      const held = await app.db
        .select({ date: lessons.date, topic: lessons.topic, item: lessons.ktpItemId })
        .from(lessons)
        .where(
          and(
            eq(lessons.classId, plan.group_id!),
            eq(lessons.subjectId, plan.subject_id),
            eq(lessons.teacherId, teacherId),
          ),
        )
        .orderBy(asc(lessons.date), asc(lessons.lessonNumber));
      // The first lesson of September carries item 1 (not a lesson in late November), and every
      // lesson the plan reaches carries its item's topic, none a hand-typed one in between.
      expect(held[0].item).toBe(detail.items[0].id);
      expect(held[0].topic).toBe(detail.items[0].topic);
      expect(detail.items[0].planned_date).toBe(held[0].date);
      const handTyped = held.filter((lesson) => lesson.topic !== null && lesson.item === null);
      expect(handTyped).toEqual([]);
    }
  });

  it('creates, edits in place and reorders items; a teacher’s plan is always their own', async () => {
    const load = teacherLoads[0];
    const other = teacherLoads.find((item) => item.subject_id !== load.subject_id) ?? load;
    const created = await call(app, tokens.teacher, 'POST', '/api/ktp', {
      name: 'Черновик',
      academic_year: '2026/2027',
      teacher_id: 1,
      subject_id: load.subject_id,
      group_id: load.group_id,
    });
    expect(created.statusCode).toBe(201);
    const plan = ktpPlanDetailSchema.parse(created.json().data);
    expect(plan.teacher_id).toBe(teacherId);
    expect(plan.grade).toBe(load.grade);

    const items = [
      { section: 'Раздел 1', topic: 'Первая тема', hours: 2, homework: '§1' },
      { topic: 'Вторая тема', hours: 1, control_type: 'Тест', planned_date: '2026-09-10' },
    ];
    const saved = await call(app, tokens.teacher, 'PUT', `/api/ktp/${plan.id}/items`, { items });
    expect(saved.statusCode).toBe(200);
    const reordered = await call(app, tokens.teacher, 'PUT', `/api/ktp/${plan.id}/items`, {
      items: [items[1], items[0]],
    });
    const detail = ktpPlanDetailSchema.parse(reordered.json().data);
    expect(detail.items.map((item) => [item.position, item.topic])).toEqual([
      [1, 'Вторая тема'],
      [2, 'Первая тема'],
    ]);
    expect(detail.hours_total).toBe(3);
    expect(detail.items[0].planned_date).toBe('2026-09-10');

    const renamed = await call(app, tokens.teacher, 'PUT', `/api/ktp/${plan.id}`, {
      name: 'План на год',
      academic_year: '2026/2027',
      subject_id: other.subject_id,
      group_id: other.group_id,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('План на год');
    expect((await call(app, tokens.teacher, 'DELETE', `/api/ktp/${plan.id}`)).statusCode).toBe(200);
    expect((await call(app, tokens.teacher, 'GET', `/api/ktp/${plan.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with Russian 422 messages', async () => {
    const load = teacherLoads[0];
    const bad = await call(app, tokens.teacher, 'POST', '/api/ktp', {
      name: '',
      academic_year: '2026-2027',
      subject_id: load.subject_id,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.name).toEqual(['Укажите название плана']);
    expect(errors.academic_year[0]).toMatch(/Учебный год/);
    expect(errors.group_id).toEqual(['Укажите класс или параллель']);

    const foreignClass = await call(app, tokens.director2, 'GET', '/api/group');
    const gymClass = foreignClass.json().data.groups[0].id;
    const outside = await call(app, tokens.teacher, 'POST', '/api/ktp', {
      name: 'Чужой класс',
      academic_year: '2026/2027',
      subject_id: load.subject_id,
      group_id: gymClass,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.group_id).toEqual(['Класс не найден']);

    const plans = planList.parse(
      (await call(app, tokens.teacher, 'GET', `/api/ktp?teacher_id=${teacherId}`)).json(),
    ).data;
    const items = await call(app, tokens.teacher, 'PUT', `/api/ktp/${plans[0].id}/items`, {
      items: [{ topic: 'Тема', hours: 120 }],
    });
    expect(items.statusCode).toBe(422);
    expect(items.json().errors['items.0.hours']).toEqual(['Часы — число от 0,5 до 99']);
  });

  it('a teacher cannot change another teacher’s plan; завуч (loads.edit) can; nobody copies out of the parallel', async () => {
    const someoneElse = (await call(app, tokens.zavuch, 'GET', `/api/load?group_id=${group('7Б').id}`))
      .json()
      .data.find((item: LoadItem) => item.teacher_id !== null && item.teacher_id !== teacherId) as LoadItem;
    const created = await call(app, tokens.zavuch, 'POST', '/api/ktp', {
      name: 'План коллеги',
      academic_year: '2026/2027',
      teacher_id: someoneElse.teacher_id,
      subject_id: someoneElse.subject_id,
      group_id: someoneElse.group_id,
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json().data;
    expect(plan.teacher_id).toBe(someoneElse.teacher_id);
    const items = { items: [{ topic: 'Тема', hours: 1 }] };
    expect((await call(app, tokens.teacher, 'PUT', `/api/ktp/${plan.id}/items`, items)).statusCode).toBe(404);
    expect((await call(app, tokens.teacher, 'DELETE', `/api/ktp/${plan.id}`)).statusCode).toBe(404);
    expect((await call(app, tokens.zavuch, 'PUT', `/api/ktp/${plan.id}/items`, items)).statusCode).toBe(200);
    expect((await call(app, tokens.director2, 'PUT', `/api/ktp/${plan.id}/items`, items)).statusCode).toBe(
      404,
    );

    const copy = await call(app, tokens.zavuch, 'POST', `/api/ktp/${plan.id}/copy`, {
      group_id: group('7А').id,
    });
    expect(copy.statusCode).toBe(201);
    const copied = ktpPlanDetailSchema.parse(copy.json().data);
    expect(copied.group_name).toBe('7А');
    expect(copied.items.map((item) => item.topic)).toEqual(['Тема']);
    const wrong = await call(app, tokens.zavuch, 'POST', `/api/ktp/${plan.id}/copy`, {
      group_id: group('8А').id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.group_id).toEqual(['Копировать можно только в класс той же параллели']);
  });
});

describe('КТП .xlsx import and export', () => {
  let planId: number;
  beforeAll(async () => {
    const load = teacherLoads[0];
    planId = (
      await call(app, tokens.teacher, 'POST', '/api/ktp', {
        name: 'Импорт',
        academic_year: '2026/2027',
        subject_id: load.subject_id,
        group_id: load.group_id,
      })
    ).json().data.id;
  });

  it('shows each row’s problem before saving and saves nothing while any row is wrong', async () => {
    const file = await workbook([
      [1, 'Дроби', 'Сложение дробей', 2, '§1', 'Опрос', '01.09.2026', ''],
      [2, 'Дроби', '', 1, '', '', '', ''],
      [3, 'Дроби', 'Вычитание дробей', 'два', '', '', '31.02.2026', ''],
      [4, '', 'Умножение дробей', 1, '', '', '', ''],
    ]);
    const dry = await upload(tokens.teacher, planId, file, true);
    expect(dry.statusCode).toBe(200);
    const checked = ktpImportResultSchema.parse(dry.json().data);
    expect(checked.saved).toBe(false);
    expect(checked.invalid).toBe(2);
    expect(checked.rows.map((row) => [row.row, row.problems])).toEqual([
      [2, []],
      [3, ['Укажите тему урока']],
      [4, ['Дата по плану не распознана: нужна дата дд.мм.гггг', 'Часы — число от 0,5 до 99']],
      [5, []],
    ]);
    expect(checked.rows[0]).toMatchObject({ topic: 'Сложение дробей', hours: 2, planned_date: '2026-09-01' });

    const real = ktpImportResultSchema.parse((await upload(tokens.teacher, planId, file, false)).json().data);
    expect(real.saved).toBe(false);
    expect(
      ktpPlanDetailSchema.parse((await call(app, tokens.teacher, 'GET', `/api/ktp/${planId}`)).json().data)
        .items,
    ).toEqual([]);
  });

  it('saves a clean file whole and exports the same columns back', async () => {
    const file = await workbook([
      [1, 'Дроби', 'Сложение дробей', 2, '§1', 'Опрос', '01.09.2026', ''],
      [2, 'Дроби', 'Вычитание дробей', '1,5', '§2, № 5', '', new Date(Date.UTC(2026, 8, 3)), '03.09.26'],
    ]);
    const saved = ktpImportResultSchema.parse(
      (await upload(tokens.teacher, planId, file, false)).json().data,
    );
    expect(saved).toMatchObject({ saved: true, invalid: 0 });
    const detail = ktpPlanDetailSchema.parse(
      (await call(app, tokens.teacher, 'GET', `/api/ktp/${planId}`)).json().data,
    );
    expect(detail.items.map((item) => [item.topic, item.hours, item.planned_date, item.actual_date])).toEqual(
      [
        ['Сложение дробей', 2, '2026-09-01', null],
        ['Вычитание дробей', 1.5, '2026-09-03', '2026-09-03'],
      ],
    );

    const exported = await call(app, tokens.teacher, 'GET', `/api/ktp/${planId}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe(XLSX_MIME);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...KTP_COLUMNS]);
    expect(sheet.getRow(3).getCell(3).value).toBe('Вычитание дробей');
    expect(sheet.getRow(3).getCell(7).value).toBe('03.09.2026');
    const again = ktpImportResultSchema.parse(
      (await upload(tokens.teacher, planId, exported.rawPayload, true)).json().data,
    );
    expect(again.invalid).toBe(0);
  });

  it('refuses a file that is not a workbook, a sheet without the header, and a plan of another school', async () => {
    const notExcel = await upload(tokens.teacher, planId, Buffer.from('not excel'), true);
    expect(notExcel.statusCode).toBe(422);
    expect(notExcel.json().errors.file[0]).toMatch(/Excel/);
    const noHeader = await upload(tokens.teacher, planId, await workbook([['x']], ['Что-то']), true);
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().errors.file[0]).toMatch(/Тема/);
    const file = await workbook([[1, '', 'Тема', 1]]);
    expect((await upload(tokens.director2, planId, file, true)).statusCode).toBe(404);
    expect((await upload(tokens.student, planId, file, true)).statusCode).toBe(403);
  });
});

describe('applying a plan to lessons', () => {
  it('fills the class’s lessons in order, keeps a topic typed by hand and skips cancelled lessons', async () => {
    const load = teacherLoads.find((item) => item.subgroup_id === null)!;
    const classLessons = await app.db
      .select()
      .from(lessons)
      .where(
        and(
          eq(lessons.classId, load.group_id),
          eq(lessons.subjectId, load.subject_id),
          eq(lessons.teacherId, teacherId),
        ),
      )
      .orderBy(asc(lessons.date), asc(lessons.lessonNumber));
    // The demo seed's journal typed topics on past lessons; start from lessons without any.
    await app.db
      .update(lessons)
      .set({ topic: null, homework: null, ktpItemId: null })
      .where(
        inArray(
          lessons.id,
          classLessons.map((lesson) => lesson.id),
        ),
      );
    const [first, second, third, fourth] = classLessons;
    await app.db
      .update(lessons)
      .set({ topic: 'Экскурсия в музей', ktpItemId: null })
      .where(eq(lessons.id, second.id));
    await app.db.update(lessons).set({ status: 'cancelled' }).where(eq(lessons.id, third.id));

    const planId = (
      await call(app, tokens.teacher, 'POST', '/api/ktp', {
        name: 'Новый план',
        academic_year: '2026/2027',
        subject_id: load.subject_id,
        group_id: load.group_id,
      })
    ).json().data.id;
    await call(app, tokens.teacher, 'PUT', `/api/ktp/${planId}/items`, {
      items: [
        { topic: 'Тема A', hours: 1, homework: 'д/з A' },
        { topic: 'Тема B', hours: 1 },
      ],
    });
    const applied = await call(app, tokens.teacher, 'POST', `/api/ktp/${planId}/apply`, {});
    expect(applied.statusCode).toBe(200);
    const result = ktpApplyResultSchema.parse(applied.json().data);
    expect(result).toMatchObject({ planned_hours: 2, given_hours: 2, hours_without_lesson: 0 });
    // Every later lesson the seeded plan had filled is cleared: this plan is shorter.
    expect(result.lessons_without_topic).toBe(classLessons.length - 1 - 1 - 2);

    const topicOf = async (id: number) => (await app.db.select().from(lessons).where(eq(lessons.id, id)))[0];
    expect((await topicOf(first.id)).topic).toBe('Тема A');
    expect((await topicOf(first.id)).homework).toBe('д/з A');
    expect((await topicOf(second.id)).topic).toBe('Экскурсия в музей');
    expect((await topicOf(fourth.id)).topic).toBe('Тема B');
    const plan = ktpPlanDetailSchema.parse(
      (await call(app, tokens.teacher, 'GET', `/api/ktp/${planId}`)).json().data,
    );
    expect(plan.items[0].planned_date).toBe(first.date);

    const overwrite = await call(app, tokens.teacher, 'POST', `/api/ktp/${planId}/apply`, {
      overwrite: true,
    });
    expect(overwrite.statusCode).toBe(200);
    expect((await topicOf(second.id)).topic).toBe('Тема B');

    const journal = await call(
      app,
      tokens.teacher,
      'GET',
      `/api/lessons?group_id=${load.group_id}&from=${first.date}&to=${fourth.date}`,
    );
    expect(journal.json().data.find((lesson: { id: number }) => lesson.id === first.id).topic).toBe('Тема A');

    const wrongClass = await call(app, tokens.teacher, 'POST', `/api/ktp/${planId}/apply`, {
      group_id: group('9Б').id,
    });
    expect(wrongClass.statusCode).toBe(422);
    expect((await call(app, tokens.director2, 'POST', `/api/ktp/${planId}/apply`, {})).statusCode).toBe(404);
  });
});
