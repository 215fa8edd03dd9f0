import {
  type JournalLoad,
  journalGridSchema,
  journalIndexSchema,
} from '@parta/shared/domain/contracts/journal';
import { type YearChangePlan, yearChangePlanAnswerSchema } from '@parta/shared/domain/contracts/year-change';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import { classes, studentParents, students, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed';

/**
 * «Новый учебный год» (issue 40) on the demo school: the preview says what will happen; the run
 * moves the classes up into new class rows of the next year, graduates the 11th grade (accounts
 * closed, theirs and their parents' left without an active child), opens the next year's periods
 * and carries load, subgroups and КТП; the closed year's journal keeps its pupils and refuses every
 * write; a second run is refused; only the director and the завуч reach it, never another school.
 */

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let preview: YearChangePlan;
let own: JournalLoad;
let ownStudents: number;
let lessonId: number;
let studentId: number;
let schoolId: number;
let otherSchoolId: number;
/** The classification of the closing year's closed term, as it read before the run. */
let reportBefore: unknown;
let reportUrl: string;
/** A past week of the pupil's diary (5А), as it read before the run. */
let diaryBefore: unknown;
const DIARY_WEEK = '/api/diary?week=2026-09-14';

const PREVIEW = '/api/academic-years/next';

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'zavuch', 'teacher', 'student', 'parent', 'director2'])
    tokens[login] = await loginAs(app, login);
  const [director] = await app.db.select().from(users).where(eq(users.login, 'director'));
  const [director2] = await app.db.select().from(users).where(eq(users.login, 'director2'));
  schoolId = director.organizationId;
  otherSchoolId = director2.organizationId;
  // A graduate with an account and a parent whose only child graduates (the demo's pupils with
  // accounts sit in 5А): the student's own password hash, so the demo password signs them in.
  const [pupilUser] = await app.db.select().from(users).where(eq(users.login, 'student'));
  const [graduate] = await rowsOf<{ id: number }>(
    app.db,
    sql`select s.id from students s join classes c on c.id = s.class_id
         where c.organization_id = ${schoolId} and c.number = 11 and s.status = 'active' and s.user_id is null
         order by s.id limit 1`,
  );
  const account = (login: string, kind: 'student' | 'parent') => ({
    organizationId: schoolId,
    surname: 'Выпускникова',
    name: 'Анна',
    login,
    passwordHash: pupilUser.passwordHash,
    kind,
  });
  const [gradUser] = await app.db.insert(users).values(account('grad11', 'student')).returning();
  const [gradParent] = await app.db.insert(users).values(account('gradparent', 'parent')).returning();
  await app.db.update(students).set({ userId: gradUser.id }).where(eq(students.id, graduate.id));
  await app.db
    .insert(studentParents)
    .values({ organizationId: schoolId, studentId: graduate.id, parentUserId: gradParent.id });
  tokens.grad11 = await loginAs(app, 'grad11');

  const index = journalIndexSchema.parse((await call(app, tokens.teacher, 'GET', '/api/journal')).json());
  own = index.data.loads.find((load) => load.own && load.subgroup_id === null)!;
  const grid = journalGridSchema.parse(
    (await call(app, tokens.teacher, 'GET', `/api/journal/${own.group_id}/${own.id}`)).json().data,
  );
  ownStudents = grid.students.length;
  lessonId = grid.lessons[0].id;
  studentId = grid.students[0].id;
  const closedTerm = grid.periods.find((period) => period.closed && period.kind !== 'year')!;
  reportUrl = `/api/reports/classification?period_id=${closedTerm.id}`;
  reportBefore = (await call(app, tokens.zavuch, 'GET', reportUrl)).json();
  diaryBefore = (await call(app, tokens.student, 'GET', DIARY_WEEK)).json().data.days;
}, 180_000);

afterAll(async () => {
  await app.close();
});

describe('the preview of «Новый учебный год»', () => {
  it('says which classes move up, who graduates and the next year’s periods', async () => {
    // One final mark of the closed term taken away for the preview (put back after it): the
    // preview names the pupil and the subject still without one.
    const [gap] = await rowsOf<{
      id: number;
      student_id: number;
      subject_id: number;
      period_id: number;
      value: string;
    }>(
      app.db,
      sql`select fm.id, fm.student_id, fm.subject_id, fm.period_id, fm.value from final_marks fm
            join periods p on p.id = fm.period_id
           where p.organization_id = ${schoolId} and p.closed and p.kind <> 'year'
           order by fm.id limit 1`,
    );
    await app.db.execute(sql`delete from final_marks where id = ${gap.id}`);
    const response = await call(app, tokens.zavuch, 'GET', PREVIEW);
    await app.db.execute(sql`insert into final_marks (organization_id, student_id, subject_id, period_id, value)
      values (${schoolId}, ${gap.student_id}, ${gap.subject_id}, ${gap.period_id}, ${gap.value})`);
    expect(response.statusCode).toBe(200);
    preview = yearChangePlanAnswerSchema.parse(response.json()).data;
    const lacking = preview.missing_final_marks.find((period) => period.period_id === gap.period_id)!;
    expect(lacking.total).toBe(1);
    expect(lacking.items).toMatchObject([{ subject_id: gap.subject_id, students: [{ id: gap.student_id }] }]);
    expect(preview.notes.join(' ')).toContain(`Не выставлены итоговые оценки: ${lacking.period_name} — 1`);
    // The next year's periods are named by its own years.
    expect(preview.periods.find((period) => period.kind === 'year')?.name).toBe(
      `${preview.next_year} учебный год`,
    );
    expect(preview.periods.some((period) => period.name.includes(preview.academic_year))).toBe(false);
    expect(preview.organization_id).toBe(schoolId);
    const [first] = preview.academic_year.split('/').map(Number);
    expect(preview.next_year).toBe(`${first + 1}/${first + 2}`);
    expect(preview.last_grade).toBe(11);
    expect(preview.classes.find((row) => row.from === '5А')).toMatchObject({ to: '6А' });
    const elevenths = preview.classes.filter((row) => row.from.startsWith('11'));
    expect(elevenths.length).toBeGreaterThan(0);
    expect(elevenths.every((row) => row.to === null)).toBe(true);
    expect(preview.graduates).toBe(elevenths.reduce((sum, row) => sum + row.students, 0));
    expect(preview.graduates).toBeGreaterThan(0);
    expect(preview.graduate_accounts).toBe(1);
    expect(preview.parent_accounts).toBeGreaterThanOrEqual(1);
    expect(preview.periods.length).toBeGreaterThan(0);
    for (const period of preview.periods) {
      expect(period.start_date.slice(5)).toBe(period.from_start_date.slice(5));
      expect(Number(period.start_date.slice(0, 4))).toBe(Number(period.from_start_date.slice(0, 4)) + 1);
    }
    expect(preview.holidays.every((holiday) => holiday.review)).toBe(true);
    expect(preview.load_lines).toBeGreaterThan(0);
    expect(preview.ktp_plans).toBeGreaterThan(0);
    expect(preview.timetable_templates).toBeGreaterThan(0);
    // The demo school begins at the 1st grade: its letters are what the new first grades can take.
    expect(preview.first_grade).toBe(1);
    const firsts = preview.classes
      .filter((row) => /^1[А-ЯЁ]$/.test(row.from))
      .map((row) => row.from.slice(1));
    expect(firsts.length).toBeGreaterThan(0);
    expect(preview.first_grade_letters).toEqual(firsts);
    expect(preview.new_first_grades).toEqual([]);
    expect(preview.notes.length).toBeGreaterThan(0);
  });

  it('is for the director and the завуч of the school only', async () => {
    expect((await call(app, tokens.director, 'GET', PREVIEW)).statusCode).toBe(200);
    expect((await call(app, tokens.teacher, 'GET', PREVIEW)).statusCode).toBe(403);
    expect((await call(app, tokens.student, 'GET', PREVIEW)).statusCode).toBe(403);
    expect((await call(app, tokens.parent, 'GET', PREVIEW)).statusCode).toBe(403);
    expect(
      (await call(app, tokens.director2, 'GET', `${PREVIEW}?organization_id=${schoolId}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(app, tokens.director2, 'POST', PREVIEW, {
          organization_id: schoolId,
          academic_year: preview.academic_year,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.teacher, 'POST', PREVIEW, { academic_year: preview.academic_year })).statusCode,
    ).toBe(403);
  });

  it('answers bad input with Russian field errors', async () => {
    const wrongFormat = await call(app, tokens.zavuch, 'POST', PREVIEW, {
      academic_year: 'весна',
      keep_loads: 'да',
    });
    expect(wrongFormat.statusCode).toBe(422);
    expect(wrongFormat.json().errors.academic_year[0]).toMatch(/Учебный год в формате/);
    expect(wrongFormat.json().errors.keep_loads[0]).toMatch(/нагрузку/);
    const badLetters = await call(app, tokens.zavuch, 'POST', PREVIEW, {
      academic_year: preview.academic_year,
      copy_timetables: 'нет',
      new_first_grades: ['A1', 'Б'],
    });
    expect(badLetters.statusCode).toBe(422);
    expect(badLetters.json().errors.copy_timetables[0]).toMatch(/шаблоны расписания/);
    expect(badLetters.json().errors['new_first_grades.0'][0]).toMatch(/одна русская буква/);
    const twice = await call(app, tokens.zavuch, 'POST', PREVIEW, {
      academic_year: preview.academic_year,
      new_first_grades: ['В', 'в'],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.new_first_grades[0]).toMatch(/повторяются/);
    const staleYear = await call(app, tokens.zavuch, 'POST', PREVIEW, { academic_year: '2019/2020' });
    expect(staleYear.statusCode).toBe(422);
    expect(staleYear.json().errors.academic_year[0]).toMatch(/Закрывается учебный год/);
    expect((await call(app, tokens.zavuch, 'GET', `${PREVIEW}?organization_id=abc`)).statusCode).toBe(422);
  });
});

describe('running «Новый учебный год»', () => {
  let result: YearChangePlan;
  let templatesBefore: { name: string; slots: number; graduating: number }[];

  beforeAll(async () => {
    templatesBefore = await rowsOf<{ name: string; slots: number; graduating: number }>(
      app.db,
      sql`select t.name, count(s.id)::int as slots,
                 count(s.id) filter (where c.number >= 11)::int as graduating
            from timetable_templates t left join timetable_slots s on s.template_id = t.id
            left join classes c on c.id = s.class_id
           where t.organization_id = ${schoolId} and t.academic_year = ${preview.academic_year}
           group by t.id order by t.id`,
    );
    const response = await call(app, tokens.zavuch, 'POST', PREVIEW, {
      academic_year: preview.academic_year,
      new_first_grades: preview.first_grade_letters,
    });
    expect(response.statusCode).toBe(201);
    result = yearChangePlanAnswerSchema.parse(response.json()).data;
  }, 120_000);

  it('does what the preview said', () => {
    expect(result.classes).toEqual(preview.classes);
    expect(result.graduates).toBe(preview.graduates);
    expect(result.periods).toEqual(preview.periods);
    expect(result.load_lines).toBeGreaterThan(0);
    expect(result.ktp_plans).toBe(preview.ktp_plans);
    expect(result.timetable_templates).toBe(preview.timetable_templates);
    expect(result.new_first_grades).toEqual(preview.first_grade_letters);
  });

  it('has the journal partitions of the new school year and of the one after it', async () => {
    const first = Number(result.next_year.slice(0, 4));
    const partitions = await rowsOf<{ name: string }>(
      app.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent in ('marks'::regclass, 'attendance'::regclass, 'mark_audit'::regclass)
           order by c.relname`,
    );
    const names = partitions.map((row) => row.name);
    for (const table of ['marks', 'attendance', 'mark_audit'])
      for (const year of [first, first + 1]) expect(names).toContain(`${table}_${year}`);
  });

  it('lists the carried КТП plans under the new year, the old ones under the closed year', async () => {
    const list = async (year: string) =>
      (await call(app, tokens.zavuch, 'GET', `/api/ktp?academic_year=${encodeURIComponent(year)}`)).json()
        .data as { name: string; academic_year: string; group_name: string | null; items_count: number }[];
    const carried = await list(preview.next_year);
    const closed = await list(preview.academic_year);
    expect(carried).toHaveLength(preview.ktp_plans);
    expect(closed).toHaveLength(preview.ktp_plans);
    expect(carried.every((plan) => plan.academic_year === preview.next_year)).toBe(true);
    expect(closed.every((plan) => plan.academic_year === preview.academic_year)).toBe(true);
    expect(carried.map((plan) => [plan.name, plan.items_count]).sort()).toEqual(
      closed.map((plan) => [plan.name, plan.items_count]).sort(),
    );
    // A class's plan is a grade's programme: 5А's plan goes to the new 5А (the 4А moved up into it).
    const classPlan = closed.find((plan) => plan.group_name === '5А');
    expect(classPlan).toBeDefined();
    expect(carried.find((plan) => plan.name === classPlan?.name)?.group_name).toBe('5А');
    const bad = await call(app, tokens.zavuch, 'GET', '/api/ktp?academic_year=2026-2027');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.academic_year[0]).toMatch(/Учебный год в формате/);
  });

  it('copies the timetable templates to the new year with the moved classes’ slots', async () => {
    const after = await rowsOf<{ name: string; slots: number; year: string; stale: number }>(
      app.db,
      sql`select t.name, count(s.id)::int as slots, t.academic_year as year,
                 count(s.id) filter (where c.academic_year <> t.academic_year
                                        or l.class_id <> s.class_id)::int as stale
            from timetable_templates t left join timetable_slots s on s.template_id = t.id
            left join classes c on c.id = s.class_id left join loads l on l.id = s.load_id
           where t.organization_id = ${schoolId} and t.academic_year = ${preview.next_year}
           group by t.id order by t.id`,
    );
    // Renamed for the new year: «Основное расписание 2026/2027» → «… 2027/2028».
    expect(templatesBefore.some((row) => row.name.includes(preview.academic_year))).toBe(true);
    expect(after.map((row) => row.name)).toEqual(
      templatesBefore.map((row) =>
        row.name.includes(preview.academic_year)
          ? row.name.replace(preview.academic_year, preview.next_year)
          : `${row.name} ${preview.next_year}`,
      ),
    );
    expect(after.every((row) => row.stale === 0)).toBe(true);
    // Every slot comes over but the graduating classes' (and subgroup lines follow their subgroups).
    const moved = templatesBefore.reduce((sum, row) => sum + row.slots - row.graduating, 0);
    expect(moved).toBeGreaterThan(0);
    expect(after.reduce((sum, row) => sum + row.slots, 0)).toBe(moved);
    // The closed year's templates stay as they were.
    const [{ total }] = await rowsOf<{ total: number }>(
      app.db,
      sql`select count(*)::int as total from timetable_slots s join timetable_templates t on t.id = s.template_id
           where t.organization_id = ${schoolId} and t.academic_year = ${preview.academic_year}`,
    );
    expect(total).toBe(templatesBefore.reduce((sum, row) => sum + row.slots, 0));
  });

  it('opens the new first grades the завуч asked for, empty', async () => {
    const firsts = await rowsOf<{ letter: string; students: number; manager: number | null }>(
      app.db,
      sql`select c.letter, (select count(*) from students s where s.class_id = c.id)::int as students,
                 c.manager_id as manager
            from classes c where c.organization_id = ${schoolId} and c.academic_year = ${preview.next_year}
             and c.number = 1 order by c.letter`,
    );
    expect(firsts.map((row) => row.letter)).toEqual(preview.first_grade_letters);
    expect(firsts.every((row) => row.students === 0 && row.manager === null)).toBe(true);
  });

  it('moves the classes up into new classes of the next year, the pupils with them', async () => {
    const groups = (await call(app, tokens.director, 'GET', '/api/group')).json().data.groups as {
      name: string;
      academic_year: string;
      organization_id: number;
    }[];
    const ours = groups.filter((group) => group.organization_id === schoolId);
    expect(ours.every((group) => group.academic_year === preview.next_year)).toBe(true);
    expect(ours.some((group) => group.name === '6А')).toBe(true);
    expect(ours.some((group) => group.name.startsWith('11'))).toBe(true);
    // 1А of the closed year became 2А; the 1st grades now are the new, empty ones.
    expect(ours.filter((group) => /^1[А-ЯЁ]$/.test(group.name)).map((group) => group.name.slice(1))).toEqual(
      preview.first_grade_letters,
    );
    const [pupil] = await app.db
      .select({ number: classes.number, letter: classes.letter, year: classes.academicYear })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(eq(users.login, 'student'));
    expect(pupil).toEqual({ number: 6, letter: 'А', year: preview.next_year });
    // The journal's list is of the new year's load (copied to the new classes); the old one opens by id.
    const index = journalIndexSchema.parse((await call(app, tokens.teacher, 'GET', '/api/journal')).json());
    expect(index.data.loads.some((load) => load.group_id === own.group_id)).toBe(false);
    expect(index.data.loads.some((load) => load.own && load.subject_id === own.subject_id)).toBe(true);
    const periods = (await call(app, tokens.director, 'GET', '/api/periods')).json().data as {
      academic_year: string;
      closed: boolean;
      organization_id: number;
    }[];
    const mine = periods.filter((period) => period.organization_id === schoolId);
    expect(mine.filter((period) => period.academic_year === preview.next_year)).toHaveLength(
      preview.periods.length,
    );
    expect(
      mine.filter((period) => period.academic_year === preview.academic_year).every((p) => p.closed),
    ).toBe(true);
  });

  it('takes the graduates off the active lists and closes their accounts, never the others’', async () => {
    const [{ active }] = await rowsOf<{ active: number }>(
      app.db,
      sql`select count(*)::int as active from students s join classes c on c.id = s.class_id
           where c.organization_id = ${schoolId} and c.academic_year = ${preview.academic_year}
             and c.number = 11 and s.status = 'active'`,
    );
    expect(active).toBe(0);
    const signIn = (login: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
    const graduationYear = preview.academic_year.slice(5);
    // With the right password the graduate learns why; with a wrong one, nothing more than anyone.
    for (const [login, reason] of [
      ['grad11', `Учётная запись закрыта: выпускник ${graduationYear} года`],
      ['gradparent', `Учётная запись закрыта: ваш ребёнок окончил школу в ${graduationYear} году`],
    ]) {
      const right = await signIn(login, DEMO_PASSWORD);
      expect(right.statusCode).toBe(422);
      expect(right.json().message).toContain(reason);
      const wrong = await signIn(login, 'not-the-password');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe('Неверный логин или пароль');
    }
    // A staff account closed for another reason keeps the usual answer, password right or not.
    const [{ passwordHash }] = await app.db.select().from(users).where(eq(users.login, 'teacher'));
    await app.db.insert(users).values({
      organizationId: schoolId,
      surname: 'Уволенная',
      name: 'Ольга',
      login: 'leftstaff',
      passwordHash,
      kind: 'staff',
      active: false,
    });
    expect((await signIn('leftstaff', DEMO_PASSWORD)).json().message).toBe('Неверный логин или пароль');
    await expect(loginAs(app, 'grad11')).rejects.toThrow(/422/);
    expect((await call(app, tokens.grad11, 'POST', '/api/auth/me')).statusCode).toBe(401);
    // Pupils and parents of the other grades keep signing in, their sessions too.
    expect((await call(app, tokens.student, 'POST', '/api/auth/me')).statusCode).toBe(200);
    expect((await call(app, tokens.parent, 'POST', '/api/auth/me')).statusCode).toBe(200);
    await loginAs(app, 'student');
    await loginAs(app, 'parent');
  });

  it('keeps the closed year’s journal with its pupils, read-only', async () => {
    const response = await call(app, tokens.teacher, 'GET', `/api/journal/${own.group_id}/${own.id}`);
    expect(response.statusCode).toBe(200);
    const grid = journalGridSchema.parse(response.json().data);
    expect(grid.students).toHaveLength(ownStudents);
    expect(grid.editable).toBe(false);
    // Only the closed year's terms as tabs, not the next year's too.
    expect(grid.periods.length).toBeGreaterThan(0);
    expect(grid.periods.every((period) => period.academic_year === preview.academic_year)).toBe(true);
    const url = `/api/journal/lessons/${lessonId}/students/${studentId}`;
    const current = grid.cells.find((cell) => cell.lesson_id === lessonId && cell.student_id === studentId);
    const write = await call(app, tokens.teacher, 'PUT', url, {
      grades: [{ value: 5 }],
      attendance: null,
      version: current?.version ?? 0,
    });
    expect(write.statusCode).toBe(423);
    expect(write.json().message).toMatch(new RegExp(`Учебный год ${preview.academic_year} закрыт`));
    const topic = await call(app, tokens.teacher, 'PUT', `/api/journal/lessons/${lessonId}`, {
      topic: 'Новая тема',
      homework: null,
    });
    expect(topic.statusCode).toBe(423);
    const [period] = await rowsOf<{ id: number }>(
      app.db,
      sql`select id from periods where organization_id = ${schoolId} and academic_year = ${preview.academic_year} limit 1`,
    );
    const reopen = await call(app, tokens.zavuch, 'POST', `/api/periods/${period.id}/reopen`);
    expect(reopen.statusCode).toBe(409);
    // The periods list says which year is closed for good (the screen offers no «Открыть» there).
    const listed = (await call(app, tokens.zavuch, 'GET', `/api/periods?organization_id=${schoolId}`)).json()
      .data as {
      organization_id: number;
      academic_year: string;
      year_closed: boolean;
      name: string;
      kind: string;
    }[];
    const ours = listed.filter((row) => row.academic_year === preview.academic_year);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.every((row) => row.year_closed)).toBe(true);
    const next = listed.filter((row) => row.academic_year === preview.next_year);
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((row) => !row.year_closed)).toBe(true);
    expect(next.find((row) => row.kind === 'year')?.name).toBe(`${preview.next_year} учебный год`);
    expect(reopen.json().message).toMatch(/закрыт/);
  });

  it('keeps the closed year’s reports as they were', async () => {
    expect((await call(app, tokens.zavuch, 'GET', reportUrl)).json()).toEqual(reportBefore);
  });

  it('keeps the pupil’s history: a past week of the diary reads as before', async () => {
    const diary = (await call(app, tokens.student, 'GET', DIARY_WEEK)).json().data;
    expect(diary.days).toEqual(diaryBefore);
    expect(diary.days.flatMap((day: { lessons: unknown[] }) => day.lessons).length).toBeGreaterThan(0);
    expect(diary.student.group_name).toBe('6А');
  });

  it('runs once: a second run and the preview answer 409', async () => {
    const again = await call(app, tokens.director, 'POST', PREVIEW, { academic_year: preview.academic_year });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/уже закрыт/);
    // The next year has not begun: there is nothing to close until it has.
    const early = await call(app, tokens.director, 'GET', PREVIEW);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/ещё не начался/);
  });

  it('leaves another school as it was', async () => {
    const other = await call(app, tokens.director2, 'GET', PREVIEW);
    expect(other.statusCode).toBe(200);
    expect(yearChangePlanAnswerSchema.parse(other.json()).data.organization_id).toBe(otherSchoolId);
    const [{ total }] = await rowsOf<{ total: number }>(
      app.db,
      sql`select count(*)::int as total from classes where organization_id = ${otherSchoolId}
           and academic_year = ${preview.next_year}`,
    );
    expect(total).toBe(0);
  });
});
