import { weekMarksSchema } from '@parta/shared/domain/contracts/journal';
import { addDays } from '@parta/shared/domain/timetable';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { lastSeededSchoolDay } from '../../../test/school-days';
import { schoolToday } from '../clock/clock.service';

/**
 * «Оценки за неделю» on the dashboard for every role: the school's week for a director and a завуч
 * (per class and subject, with the classes that got none), each child's marks for a parent.
 */

let app: FastifyInstance;
const tokens: Record<string, string> = {};
/**
 * The seeded journal's last day with lessons (the template was seeded today, server/test/build-templates.ts;
 * on a Sunday or in the holidays that is the last school day before).
 */
let seededDay: string;

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'zavuch', 'teacher', 'student', 'parent'])
    tokens[login] = await loginAs(app, login);
  seededDay = await lastSeededSchoolDay(app.db);
}, 120_000);

afterAll(async () => {
  await app.close();
});

const week = async (login: string, date = seededDay) =>
  weekMarksSchema.parse((await call(app, tokens[login], 'GET', `/api/journal/week?date=${date}`)).json())
    .data;

describe('GET /api/journal/week', () => {
  it('gives a director the school’s week per class and subject, and lists the classes that got no marks', async () => {
    const data = await week('director');
    expect(data.role).toBe('school');
    expect(data.classes.length).toBeGreaterThan(20);
    for (const row of data.classes) {
      expect(row.count).toBeGreaterThan(0);
      expect(row.average).toBeGreaterThanOrEqual(1);
      expect(row.average).toBeLessThanOrEqual(5);
    }
    // Grade 1 is taught without marks (DOMAIN.md): its classes are listed as having none.
    expect(data.classes_without_marks).toEqual(expect.arrayContaining(['1А']));
    expect(data.classes.some((row) => row.group_name.startsWith('1А'))).toBe(false);

    // The counts are the marks of lessons of those seven days in the director's schools.
    const [{ total }] = (
      (await app.db.execute(sql`
        select count(*)::int as total from marks m join lessons l on l.id = m.lesson_id
         where l.date between ${data.from} and ${data.to}
           and m.organization_id in (select id from organizations
                                      where id = (select organization_id from users where login = 'director')
                                         or parent_id = (select organization_id from users where login = 'director'))`)) as unknown as {
        rows: { total: number }[];
      }
    ).rows;
    expect(data.classes.reduce((sum, row) => sum + row.count, 0)).toBe(Number(total));
  });

  it('gives a завуч the same school week', async () => {
    const data = await week('zavuch');
    expect(data.role).toBe('school');
    expect(data.classes).toEqual((await week('director')).classes);
  });

  it('shows another school only its own classes', async () => {
    const mine = await week('director');
    const other = await week('director2');
    expect(other.role).toBe('school');
    const names = (data: typeof mine) => [
      ...data.classes.map((row) => row.group_name),
      ...data.classes_without_marks,
    ];
    const [{ count }] = (
      (await app.db.execute(sql`
        select count(*)::int as count from classes
         where organization_id = (select organization_id from users where login = 'director2')`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows;
    expect(new Set(names(other)).size).toBeLessThanOrEqual(Number(count));
    expect(other.classes.reduce((sum, row) => sum + row.count, 0)).not.toBe(
      mine.classes.reduce((sum, row) => sum + row.count, 0),
    );
  });

  it('gives a parent each child’s marks, named', async () => {
    const data = await week('parent');
    expect(data.role).toBe('parent');
    expect(data.marks.length).toBeGreaterThan(0);
    const child = await week('student');
    expect(new Set(data.marks.map((mark) => mark.student_name))).toContain(child.marks[0].student_name);
  });

  it('shows marks this week on any day the demo starts (the journal reaches the day before)', async () => {
    // The week ending today, as the dashboard asks it: the seed filled every day up to yesterday, so
    // it holds marks unless the whole week had no lessons (the holidays).
    const held = seededDay >= addDays(schoolToday(), -6);
    for (const login of ['director', 'teacher', 'student', 'parent']) {
      const data = weekMarksSchema.parse(
        (await call(app, tokens[login], 'GET', '/api/journal/week')).json(),
      ).data;
      const some = data.role === 'school' ? data.classes.length > 0 : data.marks.length > 0;
      expect({ login, to: data.to, some }).toEqual({ login, to: schoolToday(), some: held });
    }
  });

  it('counts the seven days ending today for a teacher and a student (the seeded week has marks)', async () => {
    // The demo journal's last school day: the seven days ending then hold marks.
    for (const login of ['teacher', 'student']) {
      const data = await week(login, seededDay);
      expect({ login, from: data.from, some: data.marks.length > 0 }).toEqual({
        login,
        from: addDays(seededDay, -6),
        some: true,
      });
    }
  });
});
