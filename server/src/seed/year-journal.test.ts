import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { seedYearJournal } from './year-journal';

/**
 * The seed's journal generator (seed/year-journal.ts) at the large seed's answer rate, on a small
 * school: the demo's branch (four classes of grades 1–4) over a range emptied first (the demo journal
 * reaches the day before the seed ran). The whole large seed takes a minute or two and is measured by
 * `pnpm bench` (large_seed), not here.
 */
const RANGE = { from: '2026-11-23', to: '2027-05-26' };
const inRange = sql`l.date between ${RANGE.from} and ${RANGE.to}`;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function generate() {
  const database = await openTestDatabase({ seeded: true });
  const db = database.db;
  const [branch] = await rows<{ id: number }>(
    db,
    sql`select id from organizations where short_name = 'Филиал СОШ №1 (Берёзовка)'`,
  );
  const workTypes = await rows<{ id: number }>(
    db,
    sql`select id from work_types where organization_id = ${branch.id} order by id`,
  );
  for (const table of ['marks', 'attendance'])
    await db.execute(sql`
      delete from ${sql.identifier(table)} t using lessons l
       where l.id = t.lesson_id and l.organization_id = ${branch.id} and ${inRange}`);
  await seedYearJournal(
    db,
    { organizationId: branch.id, workTypeIds: workTypes.map((row) => row.id) },
    RANGE,
  );
  return { database, organizationId: branch.id };
}

describe('large seed: the year journal in SQL', () => {
  it('fills the held lessons like a school year, the same on every run', async () => {
    const first = await generate();
    const second = await generate();
    try {
      const db = first.database.db;
      const org = first.organizationId;
      const [cells] = await rows<{ cells: number; graded: number }>(
        db,
        sql`select count(*)::int as cells,
                   count(*) filter (where c.number > 1 and coalesce(ld.graded, true))::int as graded
              from lessons l join classes c on c.id = l.class_id left join loads ld on ld.id = l.load_id
              join students s on s.class_id = l.class_id and s.status = 'active'
             where l.organization_id = ${org} and l.status <> 'cancelled' and ${inRange}
               and (l.subgroup_id is null or exists (select 1 from subgroup_members m
                    where m.subgroup_id = l.subgroup_id and m.student_id = s.id))`,
      );
      const [counts] = await rows<{
        marks: number;
        absences: number;
        first_grade: number;
        without_marks: number;
        out_of_scale: number;
        absent_and_graded: number;
        contests: number;
      }>(
        db,
        sql`select
              (select count(*)::int from marks m join lessons l on l.id = m.lesson_id
                where m.organization_id = ${org} and ${inRange}) as marks,
              (select count(*)::int from attendance a join lessons l on l.id = a.lesson_id
                where a.organization_id = ${org} and ${inRange}) as absences,
              (select count(*)::int from marks m join lessons l on l.id = m.lesson_id
                join classes c on c.id = l.class_id where m.organization_id = ${org} and c.number = 1) as first_grade,
              (select count(*)::int from marks m join lessons l on l.id = m.lesson_id
                join loads ld on ld.id = l.load_id where m.organization_id = ${org} and not ld.graded) as without_marks,
              (select count(*)::int from marks m where m.organization_id = ${org}
                and m.value not in ('2', '3', '4', '5')) as out_of_scale,
              (select count(*)::int from marks m join attendance a
                on a.lesson_id = m.lesson_id and a.student_id = m.student_id
                where m.organization_id = ${org}) as absent_and_graded,
              (select count(*)::int from marks m join work_types w on w.id = m.work_type_id
                join lessons l on l.id = m.lesson_id
                where m.organization_id = ${org} and ${inRange} and w.name = 'Контрольная работа') as contests`,
      );
      expect(cells.cells).toBeGreaterThan(10_000);
      // ~3 % absent; first graders get no grades; the rest ≈ 0.39 grades a cell (a контрольная every
      // twelfth lesson, otherwise one in three answers, one in twenty graded cells twice).
      expect(counts.absences / cells.cells).toBeGreaterThan(0.02);
      expect(counts.absences / cells.cells).toBeLessThan(0.04);
      expect(counts.marks / cells.graded).toBeGreaterThan(0.33);
      expect(counts.marks / cells.graded).toBeLessThan(0.45);
      expect(counts.contests).toBeGreaterThan(0);
      expect(counts.first_grade).toBe(0);
      expect(counts.without_marks).toBe(0);
      expect(counts.out_of_scale).toBe(0);
      expect(counts.absent_and_graded).toBe(0);

      // Deterministic: a second database seeded the same way holds exactly the same grades and absences.
      const digest = (other: Database) =>
        rows<{ marks: string; absences: string }>(
          other,
          sql`select
                (select md5(string_agg(concat_ws(':', lesson_id, student_id, value, work_type_id), ',' order by id))
                   from marks where organization_id = ${org}) as marks,
                (select md5(string_agg(concat_ws(':', lesson_id, student_id, value), ',' order by id))
                   from attendance where organization_id = ${org}) as absences`,
        );
      expect(await digest(second.database.db)).toEqual(await digest(db));
    } finally {
      await first.database.close();
      await second.database.close();
    }
  });
});
