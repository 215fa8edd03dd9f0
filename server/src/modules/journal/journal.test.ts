import {
  attendanceReportSchema,
  cellConflictSchema,
  cellHistorySchema,
  finalGridSchema,
  type JournalGrid,
  type JournalLoad,
  journalGridSchema,
  journalIndexSchema,
  weekMarksSchema,
} from '@parta/shared/domain/contracts/journal';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { lastSeededSchoolDay, openSchoolDay } from '../../../test/school-days';
import { lessons, loads as loadsTable, marks } from '../../db/schema';
import { journalUntil } from '../../seed/curriculum';
import { schoolToday, setSchoolClock } from '../clock/clock.service';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let loads: JournalLoad[];
let own: JournalLoad;
let foreign: JournalLoad;
let grid: JournalGrid;
/** The demo journal's last day: the template was seeded today (server/test/build-templates.ts). */
const JOURNAL_SEEDED_UNTIL = journalUntil(schoolToday());
/** The school's «today» of this file: the first open school day after the seed (test/school-days.ts). */
let schoolDay: string;

const gridOf = async (load: JournalLoad, token = tokens.teacher, query = '') =>
  call(app, token, 'GET', `/api/journal/${load.group_id}/${load.id}${query}`);
const cellUrl = (lessonId: number, studentId: number) =>
  `/api/journal/lessons/${lessonId}/students/${studentId}`;
/**
 * Lessons of the open period after the seeded days and not after today: their cells are empty and
 * take marks (beforeAll gives the load eight of them on the first unseeded day).
 */
const emptyLessons = () =>
  grid.lessons.filter((lesson) => lesson.date > JOURNAL_SEEDED_UNTIL && lesson.date <= grid.today);

/** A lesson of a load line on the school day after the seeded weeks (a day with no marks yet). */
const lessonAfterSeed = (row: typeof loadsTable.$inferSelect, lessonNumber: number) => ({
  organizationId: row.organizationId,
  loadId: row.id,
  classId: row.classId,
  subjectId: row.subjectId,
  teacherId: row.teacherId,
  date: schoolDay,
  lessonNumber,
});

beforeAll(async () => {
  app = await createTestApp();
  schoolDay = await openSchoolDay(app.db);
  for (const login of ['teacher', 'zavuch', 'student', 'director2'])
    tokens[login] = await loginAs(app, login);
  const index = journalIndexSchema.parse((await call(app, tokens.teacher, 'GET', '/api/journal')).json());
  loads = index.data.loads;
  own = loads.find((load) => load.own && load.subgroup_id === null)!;
  foreign = loads.find((load) => !load.own && load.teacher_id !== null && load.subgroup_id === null)!;
  const [row] = await app.db.select().from(loadsTable).where(eq(loadsTable.id, own.id));
  const [foreignRow] = await app.db.select().from(loadsTable).where(eq(loadsTable.id, foreign.id));
  await app.db.insert(lessons).values([
    ...Array.from({ length: 8 }, (_, index) => lessonAfterSeed(row, 11 + index)),
    // Another teacher's lesson held today too (whatever weekday the school day is).
    lessonAfterSeed(foreignRow, 19),
  ]);
  grid = journalGridSchema.parse((await gridOf(own)).json().data);
}, 180_000);

afterAll(async () => {
  setSchoolClock(null);
  await app.close();
});

describe('GET /api/journal', () => {
  it('lists the teacher’s own loads first, editable, and the rest of the school read-only', () => {
    expect(loads[0].own).toBe(true);
    expect(own.editable).toBe(true);
    expect(foreign.editable).toBe(false);
    const firstForeign = loads.findIndex((load) => !load.own);
    expect(loads.slice(firstForeign).some((load) => load.own)).toBe(false);
  });

  it('refuses a student (no journals.view) and shows another school nothing of ours', async () => {
    expect((await call(app, tokens.student, 'GET', '/api/journal')).statusCode).toBe(403);
    const other = journalIndexSchema.parse((await call(app, tokens.director2, 'GET', '/api/journal')).json());
    expect(other.data.loads.some((load) => load.id === own.id)).toBe(false);
  });
});

describe('GET /api/journal/{group_id}/{load_id}', () => {
  it('answers the whole grid of the current term: students, held lessons, saved cells', () => {
    expect(grid.period.kind).not.toBe('year');
    expect(grid.editable).toBe(true);
    expect(grid.students.length).toBeGreaterThan(15);
    expect(grid.lessons.length).toBeGreaterThan(5);
    for (const lesson of grid.lessons) {
      expect(lesson.date >= grid.period.start_date && lesson.date <= grid.period.end_date).toBe(true);
    }
    // The seeded days' lessons come with their marks (a term begun after the seed has none yet).
    const seeded = grid.lessons.some((lesson) => lesson.date <= JOURNAL_SEEDED_UNTIL);
    expect(grid.cells.some((cell) => cell.grades.length > 0)).toBe(seeded);
    expect(grid.work_types.length).toBeGreaterThan(0);
  });

  it('opens a closed period read-only', async () => {
    const closed = grid.periods.find((period) => period.closed)!;
    const answer = journalGridSchema.parse(
      (await gridOf(own, tokens.teacher, `?period_id=${closed.id}`)).json().data,
    );
    expect(answer.period.id).toBe(closed.id);
    expect(answer.editable).toBe(false);
  });

  it('answers 404 for another school, a load of another class, and a foreign period', async () => {
    expect((await gridOf(own, tokens.director2)).statusCode).toBe(404);
    expect(
      (await call(app, tokens.teacher, 'GET', `/api/journal/${foreign.group_id}/${own.id}`)).statusCode,
    ).toBe(foreign.group_id === own.group_id ? 200 : 404);
    expect((await gridOf(own, tokens.teacher, '?period_id=2147483647')).statusCode).toBe(404);
    expect((await gridOf(own, tokens.teacher, '?period_id=abc')).statusCode).toBe(422);
  });
});

describe('PUT a cell', () => {
  it('saves grades and attendance, moves the version on, and keeps attendance marks lower-case', async () => {
    const lesson = emptyLessons()[0];
    const student = grid.students[0];
    const first = await call(app, tokens.teacher, 'PUT', cellUrl(lesson.id, student.id), {
      grades: [{ value: 5 }, { value: 4, work_type_id: grid.work_types[0].id }],
      attendance: null,
      version: 0,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      lesson_id: lesson.id,
      student_id: student.id,
      grades: [
        { value: 5, work_type_id: null },
        { value: 4, work_type_id: grid.work_types[0].id },
      ],
      attendance: null,
      version: 1,
    });
    // Each grade is stored with its work type and that type's weight (a plain grade weighs 1).
    const stored = await app.db
      .select({ workTypeId: marks.workTypeId, weight: marks.weight })
      .from(marks)
      .where(and(eq(marks.lessonId, lesson.id), eq(marks.studentId, student.id)))
      .orderBy(marks.id);
    expect(stored.map((row) => ({ workTypeId: row.workTypeId, weight: Number(row.weight) }))).toEqual([
      { workTypeId: null, weight: 1 },
      { workTypeId: grid.work_types[0].id, weight: Number(grid.work_types[0].weight) },
    ]);
    const second = await call(app, tokens.teacher, 'PUT', cellUrl(lesson.id, student.id), {
      grades: [],
      attendance: 'н',
      version: 1,
    });
    expect(second.json().data).toMatchObject({ grades: [], attendance: 'н', version: 2 });
    const reopened = journalGridSchema.parse((await gridOf(own)).json().data);
    expect(
      reopened.cells.find((cell) => cell.lesson_id === lesson.id && cell.student_id === student.id),
    ).toEqual(second.json().data);
  });

  it('refuses a stale version with 409 and the cell as saved now; nothing is overwritten', async () => {
    const lesson = emptyLessons()[1];
    const student = grid.students[1];
    await call(app, tokens.teacher, 'PUT', cellUrl(lesson.id, student.id), {
      grades: [{ value: 3 }],
      attendance: null,
      version: 0,
    });
    const stale = await call(app, tokens.zavuch, 'PUT', cellUrl(lesson.id, student.id), {
      grades: [{ value: 2 }],
      attendance: null,
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    const body = cellConflictSchema.parse(stale.json());
    expect(body.message).toMatch(/другой пользователь/);
    expect(body.data).toEqual([
      {
        lesson_id: lesson.id,
        student_id: student.id,
        grades: [{ value: 3, work_type_id: null }],
        attendance: null,
        version: 1,
      },
    ]);
  });

  it('refuses what is not a mark with Russian messages (422)', async () => {
    const lesson = emptyLessons()[2];
    const url = cellUrl(lesson.id, grid.students[2].id);
    for (const body of [
      { grades: [{ value: 7 }], attendance: null, version: 0 },
      { grades: [], attendance: 'Н', version: 0 },
      { grades: [1, 2, 3, 4, 5].map((value) => ({ value })), attendance: null, version: 0 },
      { grades: [], attendance: null },
      { grades: [{ value: 5, work_type_id: 2147483648 }], attendance: null, version: 0 },
    ]) {
      const answer = await call(app, tokens.teacher, 'PUT', url, body);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe('Проверьте введённые данные');
    }
    const wrongType = await call(app, tokens.teacher, 'PUT', url, {
      grades: [{ value: 5, work_type_id: 2147483647 }],
      attendance: null,
      version: 0,
    });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.values(wrongType.json().errors).flat()).toContain('Вид работы не найден');
  });

  it('lets only the load’s teacher (or loads.edit) write: another teacher’s journal is 403, another school’s 404', async () => {
    const foreignGrid = journalGridSchema.parse((await gridOf(foreign, tokens.zavuch)).json().data);
    // The last held lesson (not after today), over the cell's current version.
    const lesson = foreignGrid.lessons.filter((item) => item.date <= foreignGrid.today).at(-1)!;
    const student = foreignGrid.students[0];
    const version =
      foreignGrid.cells.find((cell) => cell.lesson_id === lesson.id && cell.student_id === student.id)
        ?.version ?? 0;
    const url = cellUrl(lesson.id, student.id);
    const body = { grades: [{ value: 4 }], attendance: null, version };
    expect((await call(app, tokens.teacher, 'PUT', url, body)).statusCode).toBe(403);
    expect((await call(app, tokens.director2, 'PUT', url, body)).statusCode).toBe(404);
    expect((await call(app, tokens.student, 'PUT', url, body)).statusCode).toBe(403);
    expect((await call(app, tokens.zavuch, 'PUT', url, body)).statusCode).toBe(200);
  });

  it('refuses a student of another class (404)', async () => {
    const foreignGrid = journalGridSchema.parse((await gridOf(foreign, tokens.zavuch)).json().data);
    const stranger = foreignGrid.students.find(
      (student) => !grid.students.some((item) => item.id === student.id),
    );
    if (foreign.group_id === own.group_id || !stranger) return;
    const answer = await call(app, tokens.teacher, 'PUT', cellUrl(emptyLessons()[3].id, stranger.id), {
      grades: [{ value: 4 }],
      attendance: null,
      version: 0,
    });
    expect(answer.statusCode).toBe(404);
  });

  it('locks a closed period (423) until someone with periods.edit reopens it', async () => {
    const closed = grid.periods.find((period) => period.closed)!;
    const old = journalGridSchema.parse(
      (await gridOf(own, tokens.teacher, `?period_id=${closed.id}`)).json().data,
    );
    const url = cellUrl(old.lessons[0].id, old.students[0].id);
    const current = old.cells.find(
      (cell) => cell.lesson_id === old.lessons[0].id && cell.student_id === old.students[0].id,
    );
    const body = { grades: [{ value: 5 }], attendance: null, version: current?.version ?? 0 };
    const refused = await call(app, tokens.teacher, 'PUT', url, body);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toMatch(/Период закрыт/);
    expect((await call(app, tokens.teacher, 'POST', `/api/periods/${closed.id}/reopen`)).statusCode).toBe(
      403,
    );
    expect((await call(app, tokens.zavuch, 'POST', `/api/periods/${closed.id}/reopen`)).statusCode).toBe(200);
    expect((await call(app, tokens.teacher, 'PUT', url, body)).statusCode).toBe(200);
    expect((await call(app, tokens.zavuch, 'POST', `/api/periods/${closed.id}/close`)).statusCode).toBe(200);
  });
});

describe('a subgroup’s journal', () => {
  it('shows only the subgroup’s students and takes marks for them, not for the other half of the class', async () => {
    const half = loads.find((load) => load.subgroup_id !== null)!;
    const other = loads.find(
      (load) =>
        load.group_id === half.group_id &&
        load.subject_id === half.subject_id &&
        load.subgroup_id !== null &&
        load.subgroup_id !== half.subgroup_id,
    )!;
    const halfGrid = journalGridSchema.parse((await gridOf(half, tokens.zavuch)).json().data);
    const otherGrid = journalGridSchema.parse((await gridOf(other, tokens.zavuch)).json().data);
    const mine = new Set(halfGrid.students.map((student) => student.id));
    expect(halfGrid.students.length).toBeGreaterThan(3);
    expect(otherGrid.students.some((student) => mine.has(student.id))).toBe(false);

    // The last held lesson (not after today), over the cell's current version.
    const lesson = halfGrid.lessons.filter((item) => item.date <= halfGrid.today).at(-1)!;
    const version =
      halfGrid.cells.find(
        (cell) => cell.lesson_id === lesson.id && cell.student_id === halfGrid.students[0].id,
      )?.version ?? 0;
    const body = { grades: [{ value: 5 }], attendance: null, version };
    const saved = await call(app, tokens.zavuch, 'PUT', cellUrl(lesson.id, halfGrid.students[0].id), body);
    expect(saved.statusCode).toBe(200);
    const outsider = await call(
      app,
      tokens.zavuch,
      'PUT',
      cellUrl(lesson.id, otherGrid.students[0].id),
      body,
    );
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe('Ученик не найден в этом классе');
  });
});

describe('a lesson dated after today', () => {
  it('takes no mark or attendance (422 in Russian) on the cell and the batch route; the grid says what today is', async () => {
    expect(grid.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const future = grid.lessons.find((lesson) => lesson.date > grid.today)!;
    expect(future).toBeDefined();
    const student = grid.students[0];
    for (const body of [
      { grades: [{ value: 5 }], attendance: null, version: 0 },
      { grades: [], attendance: 'н', version: 0 },
    ]) {
      const answer = await call(app, tokens.teacher, 'PUT', cellUrl(future.id, student.id), body);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe(
        'Урок ещё не прошёл: оценки и пропуски ставятся в день урока и позже',
      );
      expect(Object.values(answer.json().errors).flat().join()).toContain('ещё не прошёл');
    }
    const batch = await call(app, tokens.teacher, 'PUT', '/api/journal/cells', {
      cells: [
        {
          lesson_id: emptyLessons()[7].id,
          student_id: student.id,
          grades: [{ value: 4 }],
          attendance: null,
          version: 0,
        },
        {
          lesson_id: future.id,
          student_id: student.id,
          grades: [{ value: 5 }],
          attendance: null,
          version: 0,
        },
      ],
    });
    expect(batch.statusCode).toBe(422);
    expect(batch.json().errors['cells.1.lesson_id']).toHaveLength(1);
    // A завуч (loads.edit) is refused too, and nothing of the batch was saved.
    const zavuch = await call(app, tokens.zavuch, 'PUT', cellUrl(future.id, student.id), {
      grades: [{ value: 5 }],
      attendance: null,
      version: 0,
    });
    expect(zavuch.statusCode).toBe(422);
    const after = journalGridSchema.parse((await gridOf(own)).json().data);
    expect(
      after.cells.some(
        (cell) =>
          cell.student_id === student.id && [future.id, emptyLessons()[7].id].includes(cell.lesson_id),
      ),
    ).toBe(false);
  });
});

describe('a load line «без отметок»', () => {
  it('takes attendance but refuses a mark (422 in Russian) on the cell and the batch route; the grid says so', async () => {
    const line = loads.find((load) => load.own && load.subgroup_id === null && load.id !== own.id)!;
    expect(line).toBeDefined();
    const changed = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, {
      group_id: line.group_id,
      subject_id: line.subject_id,
      teacher_id: line.teacher_id,
      hours_per_week: line.hours_per_week,
      graded: false,
    });
    expect(changed.statusCode).toBe(200);
    const [row] = await app.db.select().from(loadsTable).where(eq(loadsTable.id, line.id));
    const [lesson] = await app.db
      .insert(lessons)
      .values(lessonAfterSeed(row, 19))
      .returning({ id: lessons.id });
    const opened = journalGridSchema.parse((await gridOf(line)).json().data);
    expect(opened.load.graded).toBe(false);
    expect(grid.load.graded).toBe(true);
    expect(opened.lessons.map((item) => item.id)).toContain(lesson.id);
    const student = opened.students[0];

    const mark = await call(app, tokens.teacher, 'PUT', cellUrl(lesson.id, student.id), {
      grades: [{ value: 5 }],
      attendance: null,
      version: 0,
    });
    expect(mark.statusCode).toBe(422);
    expect(mark.json().message).toBe('Предмет ведётся без отметок: ставятся только пропуски (н, б)');
    expect(mark.json().errors['cells.0.grades']).toEqual([
      'Предмет ведётся без отметок: ставятся только пропуски (н, б)',
    ]);
    // A завуч (loads.edit) is refused the same.
    const zavuch = await call(app, tokens.zavuch, 'PUT', cellUrl(lesson.id, student.id), {
      grades: [{ value: 4 }],
      attendance: null,
      version: 0,
    });
    expect(zavuch.statusCode).toBe(422);

    const absent = await call(app, tokens.teacher, 'PUT', cellUrl(lesson.id, student.id), {
      grades: [],
      attendance: 'н',
      version: 0,
    });
    expect(absent.statusCode).toBe(200);
    expect(absent.json().data).toMatchObject({ grades: [], attendance: 'н', version: 1 });

    const batch = await call(app, tokens.teacher, 'PUT', '/api/journal/cells', {
      cells: [
        { lesson_id: lesson.id, student_id: opened.students[1].id, grades: [], attendance: 'б', version: 0 },
        {
          lesson_id: lesson.id,
          student_id: opened.students[2].id,
          grades: [{ value: 3 }],
          attendance: null,
          version: 0,
        },
      ],
    });
    expect(batch.statusCode).toBe(422);
    expect(batch.json().errors['cells.1.grades']).toHaveLength(1);
    const after = journalGridSchema.parse((await gridOf(line)).json().data);
    expect(after.cells.filter((cell) => cell.lesson_id === lesson.id)).toEqual([absent.json().data]);
  });

  it('gets no proposals on the final-marks screen and takes only ЗЧ, НЗ or осв there', async () => {
    const line = loads.find((load) => load.own && load.subgroup_id === null && load.id !== own.id)!;
    const ungraded = await call(app, tokens.zavuch, 'PUT', `/api/load/${line.id}`, {
      group_id: line.group_id,
      subject_id: line.subject_id,
      teacher_id: line.teacher_id,
      hours_per_week: line.hours_per_week,
      graded: false,
    });
    expect(ungraded.statusCode).toBe(200);
    const finalOf = async (groupId: number) =>
      finalGridSchema.parse(
        (await call(app, tokens.teacher, 'GET', `/api/journal/final?group_id=${groupId}`)).json(),
      ).data;
    const final = await finalOf(line.group_id);
    expect(final.subjects.find((subject) => subject.id === line.subject_id)!.without_marks).toBe(true);
    expect(final.proposals.filter((mark) => mark.subject_id === line.subject_id)).toEqual([]);
    expect(
      (await finalOf(own.group_id)).subjects.find((subject) => subject.id === own.subject_id)!.without_marks,
    ).toBe(false);

    const term = final.periods.find((period) => !period.closed && period.kind !== 'year')!;
    const mark = { student_id: final.students[0].id, subject_id: line.subject_id, period_id: term.id };
    const number = await call(app, tokens.teacher, 'PUT', '/api/journal/final', {
      marks: [{ ...mark, value: '5' }],
    });
    expect(number.statusCode).toBe(422);
    expect(number.json().errors['marks.0.value']).toEqual([
      'Предмет ведётся без отметок: итоговая — ЗЧ, НЗ или осв',
    ]);
    const pass = await call(app, tokens.teacher, 'PUT', '/api/journal/final', {
      marks: [{ ...mark, value: 'ЗЧ' }],
    });
    expect(pass.statusCode).toBe(200);
    expect((await finalOf(line.group_id)).marks).toContainEqual({ ...mark, value: 'ЗЧ' });
  });
});

describe('PUT /api/journal/cells (batch)', () => {
  it('saves a pasted block whole, or nothing when one cell is stale', async () => {
    const [a, b] = emptyLessons().slice(4, 6);
    const student = grid.students[3];
    const saved = await call(app, tokens.teacher, 'PUT', '/api/journal/cells', {
      cells: [
        { lesson_id: a.id, student_id: student.id, grades: [{ value: 4 }], attendance: null, version: 0 },
        { lesson_id: b.id, student_id: student.id, grades: [{ value: 5 }], attendance: null, version: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.map((cell: { version: number }) => cell.version)).toEqual([1, 1]);
    const other = grid.students[4];
    const refused = await call(app, tokens.teacher, 'PUT', '/api/journal/cells', {
      cells: [
        { lesson_id: a.id, student_id: other.id, grades: [{ value: 3 }], attendance: null, version: 0 },
        { lesson_id: b.id, student_id: student.id, grades: [{ value: 2 }], attendance: null, version: 0 },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(cellConflictSchema.parse(refused.json()).data).toEqual([
      {
        lesson_id: b.id,
        student_id: student.id,
        grades: [{ value: 5, work_type_id: null }],
        attendance: null,
        version: 1,
      },
    ]);
    const after = journalGridSchema.parse((await gridOf(own)).json().data);
    expect(after.cells.some((cell) => cell.lesson_id === a.id && cell.student_id === other.id)).toBe(false);
  });

  it('refuses a cell named twice', async () => {
    const cell = {
      lesson_id: emptyLessons()[0].id,
      student_id: grid.students[5].id,
      grades: [],
      attendance: null,
      version: 0,
    };
    const answer = await call(app, tokens.teacher, 'PUT', '/api/journal/cells', { cells: [cell, cell] });
    expect(answer.statusCode).toBe(422);
  });
});

describe('the audit trail', () => {
  it('keeps every change of a cell: who, when, old → new, newest first', async () => {
    const lesson = emptyLessons()[6];
    const student = grid.students[6];
    const url = cellUrl(lesson.id, student.id);
    await call(app, tokens.teacher, 'PUT', url, { grades: [{ value: 4 }], attendance: null, version: 0 });
    await call(app, tokens.teacher, 'PUT', url, {
      grades: [{ value: 5 }, { value: 4 }],
      attendance: 'б',
      version: 1,
    });
    const history = cellHistorySchema.parse(
      (await call(app, tokens.zavuch, 'GET', `${url}/history`)).json(),
    ).data;
    expect(history.map((entry) => [entry.entity, entry.old_value, entry.new_value])).toEqual(
      expect.arrayContaining([
        ['mark', null, '4'],
        ['mark', '4', '5/4'],
        ['attendance', null, 'б'],
      ]),
    );
    expect(history).toHaveLength(3);
    expect(history[0].user_name).toMatch(/\./);
    expect((await call(app, tokens.director2, 'GET', `${url}/history`)).statusCode).toBe(404);
    expect((await call(app, tokens.student, 'GET', `${url}/history`)).statusCode).toBe(403);
  });
});

describe('topics and homework', () => {
  it('the load’s teacher sets them; another teacher may not', async () => {
    const lesson = emptyLessons()[0];
    const answer = await call(app, tokens.teacher, 'PUT', `/api/journal/lessons/${lesson.id}`, {
      topic: 'Десятичные дроби',
      homework: '§ 12\nупр. 3',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      id: lesson.id,
      topic: 'Десятичные дроби',
      homework: '§ 12\nупр. 3',
    });
    const foreignGrid = journalGridSchema.parse((await gridOf(foreign, tokens.zavuch)).json().data);
    const refused = await call(
      app,
      tokens.teacher,
      'PUT',
      `/api/journal/lessons/${foreignGrid.lessons.at(-1)!.id}`,
      {
        topic: 'Чужая тема',
      },
    );
    expect(refused.statusCode).toBe(403);
    const bad = await call(app, tokens.teacher, 'PUT', `/api/journal/lessons/${lesson.id}`, {
      topic: 'a\u0000b',
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('final marks', () => {
  it('shows confirmed marks of the closed term and proposals from the averages', async () => {
    const answer = finalGridSchema.parse(
      (await call(app, tokens.teacher, 'GET', `/api/journal/final?group_id=${own.group_id}`)).json(),
    ).data;
    const closed = answer.periods.find((period) => period.closed)!;
    expect(answer.marks.some((mark) => mark.period_id === closed.id)).toBe(true);
    expect(answer.periods.at(-1)!.kind).toBe('year');
    const open = grid.period;
    expect(
      answer.proposals.some((mark) => mark.period_id === open.id && mark.subject_id === own.subject_id),
    ).toBe(true);
    expect(answer.subjects.find((subject) => subject.id === own.subject_id)!.editable).toBe(true);
  });

  it('confirms a mark of the open term, never in a closed one, and audits it', async () => {
    const student = grid.students[0];
    const body = {
      marks: [{ student_id: student.id, subject_id: own.subject_id, period_id: grid.period.id, value: 'ЗЧ' }],
    };
    const saved = await call(app, tokens.teacher, 'PUT', '/api/journal/final', body);
    expect(saved.statusCode).toBe(200);
    const again = finalGridSchema.parse(
      (await call(app, tokens.teacher, 'GET', `/api/journal/final?group_id=${own.group_id}`)).json(),
    ).data;
    expect(again.marks).toContainEqual(body.marks[0]);
    const closed = grid.periods.find((period) => period.closed)!;
    const locked = await call(app, tokens.teacher, 'PUT', '/api/journal/final', {
      marks: [{ ...body.marks[0], period_id: closed.id, value: '5' }],
    });
    expect(locked.statusCode).toBe(423);
    const bad = await call(app, tokens.teacher, 'PUT', '/api/journal/final', {
      marks: [{ ...body.marks[0], value: '6' }],
    });
    expect(bad.statusCode).toBe(422);
    const foreignSubject = finalGridSchema
      .parse((await call(app, tokens.teacher, 'GET', `/api/journal/final?group_id=${own.group_id}`)).json())
      .data.subjects.find((subject) => !subject.editable);
    if (foreignSubject) {
      const refused = await call(app, tokens.teacher, 'PUT', '/api/journal/final', {
        marks: [{ ...body.marks[0], subject_id: foreignSubject.id }],
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (await call(app, tokens.director2, 'GET', `/api/journal/final?group_id=${own.group_id}`)).statusCode,
    ).toBe(404);
  });
});

describe('attendance and the week', () => {
  it('counts lessons and days missed per student, and of them by illness', async () => {
    const answer = attendanceReportSchema.parse(
      (
        await call(
          app,
          tokens.teacher,
          'GET',
          `/api/journal/attendance?group_id=${own.group_id}&from=2026-09-01&to=2026-10-24`,
        )
      ).json(),
    ).data;
    expect(answer.dates.length).toBeGreaterThan(30);
    const total = answer.totals.reduce((sum, row) => sum + row.lessons, 0);
    expect(total).toBe(answer.marks.length);
    for (const row of answer.totals) {
      expect(row.lessons_ill).toBeLessThanOrEqual(row.lessons);
      expect(row.days_ill).toBeLessThanOrEqual(row.days);
    }
    const refused = await call(
      app,
      tokens.teacher,
      'GET',
      `/api/journal/attendance?group_id=${own.group_id}&from=2026-10-24&to=2026-09-01`,
    );
    expect(refused.statusCode).toBe(422);
  });

  it('gives a teacher the marks they gave this week and a student the marks they got', async () => {
    const seededDay = await lastSeededSchoolDay(app.db);
    const teacher = weekMarksSchema.parse(
      (await call(app, tokens.teacher, 'GET', `/api/journal/week?date=${seededDay}`)).json(),
    ).data;
    expect(teacher.role).toBe('teacher');
    expect(teacher.marks.length).toBeGreaterThan(0);
    const student = weekMarksSchema.parse(
      (await call(app, tokens.student, 'GET', `/api/journal/week?date=${seededDay}`)).json(),
    ).data;
    expect(student.role).toBe('student');
    expect(new Set(student.marks.map((mark) => mark.student_name)).size).toBeLessThanOrEqual(1);
  });
});
