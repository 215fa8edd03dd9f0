import { addDays } from '@parta/shared/domain/timetable';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { missingFinalMarks } from '../modules/periods/periods.service';
import { journalUntil, SCHOOL_YEAR } from './curriculum';
import { seed } from './index';

/**
 * The demo is alive on any day: the journal reaches the day before the seed runs (issue 36), and
 * the КТП lies in order on the journal's lessons with «Факт» of the items given by then.
 */

describe('journalUntil: the last day of the seeded journal', () => {
  it('is the day before the seed runs within the year, the first weeks before it, its end after it', () => {
    expect(journalUntil('2026-11-27')).toBe('2026-11-26');
    expect(journalUntil('2027-02-10')).toBe('2027-02-09');
    expect(journalUntil('2026-09-02')).toBe('2026-09-01');
    // Before the year starts: its first two weeks, so a newcomer in August sees a working journal.
    expect(journalUntil('2026-08-20')).toBe('2026-09-12');
    expect(journalUntil('2026-09-01')).toBe('2026-09-12');
    expect(journalUntil('2027-07-01')).toBe(SCHOOL_YEAR.endDate);
  });
});

/** A day of the III четверть, long after the old fixed end of the demo journal (20.11.2026). */
const TODAY = '2027-02-10';
const UNTIL = '2027-02-09';

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, query);
  return Number(row.n);
}

describe(`the demo seeded on ${TODAY}`, () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Database;
  let school: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const result = await seed(db, { today: TODAY });
    expect(result.journalUntil).toBe(UNTIL);
    school = result.school1.organizationId;
  }, 600_000);

  afterAll(async () => {
    await database.close();
  });

  it('has marks, absences, topics and homework in the week before today and nothing from today on', async () => {
    const weekBefore = sql`l.organization_id = ${school} and l.date between ${addDays(TODAY, -7)} and ${UNTIL}`;
    const fromToday = sql`l.date >= ${TODAY}`;
    const marks = (where: ReturnType<typeof sql>) =>
      count(
        db,
        sql`select count(*)::int as n from marks m join lessons l on l.id = m.lesson_id where ${where}`,
      );
    const absences = (where: ReturnType<typeof sql>) =>
      count(
        db,
        sql`select count(*)::int as n from attendance a join lessons l on l.id = a.lesson_id where ${where}`,
      );
    expect(await marks(weekBefore)).toBeGreaterThan(500);
    expect(await absences(weekBefore)).toBeGreaterThan(50);
    expect(await marks(fromToday)).toBe(0);
    expect(await absences(fromToday)).toBe(0);
    // The demo teacher (5А and more) gave marks on the last school day before today.
    expect(
      await marks(sql`l.date = ${UNTIL} and l.teacher_id = (select id from users where login = 'teacher')`),
    ).toBeGreaterThan(0);
    // Every held lesson up to the day before has a topic, and most have homework.
    const [held] = await rowsOf<{ lessons: number; topics: number; homework: number }>(
      db,
      sql`select count(*)::int as lessons, count(topic)::int as topics, count(homework)::int as homework
            from lessons l where ${weekBefore} and l.status <> 'cancelled'`,
    );
    expect(held.lessons).toBeGreaterThan(300);
    expect(held.topics).toBe(held.lessons);
    expect(held.homework / held.lessons).toBeGreaterThan(0.6);
    // Topics typed by hand stop the day before today (the КТП plans later lessons too).
    expect(
      await count(
        db,
        sql`select count(*)::int as n from lessons l where ${fromToday} and topic is not null and ktp_item_id is null`,
      ),
    ).toBe(0);
  });

  it('closes the periods that ended by then, with final marks, and keeps the current one open', async () => {
    const periods = await rowsOf<{ name: string; closed: boolean; finals: number }>(
      db,
      sql`select p.name, p.closed, (select count(*)::int from final_marks f where f.period_id = p.id) as finals
            from periods p where p.organization_id = ${school} order by p.start_date, p.end_date`,
    );
    const closed = Object.fromEntries(
      periods.map((period) => [period.name, [period.closed, period.finals > 0]]),
    );
    expect(closed).toEqual({
      'I четверть': [true, true],
      'I полугодие': [true, true],
      'II четверть': [true, true],
      '2026/2027 учебный год': [false, false],
      'III четверть': [false, false],
      'II полугодие': [false, false],
      'IV четверть': [false, false],
    });
  });

  it('the closed periods lack no final mark: every pupil of a line taught with marks has one', async () => {
    const closed = await rowsOf<{
      id: number;
      name: string;
      organization_id: number;
      academic_year: string;
      grades: number[];
    }>(
      db,
      sql`select id, name, organization_id, academic_year, grades from periods where closed order by organization_id, id`,
    );
    expect(closed.length).toBeGreaterThanOrEqual(3);
    const missing = await Promise.all(closed.map((period) => missingFinalMarks(db, period)));
    expect(missing.map((period) => [period.period_name, period.total])).toEqual(
      closed.map((period) => [period.name, 0]),
    );
    // Still the teachers' marks of the averages where there are grades: not all fives.
    const [spread] = await rowsOf<{ values: number }>(
      db,
      sql`select count(distinct value)::int as values from final_marks f join periods p on p.id = f.period_id
           where p.organization_id = ${school}`,
    );
    expect(spread.values).toBeGreaterThanOrEqual(3);
  });

  it('lays every КТП in order on its load’s lessons, «Факт» filled for the items given by then', async () => {
    const lessons = await rowsOf<{
      plan_id: number;
      date: string;
      position: number;
      topic: string;
      lesson_topic: string;
      planned_date: string;
      actual_date: string | null;
      first: boolean;
    }>(
      db,
      sql`select i.plan_id, l.date::text as date, i.position, i.topic, l.topic as lesson_topic,
                 i.planned_date::text as planned_date, i.actual_date::text as actual_date,
                 l.id = (select f.id from lessons f
                          where f.load_id = l.load_id and f.status <> 'cancelled'
                          order by f.date, f.lesson_number, f.id limit 1) as first
            from lessons l join ktp_items i on i.id = l.ktp_item_id
           where l.organization_id = ${school}
           order by i.plan_id, l.date, l.lesson_number, l.id`,
    );
    const plans = new Set(lessons.map((lesson) => lesson.plan_id));
    expect(plans.size).toBeGreaterThan(3);
    const given = new Map<number, typeof lessons>();
    for (const lesson of lessons) given.set(lesson.plan_id, [...(given.get(lesson.plan_id) ?? []), lesson]);
    for (const list of given.values()) {
      // Item 1 on the load's first lesson of the year; each next lesson the same item or the next one.
      expect({ position: list[0].position, first: list[0].first }).toEqual({ position: 1, first: true });
      for (let index = 1; index < list.length; index++) {
        const step = list[index].position - list[index - 1].position;
        if (step !== 0 && step !== 1)
          throw new Error(
            `plan ${list[0].plan_id}: item ${list[index - 1].position} then ${list[index].position}`,
          );
      }
      for (const lesson of list) {
        expect(lesson.lesson_topic).toBe(lesson.topic);
        // «План» and «Факт» are the date of the item's first lesson; «Факт» only once it was given.
        const first = list.find((other) => other.position === lesson.position)!.date;
        expect([lesson.position, lesson.planned_date, lesson.actual_date]).toEqual([
          lesson.position,
          first,
          first <= UNTIL ? first : null,
        ]);
      }
      // The entrance test opens the year once, not again in December.
      const entrance = list.filter((lesson) => lesson.topic.startsWith('Входная диагностика'));
      expect(entrance.every((lesson) => lesson.date < '2026-10-01')).toBe(true);
    }
    // Items without a lesson (none here: each plan is as long as its load's year) have no «Факт».
    expect(
      await count(
        db,
        sql`select count(*)::int as n from ktp_items i where i.organization_id = ${school}
              and i.actual_date is not null and i.actual_date > ${UNTIL}`,
      ),
    ).toBe(0);
  });
});
