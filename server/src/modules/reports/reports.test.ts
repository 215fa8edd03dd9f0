import { XLSX_MIME } from '@parta/shared/domain/contracts/people';
import {
  academicPerformanceReportSchema,
  classificationReportSchema,
  journalCompletionReportSchema,
} from '@parta/shared/domain/contracts/reports';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, yearOfLesson } from '../../../test/helpers';
import {
  classes,
  finalMarks,
  ktpItems,
  ktpPlans,
  lessons,
  loads,
  marks,
  organizations,
  periods,
  students,
  subjects,
} from '../../db/schema';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let classId: number;
let periodId: number;
let subjectIds: number[];
let studentIds: number[];
let teacherId: number;

/**
 * A class 6В of twelve students counted by hand. Final marks of I четверть in subjects A, B, C:
 *  0, 1  5 5 5      отличники
 *  2     5 4 5      хорошист с одной «4»
 *  3, 4  4 4 5      хорошисты
 *  5     3 5 5      троечник с одной «3»
 *  6     3 3 4      троечник
 *  7     2 3 4      неуспевающий, одна «2»
 *  8     2 2 3      неуспевающий, две «2»
 *  9     Н/А 4 5    не аттестован
 * 10     осв ×3     освобождён: out of N
 * 11     4 3 4      троечник с одной «3»
 */
const MARKS = [
  ['5', '5', '5'],
  ['5', '5', '5'],
  ['5', '4', '5'],
  ['4', '4', '5'],
  ['4', '4', '5'],
  ['3', '5', '5'],
  ['3', '3', '4'],
  ['2', '3', '4'],
  ['2', '2', '3'],
  ['Н/А', '4', '5'],
  ['осв', 'осв', 'осв'],
  ['4', '3', '4'],
] as const;

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director2', 'zavuch', 'teacher', 'student', 'parent'])
    tokens[login] = await loginAs(app, login);
  teacherId = (await call(app, tokens.teacher, 'POST', '/api/auth/me')).json().data.id;
  const [school] = await app.db.select().from(organizations).where(eq(organizations.name, 'МБОУ СОШ №1'));
  const organizationId =
    school?.id ?? (await call(app, tokens.zavuch, 'POST', '/api/auth/me')).json().data.organization.id;
  [{ id: classId }] = await app.db
    .insert(classes)
    .values({ organizationId, number: 6, letter: 'В', academicYear: '2026/2027' })
    .returning({ id: classes.id });
  [{ id: periodId }] = await app.db
    .select({ id: periods.id })
    .from(periods)
    .where(and(eq(periods.organizationId, organizationId), eq(periods.name, 'I четверть')));
  subjectIds = (
    await app.db
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.organizationId, organizationId))
      .orderBy(asc(subjects.id))
      .limit(3)
  ).map((row) => row.id);
  await app.db
    .insert(loads)
    .values(
      subjectIds.map((subjectId) => ({ organizationId, classId, subjectId, teacherId, hoursPerWeek: 2 })),
    );
  studentIds = (
    await app.db
      .insert(students)
      .values(
        MARKS.map((_, index) => ({
          organizationId,
          classId,
          surname: `Ученик${String(index).padStart(2, '0')}`,
          name: 'Тест',
        })),
      )
      .returning({ id: students.id })
  ).map((row) => row.id);
  await app.db.insert(finalMarks).values(
    MARKS.flatMap((row, student) =>
      row.map((value, subject) => ({
        organizationId,
        studentId: studentIds[student],
        subjectId: subjectIds[subject],
        periodId,
        value,
      })),
    ),
  );

  // Journal completion in September: six held lessons of subject A and one cancelled.
  const [plan] = await app.db
    .insert(ktpPlans)
    .values({
      organizationId,
      name: 'План 6В',
      academicYear: '2026/2027',
      teacherId,
      subjectId: subjectIds[0],
      classId,
      grade: 6,
    })
    .returning({ id: ktpPlans.id });
  const items = await app.db
    .insert(ktpItems)
    .values([
      { organizationId, planId: plan.id, position: 1, topic: 'Т1', hours: 2, plannedDate: '2026-09-07' },
      { organizationId, planId: plan.id, position: 2, topic: 'Т2', hours: 1, plannedDate: '2026-09-09' },
      { organizationId, planId: plan.id, position: 3, topic: 'Т3', hours: 4, plannedDate: '2026-10-05' },
    ])
    .returning({ id: ktpItems.id });
  const lesson = (date: string, values: Partial<typeof lessons.$inferInsert> = {}) => ({
    organizationId,
    classId,
    subjectId: subjectIds[0],
    teacherId,
    date,
    lessonNumber: 8,
    ...values,
  });
  const made = await app.db
    .insert(lessons)
    .values([
      lesson('2026-09-07', { topic: 'Т1', homework: 'д/з', ktpItemId: items[0].id }),
      lesson('2026-09-08', { topic: 'Т1', homework: 'д/з', ktpItemId: items[0].id }),
      lesson('2026-09-09', { topic: 'Т2' }),
      lesson('2026-09-10', { topic: 'Т3', homework: 'д/з' }),
      lesson('2026-09-14'),
      lesson('2026-09-15', { topic: '   ', homework: 'д/з' }),
      lesson('2026-09-16', { status: 'cancelled' }),
    ])
    .returning({ id: lessons.id });
  await app.db.insert(marks).values([
    ...studentIds.map((studentId) => ({
      organizationId,
      schoolYear: yearOfLesson(made[0].id),
      lessonId: made[0].id,
      studentId,
      value: '4' as const,
    })),
    ...studentIds.slice(0, 6).map((studentId) => ({
      organizationId,
      schoolYear: yearOfLesson(made[1].id),
      lessonId: made[1].id,
      studentId,
      value: '5' as const,
    })),
  ]);
}, 120_000);

afterAll(async () => {
  await app.close();
});

/** «Классификация» of one class for a period, as `token` reads it. */
async function classificationOf(token: string, periodId: number, groupId: number) {
  const response = await call(
    app,
    token,
    'GET',
    `/api/reports/classification?period_id=${periodId}&group_id=${groupId}`,
  );
  expect(response.statusCode).toBe(200);
  return classificationReportSchema.parse(response.json().data);
}

describe('GET /api/reports/classification', () => {
  it('counts the class as by hand: N without освобождённые, the three percentages and the average', async () => {
    const response = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/classification?period_id=${periodId}&group_id=${classId}`,
    );
    expect(response.statusCode).toBe(200);
    const report = classificationReportSchema.parse(response.json().data);
    expect(report.period.name).toBe('I четверть');
    expect(report.rows).toHaveLength(1);
    const [row] = report.rows;
    expect(row).toMatchObject({ level: 'class', name: '6В', students: 12, total: 11 });
    expect(row.counts).toEqual({
      excellent: 2,
      good: 3,
      good_one_four: 1,
      satisfactory: 3,
      satisfactory_one_three: 2,
      failing_one: 1,
      failing_many: 1,
      not_attested: 1,
      no_marks: 0,
      exempt: 1,
      without_marks: 0,
    });
    // успеваемость 8·100/11 = 72.7; качество 5·100/11 = 45.5;
    // СОУ (2·100 + 3·64 + 3·36 + 2·16 + 1·7)/11 = 539/11 = 49; средний 129/32 = 4.03.
    expect([row.success, row.quality, row.sou, row.average]).toEqual([72.7, 45.5, 49, 4.03]);
    expect(row.names.failing_many.map((student) => student.name)).toEqual(['Ученик08 Тест']);
    expect(row.names.good_one_four.map((student) => student.name)).toEqual(['Ученик02 Тест']);
  });

  it('adds the parallel and the school; the rows of the other classes count their students without marks', async () => {
    const report = classificationReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `/api/reports/classification?period_id=${periodId}`)).json()
        .data,
    );
    const parallel = report.rows.find((row) => row.level === 'grade' && row.grade === 6)!;
    const classRows = report.rows.filter((row) => row.level === 'class' && row.grade === 6);
    expect(classRows.map((row) => row.name)).toEqual(['6А', '6Б', '6В']);
    expect(parallel.students).toBe(classRows.reduce((sum, row) => sum + row.students, 0));
    expect(parallel.counts.excellent).toBe(2);
    expect(report.rows.at(-1)).toMatchObject({ level: 'school', name: 'Всего по школе' });
    // Grades of the period only: I четверть is for 1–9, so no 10th or 11th classes.
    expect(report.rows.some((row) => row.grade === 10 || row.grade === 11)).toBe(false);
  });

  it('downloads the same figures as .xlsx', async () => {
    const response = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/classification?period_id=${periodId}&group_id=${classId}&format=xlsx`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_MIME);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Классификация')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Классификация, I четверть, по итоговым оценкам');
    const header = (sheet.getRow(2).values as string[]).slice(1);
    const values = (sheet.getRow(3).values as (string | number)[]).slice(1);
    const cell = (name: string) => values[header.indexOf(name)];
    expect(cell('Класс')).toBe('6В');
    expect(cell('Отличники')).toBe(2);
    expect(cell('% качества')).toBe(45.5);
    expect(cell('СОУ, %')).toBe(49);
    expect(book.getWorksheet('Ученики')!.rowCount).toBe(2 + 12 + 1 + 2);
  });
});

describe('GET /api/reports/academic-performance', () => {
  it('per class × subject and per teacher, as counted by hand', async () => {
    const response = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/academic-performance?period_id=${periodId}&group_id=${classId}`,
    );
    expect(response.statusCode).toBe(200);
    const report = academicPerformanceReportSchema.parse(response.json().data);
    const bySubject = subjectIds.map((id) => report.rows.find((row) => row.subject_id === id)!);
    const figures = (row: (typeof bySubject)[number]) => [
      row.total,
      row.n5,
      row.n4,
      row.n3,
      row.n2,
      row.na,
      row.exempt,
      row.success,
      row.quality,
      row.sou,
      row.average,
    ];
    // A: 5 5 5 4 4 3 3 2 2 н/а осв 4 → СОУ (300+192+72+32+7)/11 = 54.8, средний 37/10.
    expect(figures(bySubject[0])).toEqual([11, 3, 3, 2, 2, 1, 1, 72.7, 54.5, 54.8, 3.7]);
    // B: 5 5 4 4 4 5 3 3 2 4 осв 3 → СОУ (300+256+108+16)/11 = 61.8, средний 42/11.
    expect(figures(bySubject[1])).toEqual([11, 3, 4, 3, 1, 0, 1, 90.9, 63.6, 61.8, 3.82]);
    // C: 5 5 5 5 5 5 4 4 3 5 осв 4 → СОУ (700+192+36)/11 = 84.4, средний 50/11.
    expect(figures(bySubject[2])).toEqual([11, 7, 3, 1, 0, 0, 1, 100, 90.9, 84.4, 4.55]);
    expect(report.subjects.find((row) => row.subject_id === subjectIds[2])?.quality).toBe(90.9);
    const teacher = report.teachers.find((row) => row.teacher_id === teacherId)!;
    // All three: N 33; СОУ (1300+640+216+48+7)/33 = 67; средний 129/32 = 4.03 (as the class).
    expect([teacher.total, teacher.n5, teacher.n4, teacher.sou, teacher.average]).toEqual([
      33, 13, 10, 67, 4.03,
    ]);
  });

  it('filters by subject and teacher and downloads .xlsx', async () => {
    const report = academicPerformanceReportSchema.parse(
      (
        await call(
          app,
          tokens.zavuch,
          'GET',
          `/api/reports/academic-performance?period_id=${periodId}&subject_id=${subjectIds[1]}&teacher_id=${teacherId}`,
        )
      ).json().data,
    );
    expect(report.rows.every((row) => row.subject_id === subjectIds[1] && row.teacher_id === teacherId)).toBe(
      true,
    );
    const file = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/academic-performance?period_id=${periodId}&format=xlsx`,
    );
    expect(file.headers['content-type']).toBe(XLSX_MIME);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Классы и предметы', 'Предметы', 'Учителя']);
  });
});

describe('GET /api/reports/journal-completion', () => {
  it('held lessons with a topic, homework and grades, КТП hours, the minimum of marks and the gaps', async () => {
    const response = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/journal-completion?from=2026-09-01&to=2026-09-30&group_id=${classId}`,
    );
    expect(response.statusCode).toBe(200);
    const report = journalCompletionReportSchema.parse(response.json().data);
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({
      teacher_id: teacherId,
      group_name: '6В',
      held: 6,
      with_topic: 4,
      with_homework: 4,
      with_marks: 2,
      ktp_planned_hours: 3,
      ktp_given_hours: 2,
      students: 12,
      marks: 18,
      minimum_marks: 2,
      students_below_minimum: 6,
    });
    expect(report.gaps.map((gap) => [gap.date, gap.missing])).toEqual([
      ['2026-09-09', ['homework', 'marks']],
      ['2026-09-14', ['topic', 'homework', 'marks']],
      ['2026-09-15', ['topic', 'marks']],
    ]);
    expect(report.gaps_total).toBe(3);
    const file = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/journal-completion?from=2026-09-01&to=2026-09-30&group_id=${classId}&format=xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Пропуски')!.rowCount).toBe(2 + 3);
  });
});

describe('безотметочное обучение: grade 1 is out of every N', () => {
  it('journal completion: 1st classes expect no marks — no minimum, nobody below it, no «нет оценок» gap', async () => {
    const report = journalCompletionReportSchema.parse(
      (
        await call(app, tokens.zavuch, 'GET', '/api/reports/journal-completion?from=2026-09-01&to=2026-11-20')
      ).json().data,
    );
    const first = report.rows.filter((row) => /^1\D/.test(row.group_name));
    expect(first.length).toBeGreaterThan(0);
    for (const row of first) {
      expect(row).toMatchObject({ without_marks: true, minimum_marks: 0, students_below_minimum: 0 });
    }
    // Beyond the 1st grade only the demo's lines «без отметок» (ОРКСЭ in the 4th) expect no marks.
    const others = report.rows.filter((row) => !/^1\D/.test(row.group_name) && row.without_marks);
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) {
      expect([row.group_name[0], row.subject_name]).toEqual([
        '4',
        'Основы религиозных культур и светской этики',
      ]);
    }
    const all = journalCompletionReportSchema.parse(
      (
        await call(
          app,
          tokens.zavuch,
          'GET',
          `/api/reports/journal-completion?from=2026-09-01&to=2026-11-20&gaps_page=1`,
        )
      ).json().data,
    );
    const file = await call(
      app,
      tokens.zavuch,
      'GET',
      '/api/reports/journal-completion?from=2026-09-01&to=2026-11-20&format=xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const gapRows: string[][] = [];
    book.getWorksheet('Пропуски')!.eachRow((row, index) => {
      if (index > 2) gapRows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
    });
    expect(gapRows).toHaveLength(all.gaps_total);
    const firstGradeGaps = gapRows.filter((row) => row.some((cell) => /^1\D$/.test(cell)));
    expect(firstGradeGaps.length).toBeGreaterThan(0);
    expect(firstGradeGaps.every((row) => !row.join(' ').includes('оценки'))).toBe(true);
  });

  it('classification: 1st classes read «без отметок», the school’s N and percentages leave them out', async () => {
    const report = classificationReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `/api/reports/classification?period_id=${periodId}`)).json()
        .data,
    );
    expect(report.basis).toBe('final');
    const first = report.rows.filter((row) => row.grade === 1);
    expect(first.length).toBeGreaterThan(1);
    for (const row of first) {
      expect(row.without_marks).toBe(true);
      expect(row.total).toBe(0);
      expect([row.success, row.quality, row.sou, row.average]).toEqual([null, null, null, null]);
      expect(row.counts.without_marks).toBe(row.students);
      expect(row.counts.no_marks).toBe(0);
    }
    const classes = report.rows.filter((row) => row.level === 'class');
    const school = report.rows.find((row) => row.level === 'school')!;
    expect(school.without_marks).toBe(false);
    expect(school.total).toBe(classes.reduce((sum, row) => sum + row.total, 0));
    expect(school.total).toBe(
      classes
        .filter((row) => row.grade !== 1)
        .reduce((sum, row) => sum + row.students - row.counts.exempt - row.counts.no_marks, 0),
    );
    const succeeded = classes.reduce(
      (sum, row) => sum + row.counts.excellent + row.counts.good + row.counts.satisfactory,
      0,
    );
    expect(school.success).toBe(Math.round((succeeded * 1000) / school.total) / 10);
  });

  it('academic performance: 1st classes × subjects read «без отметок» and no teacher or subject total counts them', async () => {
    const report = academicPerformanceReportSchema.parse(
      (
        await call(app, tokens.zavuch, 'GET', `/api/reports/academic-performance?period_id=${periodId}`)
      ).json().data,
    );
    const first = report.rows.filter((row) => row.group_name.startsWith('1') && row.group_name.length === 2);
    expect(first.length).toBeGreaterThan(0);
    for (const row of first) {
      expect(row.without_marks).toBe(true);
      expect([row.total, row.success]).toEqual([0, null]);
    }
    const graded = report.rows.filter((row) => !row.without_marks);
    const teachersN = report.teachers.reduce((sum, row) => sum + row.total, 0);
    expect(teachersN).toBe(graded.reduce((sum, row) => sum + row.total, 0));
    // A teacher with only 1st classes has no row at all (not a 0 %).
    for (const teacher of report.teachers) expect(teacher.success).not.toBeNull();
    const file = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/academic-performance?period_id=${periodId}&format=xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Классы и предметы')!.getSheetValues() as unknown[][];
    const firstRow = rows.find((row) => row?.[1] === first[0].group_name)!;
    expect(firstRow[4]).toBe('без отметок');
  });
});

/**
 * Load lines «без отметок» (`graded` false, set through the loads routes) in other grades: class 7В,
 * four students, subject A on a graded line and B on a line without marks (by the same teacher);
 * 7Г, one student, B only. Final marks of I четверть:
 *  0  A 5  B 2     отличник (B does not count)
 *  1  A 4  B 5     хорошист с одной «4»
 *  2  A 3  B 5     троечник с одной «3»
 *  3  A 5  B Н/А   отличник
 *  7Г: B 5         без отметок (every line of theirs is)
 */
describe('безотметочное обучение: a load line «без отметок» in any grade', () => {
  let mixedId: number;
  let onlyId: number;
  let ungradedLoadId: number;
  const subjectA = () => subjectIds[0];
  const subjectB = () => subjectIds[1];

  beforeAll(async () => {
    const [school] = await app.db.select().from(classes).where(eq(classes.id, classId));
    const organizationId = school.organizationId;
    [{ id: mixedId }, { id: onlyId }] = await app.db
      .insert(classes)
      .values([
        { organizationId, number: 7, letter: 'В', academicYear: '2026/2027' },
        { organizationId, number: 7, letter: 'Г', academicYear: '2026/2027' },
      ])
      .returning({ id: classes.id });
    await app.db
      .insert(loads)
      .values({ organizationId, classId: mixedId, subjectId: subjectA(), teacherId, hoursPerWeek: 2 });
    const line = async (group: number) => {
      const created = await call(app, tokens.zavuch, 'POST', '/api/load', {
        group_id: group,
        subject_id: subjectB(),
        teacher_id: teacherId,
        hours_per_week: 1,
        graded: false,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.graded).toBe(false);
      return created.json().data.id as number;
    };
    ungradedLoadId = await line(mixedId);
    await line(onlyId);
    const pupils = await app.db
      .insert(students)
      .values([
        ...[0, 1, 2, 3].map((index) => ({
          organizationId,
          classId: mixedId,
          surname: `Седьмой${index}`,
          name: 'Тест',
        })),
        { organizationId, classId: onlyId, surname: 'Седьмой4', name: 'Тест' },
      ])
      .returning({ id: students.id });
    const finals: [number, number, string][] = [
      [0, subjectA(), '5'],
      [0, subjectB(), '2'],
      [1, subjectA(), '4'],
      [1, subjectB(), '5'],
      [2, subjectA(), '3'],
      [2, subjectB(), '5'],
      [3, subjectA(), '5'],
      [3, subjectB(), 'Н/А'],
      [4, subjectB(), '5'],
    ];
    await app.db.insert(finalMarks).values(
      finals.map(([pupil, subjectId, value]) => ({
        organizationId,
        studentId: pupils[pupil].id,
        subjectId,
        periodId,
        value: value as '5',
      })),
    );
    const lesson = (date: string, values: Partial<typeof lessons.$inferInsert> = {}) => ({
      organizationId,
      classId: mixedId,
      loadId: ungradedLoadId,
      subjectId: subjectB(),
      teacherId,
      date,
      lessonNumber: 8,
      ...values,
    });
    await app.db
      .insert(lessons)
      .values([lesson('2026-09-21', { topic: 'Т1', homework: 'д/з' }), lesson('2026-09-22')]);
  });

  it('classification: the line’s marks count nowhere; a class with only such lines reads «без отметок»', async () => {
    const mixed = (await classificationOf(tokens.zavuch, periodId, mixedId)).rows[0];
    expect(mixed).toMatchObject({ name: '7В', students: 4, total: 4, without_marks: false });
    expect(mixed.counts).toMatchObject({
      excellent: 2,
      good: 1,
      good_one_four: 1,
      satisfactory: 1,
      failing_one: 0,
      not_attested: 0,
      without_marks: 0,
    });
    // успеваемость 4/4, качество 3/4; средний по A: 17/4.
    expect([mixed.success, mixed.quality, mixed.average]).toEqual([100, 75, 4.25]);
    const only = (await classificationOf(tokens.zavuch, periodId, onlyId)).rows[0];
    expect(only).toMatchObject({ name: '7Г', students: 1, total: 0, without_marks: true, success: null });
    expect(only.counts.without_marks).toBe(1);
    const school = classificationReportSchema
      .parse(
        (await call(app, tokens.zavuch, 'GET', `/api/reports/classification?period_id=${periodId}`)).json()
          .data,
      )
      .rows.find((row) => row.level === 'grade' && row.grade === 7)!;
    expect(school.counts.without_marks).toBe(1);
    // «Без оценки» (the other 7th classes have no final marks here) stays out of N too.
    expect(school.total).toBe(school.students - school.counts.exempt - school.counts.no_marks - 1);
  });

  it('academic performance: the line reads «без отметок», no teacher or subject total counts it', async () => {
    const url = `/api/reports/academic-performance?period_id=${periodId}&group_id=${mixedId}`;
    const report = academicPerformanceReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', url)).json().data,
    );
    const a = report.rows.find((row) => row.subject_id === subjectA())!;
    const b = report.rows.find((row) => row.subject_id === subjectB())!;
    expect([a.without_marks, a.total, a.n5, a.n4, a.n3]).toEqual([false, 4, 2, 1, 1]);
    expect([b.without_marks, b.total, b.n5, b.n2, b.na, b.success]).toEqual([true, 0, 0, 0, 0, null]);
    expect(report.subjects.map((row) => row.subject_id)).toEqual([subjectA()]);
    expect(report.teachers).toHaveLength(1);
    expect([report.teachers[0].total, report.teachers[0].n2, report.teachers[0].na]).toEqual([4, 0, 0]);
    const file = await call(app, tokens.zavuch, 'GET', `${url}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Классы и предметы')!.getSheetValues() as unknown[][];
    expect(rows.find((row) => row?.[2] === b.subject_name)?.[4]).toBe('без отметок');
    // School-wide, subject B counts its graded lines only.
    const all = academicPerformanceReportSchema.parse(
      (
        await call(app, tokens.zavuch, 'GET', `/api/reports/academic-performance?period_id=${periodId}`)
      ).json().data,
    );
    const bRows = all.rows.filter((row) => row.subject_id === subjectB() && !row.without_marks);
    expect(all.subjects.find((row) => row.subject_id === subjectB())?.total).toBe(
      bRows.reduce((sum, row) => sum + row.total, 0),
    );
  });

  it('journal completion: the line expects no marks — no minimum, no «оценки» gap', async () => {
    const url = `/api/reports/journal-completion?from=2026-09-01&to=2026-09-30&group_id=${mixedId}`;
    const report = journalCompletionReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', url)).json().data,
    );
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({
      subject_id: subjectB(),
      held: 2,
      with_marks: 0,
      without_marks: true,
      minimum_marks: 0,
      students_below_minimum: 0,
    });
    expect(report.gaps.map((gap) => [gap.date, gap.missing])).toEqual([
      ['2026-09-22', ['topic', 'homework']],
    ]);
    const file = await call(app, tokens.zavuch, 'GET', `${url}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values = (book.getWorksheet('Заполняемость')!.getRow(3).values as unknown[]).slice(1);
    expect(values[9]).toBe('без отметок');
  });
});

/**
 * II четверть of the school, open: the mid-term suites report an open period. The seed closes it when
 * the run's clock is past its end (the holidays, the next term), so they open it themselves.
 */
async function openSecondTerm(organizationId: number): Promise<number> {
  const [term] = await app.db
    .update(periods)
    .set({ closed: false })
    .where(and(eq(periods.organizationId, organizationId), eq(periods.name, 'II четверть')))
    .returning({ id: periods.id });
  return term.id;
}

describe('mid-term reports from the current averages', () => {
  let secondTerm: number;
  beforeAll(async () => {
    const [school] = await app.db.select().from(classes).where(eq(classes.id, classId));
    secondTerm = await openSecondTerm(school.organizationId);
    const lesson = (lessonNumber: number) => ({
      organizationId: school.organizationId,
      classId,
      subjectId: subjectIds[0],
      teacherId,
      date: '2026-11-09',
      lessonNumber,
    });
    const [first, second] = await app.db
      .insert(lessons)
      .values([lesson(7), lesson(8)])
      .returning({ id: lessons.id });
    const mark = (lessonId: number, student: number, value: '2' | '3' | '4' | '5', weight = 1) => ({
      organizationId: school.organizationId,
      schoolYear: yearOfLesson(lessonId),
      lessonId,
      studentId: studentIds[student],
      value,
      weight,
    });
    // Subject A only: 0 → 5 5 (5); 1 → 5 4 (4.5 → 5); 2 → 4 3 (3.5 → 4); 3 → 3 weighted 2 and 4 (3.33 → 3);
    // 4 → 2 2 (2); 5 has a confirmed «4» over an average of 2; the others have no marks yet.
    await app.db
      .insert(marks)
      .values([
        mark(first.id, 0, '5'),
        mark(second.id, 0, '5'),
        mark(first.id, 1, '5'),
        mark(second.id, 1, '4'),
        mark(first.id, 2, '4'),
        mark(second.id, 2, '3'),
        mark(first.id, 3, '3', 2),
        mark(second.id, 3, '4'),
        mark(first.id, 4, '2'),
        mark(second.id, 4, '2'),
        mark(first.id, 5, '2'),
      ]);
    await app.db.insert(finalMarks).values({
      organizationId: school.organizationId,
      studentId: studentIds[5],
      subjectId: subjectIds[0],
      periodId: secondTerm,
      value: '4',
    });
  });

  it('an open period counts the proposals of the final-marks screen and says so', async () => {
    const response = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/academic-performance?period_id=${secondTerm}&group_id=${classId}`,
    );
    const report = academicPerformanceReportSchema.parse(response.json().data);
    expect(report.basis).toBe('current');
    expect(report.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = report.rows.find((item) => item.subject_id === subjectIds[0])!;
    // The six without a mark yet are counted apart, outside N: 5 of 6 pass, not 5 of 12.
    expect([row.n5, row.n4, row.n3, row.n2, row.without_mark, row.total]).toEqual([2, 2, 1, 1, 6, 6]);
    expect([row.success, row.quality]).toEqual([83.3, 66.7]);
    // The final-marks screen proposes the same marks for the class.
    const final = (await call(app, tokens.zavuch, 'GET', `/api/journal/final?group_id=${classId}`)).json()
      .data;
    const proposed = final.proposals
      .filter(
        (item: { period_id: number; subject_id: number }) =>
          item.period_id === secondTerm && item.subject_id === subjectIds[0],
      )
      .map((item: { student_id: number; value: string }) => [studentIds.indexOf(item.student_id), item.value])
      .sort();
    expect(proposed).toEqual([
      [0, '5'],
      [1, '5'],
      [2, '4'],
      [3, '3'],
      [4, '2'],
      [5, '2'],
    ]);
  });

  it('the classification of an open period counts the students by the current marks; .xlsx says «по текущим оценкам»', async () => {
    // Only subject A has marks so far: mid-term a subject not graded yet says nothing, so each
    // student with a mark is classified by it (0, 1 → 5; 2 → 4; 5's confirmed «4»; 3 → 3; 4 → 2)
    // and only the six without any mark read «без оценки», outside N.
    const report = await classificationOf(tokens.zavuch, secondTerm, classId);
    expect(report.basis).toBe('current');
    const [row] = report.rows;
    expect([row.counts.excellent, row.counts.good, row.counts.satisfactory, row.counts.failing_one]).toEqual([
      2, 2, 1, 1,
    ]);
    expect(row.counts.no_marks).toBe(6);
    expect([row.total, row.success, row.quality]).toEqual([6, 83.3, 66.7]);
    // The pupils and the marks give the same figures here: one mark each.
    expect([row.marks.success, row.marks.quality]).toEqual([83.3, 66.7]);
    const file = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/classification?period_id=${secondTerm}&group_id=${classId}&format=xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const [year, month, day] = report.as_of.split('-');
    expect(book.getWorksheet('Классификация')!.getRow(1).getCell(1).value).toBe(
      `Классификация, II четверть, по текущим оценкам на ${day}.${month}.${year.slice(2)}`,
    );
  });
});

/**
 * The two mark reports agree (issue 36): a small class 8Д, five pupils, subjects A and B. I четверть
 * (closed), confirmed final marks:          II четверть (open), journal marks and one confirmed mark:
 *  p0  A 5   B 5    отличник                 p0  A 5 4 (→ 5)   B —          отличник (B not graded yet)
 *  p1  A 4   B 5    хорошист                 p1  A 3           B 4          троечник
 *  p2  A 3   B —    без оценки               p2  —             —            без оценки
 *  p3  A —   B —    без оценки               p3  A «4» set     B —          хорошист
 *  p4  A 2   B 4    неуспевающий             p4  —             B 2          неуспевающий
 * Subject by subject, I: N 7 (5 5 4 5 3 2 4), passing 6, quality 5, without a mark 3;
 * II: N 5 (5 3 4 4 2), passing 4, quality 3, without a mark 5. Nobody without a mark counts as failing.
 */
describe('classification and academic performance count the same marks', () => {
  let groupId: number;
  let secondTerm: number;
  const url = (report: string, period: number, group?: number) =>
    `/api/reports/${report}?period_id=${period}${group === undefined ? '' : `&group_id=${group}`}`;
  const read = async (period: number, group?: number) => {
    const classification = classificationReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', url('classification', period, group))).json().data,
    );
    const performance = academicPerformanceReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', url('academic-performance', period, group))).json().data,
    );
    return { classification, performance };
  };
  const totals = (figures: { total: number; n5: number; n4: number; n3: number; without_mark: number }) => ({
    N: figures.total,
    passing: figures.n5 + figures.n4 + figures.n3,
    quality: figures.n5 + figures.n4,
    without_mark: figures.without_mark,
  });

  beforeAll(async () => {
    const [own] = await app.db.select().from(classes).where(eq(classes.id, classId));
    const organizationId = own.organizationId;
    [{ id: groupId }] = await app.db
      .insert(classes)
      .values({ organizationId, number: 8, letter: 'Д', academicYear: '2026/2027' })
      .returning({ id: classes.id });
    secondTerm = await openSecondTerm(organizationId);
    const [a, b] = subjectIds;
    await app.db.insert(loads).values(
      [a, b].map((subjectId) => ({
        organizationId,
        classId: groupId,
        subjectId,
        teacherId,
        hoursPerWeek: 2,
      })),
    );
    const pupils = (
      await app.db
        .insert(students)
        .values(
          [0, 1, 2, 3, 4].map((index) => ({
            organizationId,
            classId: groupId,
            surname: `Сверка${index}`,
            name: 'Тест',
          })),
        )
        .returning({ id: students.id })
    ).map((row) => row.id);
    const final = (pupil: number, subjectId: number, period: number, value: '2' | '3' | '4' | '5') => ({
      organizationId,
      studentId: pupils[pupil],
      subjectId,
      periodId: period,
      value,
    });
    await app.db
      .insert(finalMarks)
      .values([
        final(0, a, periodId, '5'),
        final(0, b, periodId, '5'),
        final(1, a, periodId, '4'),
        final(1, b, periodId, '5'),
        final(2, a, periodId, '3'),
        final(4, a, periodId, '2'),
        final(4, b, periodId, '4'),
        final(3, a, secondTerm, '4'),
      ]);
    const [lessonA, lessonA2, lessonB] = await app.db
      .insert(lessons)
      .values(
        [
          [a, 5],
          [a, 6],
          [b, 7],
        ].map(([subjectId, lessonNumber]) => ({
          organizationId,
          classId: groupId,
          subjectId,
          teacherId,
          date: '2026-11-11',
          lessonNumber,
        })),
      )
      .returning({ id: lessons.id });
    const mark = (lessonId: number, pupil: number, value: '2' | '3' | '4' | '5') => ({
      organizationId,
      schoolYear: yearOfLesson(lessonId),
      lessonId,
      studentId: pupils[pupil],
      value,
    });
    await app.db
      .insert(marks)
      .values([
        mark(lessonA.id, 0, '5'),
        mark(lessonA2.id, 0, '4'),
        mark(lessonA.id, 1, '3'),
        mark(lessonB.id, 1, '4'),
        mark(lessonB.id, 4, '2'),
      ]);
  });

  it('the closed period: the same N, passing, quality and «без оценки» subject by subject', async () => {
    const { classification, performance } = await read(periodId, groupId);
    expect(classification.basis).toBe('final');
    const [row] = classification.rows;
    expect(totals(row.marks)).toEqual({ N: 7, passing: 6, quality: 5, without_mark: 3 });
    expect(totals(performance.school)).toEqual(totals(row.marks));
    expect([performance.school.success, performance.school.quality]).toEqual([85.7, 71.4]);
    expect([row.marks.success, row.marks.quality]).toEqual([85.7, 71.4]);
    // By pupils: отличник, хорошист, неуспевающий in N; two «без оценки» apart, not failing.
    expect(row.counts).toMatchObject({ excellent: 1, good: 1, failing_one: 1, no_marks: 2 });
    expect([row.total, row.success, row.quality]).toEqual([3, 66.7, 66.7]);
    // Each subject row of the performance report keeps its pupils without a mark outside N.
    const subjectA = performance.rows.find((item) => item.subject_id === subjectIds[0])!;
    expect([subjectA.total, subjectA.without_mark, subjectA.success]).toEqual([4, 1, 75]);
  });

  it('the open period: the same totals from the current marks; no mark yet is not a failing mark', async () => {
    const { classification, performance } = await read(secondTerm, groupId);
    expect([classification.basis, performance.basis]).toEqual(['current', 'current']);
    const [row] = classification.rows;
    expect(totals(row.marks)).toEqual({ N: 5, passing: 4, quality: 3, without_mark: 5 });
    expect(totals(performance.school)).toEqual(totals(row.marks));
    expect([performance.school.success, performance.school.quality]).toEqual([80, 60]);
    // Mid-term a subject not graded yet is left out: only p2, without any mark, is apart.
    expect(row.counts).toMatchObject({ excellent: 1, good: 1, satisfactory: 1, failing_one: 1, no_marks: 1 });
    expect([row.total, row.success]).toEqual([4, 75]);
    const teacher = performance.teachers.find((item) => item.teacher_id === teacherId)!;
    expect(teacher.without_mark).toBe(5);
    expect(teacher.success).toBe(80);
  });

  it('over the whole school the two reports give the same totals, closed and open', async () => {
    for (const period of [periodId, secondTerm]) {
      const { classification, performance } = await read(period);
      const school = classification.rows.find((item) => item.level === 'school')!;
      expect(totals(school.marks)).toEqual(totals(performance.school));
      expect([school.marks.success, school.marks.quality]).toEqual([
        performance.school.success,
        performance.school.quality,
      ]);
      // The teachers' and the subjects' rows add up to the school.
      expect(performance.teachers.reduce((sum, item) => sum + item.without_mark, 0)).toBe(
        performance.school.without_mark,
      );
    }
  });
});

/**
 * One rule for a missing final mark (issue 48): after the period is closed a pupil with a subject
 * without a final mark is «без оценки», outside N and named, whether their other marks hold a «2»
 * or not. Class 9Ж, subjects A and B, I четверть (closed):
 *  q0  A 5  B 5  отличник        q2  A 4  B —  без оценки
 *  q1  A 2  B —  без оценки      q3  A 2  B 3  неуспевающий
 * The old rule kept q1 in N as failing and dropped q2: «% усп.» 33,3 of 3 instead of 50 of 2.
 */
describe('a missing final mark: one rule for every pupil', () => {
  let groupId: number;
  let pupils: number[];
  beforeAll(async () => {
    const [own] = await app.db.select().from(classes).where(eq(classes.id, classId));
    const organizationId = own.organizationId;
    [{ id: groupId }] = await app.db
      .insert(classes)
      .values({ organizationId, number: 9, letter: 'Ж', academicYear: '2026/2027' })
      .returning({ id: classes.id });
    const [a, b] = subjectIds;
    await app.db.insert(loads).values(
      [a, b].map((subjectId) => ({
        organizationId,
        classId: groupId,
        subjectId,
        teacherId,
        hoursPerWeek: 2,
      })),
    );
    pupils = (
      await app.db
        .insert(students)
        .values(
          [0, 1, 2, 3].map((index) => ({
            organizationId,
            classId: groupId,
            surname: `Пропуск${index}`,
            name: 'Тест',
          })),
        )
        .returning({ id: students.id })
    ).map((row) => row.id);
    const final = (pupil: number, subjectId: number, value: '2' | '3' | '4' | '5') => ({
      organizationId,
      studentId: pupils[pupil],
      subjectId,
      periodId,
      value,
    });
    await app.db
      .insert(finalMarks)
      .values([
        final(0, a, '5'),
        final(0, b, '5'),
        final(1, a, '2'),
        final(2, a, '4'),
        final(3, a, '2'),
        final(3, b, '3'),
      ]);
  });

  it('keeps every pupil with a missing final mark apart and named, a «2» or not', async () => {
    const report = await classificationOf(tokens.zavuch, periodId, groupId);
    expect(report.basis).toBe('final');
    const [row] = report.rows;
    expect(row.counts).toMatchObject({ excellent: 1, failing_one: 1, no_marks: 2 });
    expect(row.names.no_marks.map((pupil) => pupil.id).sort()).toEqual([pupils[1], pupils[2]].sort());
    expect(row.names.failing_one.map((pupil) => pupil.id)).toEqual([pupils[3]]);
    // N: the pupils with every final mark; «% усп.» is theirs: 1 of 2.
    expect([row.total, row.success, row.quality]).toEqual([2, 50, 50]);
    expect(row.total).toBe(row.students - row.counts.no_marks - row.counts.exempt);
  });
});

describe('the gaps list of the completion report', () => {
  it('pages through every gap on screen and the .xlsx holds all of them', async () => {
    const url = '/api/reports/journal-completion?from=2026-09-01&to=2026-11-20';
    const first = journalCompletionReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', url)).json().data,
    );
    expect(first.gaps_total).toBeGreaterThan(first.gaps_per_page);
    expect(first.gaps).toHaveLength(first.gaps_per_page);
    const lastPage = Math.ceil(first.gaps_total / first.gaps_per_page);
    const last = journalCompletionReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `${url}&gaps_page=${lastPage}`)).json().data,
    );
    expect(last.gaps_page).toBe(lastPage);
    expect(last.gaps).toHaveLength(first.gaps_total - (lastPage - 1) * first.gaps_per_page);
    const second = journalCompletionReportSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `${url}&gaps_page=2`)).json().data,
    );
    const ids = new Set([...first.gaps, ...second.gaps].map((gap) => gap.lesson_id));
    expect(ids.size).toBe(first.gaps.length + second.gaps.length);
    const file = await call(app, tokens.zavuch, 'GET', `${url}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Пропуски')!.rowCount).toBe(2 + first.gaps_total);
    expect(String(book.getWorksheet('Пропуски')!.getRow(1).getCell(1).value)).toContain(
      `уроков с пропусками: ${first.gaps_total}`,
    );
    const bad = await call(app, tokens.zavuch, 'GET', `${url}&gaps_page=0`);
    expect(bad.statusCode).toBe(422);
  });
});

describe('keys, scope and validation of the reports', () => {
  const urls = () => [
    `/api/reports/classification?period_id=${periodId}`,
    `/api/reports/academic-performance?period_id=${periodId}`,
    `/api/reports/journal-completion?from=2026-09-01&to=2026-09-30&group_id=${classId}`,
  ];

  it('student and parent get 403; teacher (reports.view) reads them', async () => {
    for (const url of urls()) {
      expect((await call(app, tokens.student, 'GET', url)).statusCode).toBe(403);
      expect((await call(app, tokens.parent, 'GET', url)).statusCode).toBe(403);
      expect((await call(app, tokens.teacher, 'GET', url)).statusCode).toBe(200);
    }
  });

  it('another school’s period or class is not found', async () => {
    for (const url of urls()) expect((await call(app, tokens.director2, 'GET', url)).statusCode).toBe(404);
  });

  it('bad queries answer 422 in Russian', async () => {
    const missing = await call(app, tokens.zavuch, 'GET', '/api/reports/classification');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.period_id).toEqual(['Неверный идентификатор']);
    const reversed = await call(
      app,
      tokens.zavuch,
      'GET',
      '/api/reports/journal-completion?from=2026-09-30&to=2026-09-01',
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['Конец периода раньше начала']);
    const format = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/reports/classification?period_id=${periodId}&format=pdf`,
    );
    expect(format.statusCode).toBe(422);
    expect(format.json().errors.format).toEqual(['format: json или xlsx']);
  });
});
