import { proposeMark } from '@parta/shared/domain/marks';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { closedBy, PERIODS, SCHOOL_YEAR } from './curriculum';
import type { SeededSchool } from './school';
import type { SeedStep } from './step';
import { draw, seedYearJournal } from './year-journal';

/** In the demo a student answers at the board in one lesson in ten (a term's journal reads like a school's). */
const DEMO_ANSWERS = 0.1;

const TOPICS = [
  'Повторение изученного',
  'Новый материал',
  'Закрепление',
  'Решение задач',
  'Самостоятельная работа',
  'Проверочная работа',
  'Контрольная работа',
  'Работа над ошибками',
];

async function insertJson(db: Database, rows: object[], statement: (json: string) => ReturnType<typeof sql>) {
  for (let index = 0; index < rows.length; index += 5000) {
    await db.execute(statement(JSON.stringify(rows.slice(index, index + 5000))));
  }
}

/**
 * Topics and homework the teachers typed by hand: every held lesson of the range without a topic
 * (a КТП applied first keeps its own) gets «<topic> (урок N)» and, four in five, homework; `gaps`
 * of them are left empty (the large seed's: the gaps the journal completion report lists). Draws
 * hash the lesson id, so every run writes the same and a lesson's topic does not depend on the range.
 */
export async function seedTypedTopics(
  db: Database,
  school: Pick<SeededSchool, 'organizationId'>,
  range: { from: string; to: string },
  gaps = 0,
) {
  const r = (k: number) => draw('l.id', 200 + k);
  await db.execute(sql`
    with held as (
      select id, date, row_number() over (partition by load_id order by date, lesson_number, id) as ordinal
        from lessons
       where organization_id = ${school.organizationId} and status <> 'cancelled'
         and date between ${SCHOOL_YEAR.startDate} and ${range.to}
    )
    update lessons l
       set topic = (${`{${TOPICS.map((topic) => `"${topic}"`).join(',')}}`}::text[])[1 + held.ordinal % ${TOPICS.length}]
                   || ' (урок ' || held.ordinal || ')',
           homework = case when ${r(1)} < 0.8
                        then '§ ' || ceil(held.ordinal / 2.0) || ', упр. ' || (1 + floor(${r(2)} * 40)) end
      from held
     where l.id = held.id and held.date >= ${range.from} and l.topic is null and ${r(0)} >= ${gaps}`);
}

/**
 * Final marks of the finished (closed) periods, as the teachers confirmed them from the averages:
 * every pupil of a line taught with marks gets one (a closed term without holes, as a real school
 * closes it). A pupil the journal's draws left without a grade in a subject (a 1-hour subject, a few
 * answers) gets the mark of their average over the period's other subjects, else of their level.
 */
async function seedFinalMarks(
  db: Database,
  school: SeededSchool,
  closed: (period: (typeof PERIODS)[number]) => boolean,
) {
  const organizationId = school.organizationId;
  for (const [index, period] of PERIODS.entries()) {
    if (!closed(period)) continue;
    const grades = `{${period.grades.join(',')}}`;
    const averages = await rowsOf<{ student_id: number; subject_id: number; average: number }>(
      db,
      sql`
        with averaged as (
          select m.student_id, l.subject_id, (sum(m.value::int * m.weight) / sum(m.weight))::float8 as average
            from marks m join lessons l on l.id = m.lesson_id join classes c on c.id = l.class_id
           where m.organization_id = ${organizationId} and l.date between ${period.startDate} and ${period.endDate}
             and c.number = any (${grades}::smallint[])
           group by m.student_id, l.subject_id),
        owed as (
          select distinct s.id as student_id, ld.subject_id,
                 least(4.9, greatest(2.6, 3 + ${draw('s.id', 101)} * 1.6
                   + case when ${draw('s.id', 102)} < 0.1 then 0.4 else 0 end)) as level
            from loads ld join classes c on c.id = ld.class_id
            join students s on s.class_id = ld.class_id and s.status = 'active'
           where ld.organization_id = ${organizationId} and ld.graded and c.number > 1
             and c.number = any (${grades}::smallint[])
             and (ld.subgroup_id is null or exists (select 1 from subgroup_members sm
                                                     where sm.subgroup_id = ld.subgroup_id and sm.student_id = s.id)))
        select student_id, subject_id,
               coalesce(a.average,
                        (select avg(other.average) from averaged other where other.student_id = o.student_id),
                        o.level)::float8 as average
          from owed o full join averaged a using (student_id, subject_id)
         order by student_id, subject_id`,
    );
    const finals = averages.map((row) => ({
      organization_id: organizationId,
      student_id: row.student_id,
      subject_id: row.subject_id,
      period_id: school.periodIds[index],
      value: proposeMark(Number(row.average)),
    }));
    await insertJson(
      db,
      finals,
      (json) => sql`insert into final_marks (organization_id, student_id, subject_id, period_id, value)
        select * from json_to_recordset(${json}::json)
          as r(organization_id int, student_id int, subject_id int, period_id int, value text)`,
    );
  }
}

/**
 * SEED_STEPS entry (after the timetable): grades, attendance, topics and homework of every held
 * lesson from the start of the year to `journalUntil` (the demo: the day before the seed runs; the
 * large seed: the whole year, ~600,000 grades), and the final marks of the periods closed by then.
 * All in SQL with draws hashed from the ids, so the same date gives the same journal. The large
 * seed's topics come with the КТП step (seed/ktp.ts), which applies the plans first.
 */
export const seedJournal: SeedStep = async (result, options) => {
  const { db } = result.context;
  const range = { from: SCHOOL_YEAR.startDate, to: result.journalUntil };
  const large = options.size === 'large';
  for (const school of [result.school1, result.branch, result.school2]) {
    await seedYearJournal(db, school, range, large ? undefined : DEMO_ANSWERS);
    if (!large) await seedTypedTopics(db, school, range);
    await seedFinalMarks(db, school, (period) => closedBy(period, result.journalUntil));
  }
};
