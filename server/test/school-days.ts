import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { schoolToday, setSchoolClock } from '../src/modules/clock/clock.service';
import { journalUntil } from '../src/seed/curriculum';

/**
 * School days of the demo for suites that must not depend on the day they run. The run's clock
 * (`PARTA_CLOCK`, else the machine's day) may stand on a Sunday, in the holidays or on a term's last
 * day, and the demo's journal is seeded up to the day before it (`journalUntil`). These read the
 * demo school's dated lessons (the «teacher» login's school, grades of the четверти) to find a day
 * that is a real school day for what the suite needs.
 */

interface LessonDay {
  date: string;
  periodId: number;
}

/** The main demo school's lesson days in open четверти after `after`, with their term, in order. */
async function openLessonDaysAfter(db: Database, after: string): Promise<LessonDay[]> {
  const result = (await db.execute(sql`
    select l.date::text as date, p.id as "periodId"
      from lessons l
      join periods p on p.organization_id = l.organization_id and p.kind = 'quarter' and not p.closed
                    and l.date between p.start_date and p.end_date
     where l.organization_id = (select organization_id from users where login = 'teacher')
       and l.date > ${after}
     group by l.date, p.id
     order by l.date`)) as unknown as { rows: LessonDay[] };
  return result.rows;
}

/**
 * The first day after the seeded journal on which the demo school has lessons in an open четверть
 * and more lessons later in that четверть: its cells are empty, it takes marks, and a lesson after
 * it is still in the same term's grid.
 */
export async function firstOpenSchoolDay(db: Database): Promise<string> {
  const days = await openLessonDaysAfter(db, journalUntil(schoolToday()));
  const day = days.find((item, index) =>
    days.slice(index + 1).some((later) => later.periodId === item.periodId),
  );
  if (!day) throw new Error('the demo has no open term with lessons after its seeded journal');
  return day.date;
}

/**
 * Moves the school clock to 10:00 of `firstOpenSchoolDay` (on a weekday in term that is the run's
 * own day) and returns that date; `setSchoolClock(null)` in `afterAll` puts the run's clock back.
 */
export async function openSchoolDay(db: Database): Promise<string> {
  const day = await firstOpenSchoolDay(db);
  setSchoolClock(day);
  return day;
}

/** The last day of the seeded journal on which the demo school had lessons (it has marks). */
export async function lastSeededSchoolDay(db: Database): Promise<string> {
  const result = (await db.execute(sql`
    select max(l.date)::text as date
      from lessons l
     where l.organization_id = (select organization_id from users where login = 'teacher')
       and l.date <= ${journalUntil(schoolToday())}`)) as unknown as { rows: { date: string }[] };
  return result.rows[0].date;
}
