import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openTestDatabase } from '../../test/helpers';
import { inSchoolYears, schoolYearOf } from '../modules/journal/journal.sql';
import type { DatabaseHandle } from './client';
import { rowsOf } from './rows';

/**
 * Migration 0028 (the journal's tables partitioned by school year) on a database that holds a
 * school's data: migrated up to the migration before it, filled in the old schema, then migrated on.
 * Every row keeps its id and values and lands in its lesson's year's partition; new rows do too, a
 * year without a partition goes to DEFAULT until `ensure_school_year_partitions` moves it out, and a
 * query filtered by year reads that year's partition alone.
 */
const DRIZZLE = path.resolve(__dirname, '../../drizzle');
const PARTITIONING = '0028_partition_journal';

/** The committed migrations up to (without) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'parta-migrations-'));
  cpSync(DRIZZLE, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function migrateTo(handle: DatabaseHandle, folder: string) {
  if (handle.kind === 'pglite')
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

/** Lesson dates and the school year each belongs to (1 September starts one). */
const LESSONS = [
  { date: '2019-10-01', year: 2019 },
  { date: '2021-08-31', year: 2020 },
  { date: '2021-09-01', year: 2021 },
  { date: '2022-05-20', year: 2021 },
  { date: '2026-12-01', year: 2026 },
  { date: '2045-01-10', year: 2044 },
];

type Row = Record<string, unknown>;

describe('migration 0028: marks, attendance and mark_audit partitioned by school year', () => {
  let handle: DatabaseHandle;
  let folder: string;
  const before: Record<string, Row[]> = {};
  const lessonIds: number[] = [];
  let periodId = 0;

  const rows = <T = Row>(query: ReturnType<typeof sql>) => rowsOf<T>(handle.db, query);

  beforeAll(async () => {
    handle = await openTestDatabase({ migrated: false });
    folder = migrationsBefore(PARTITIONING);
    await migrateTo(handle, folder);

    // A school in the schema before 0028.
    const [{ id: org }] = await rows<{ id: number }>(
      sql`insert into organizations (name, short_name) values ('Школа', 'Школа') returning id`,
    );
    const [{ id: teacher }] = await rows<{ id: number }>(
      sql`insert into users (organization_id, surname, name, login, password_hash)
          values (${org}, 'Учитель', 'Иван', 'partition.teacher', 'x') returning id`,
    );
    const [{ id: classId }] = await rows<{ id: number }>(
      sql`insert into classes (organization_id, number, letter, academic_year) values (${org}, 5, 'А', '2021/2022') returning id`,
    );
    const [{ id: subject }] = await rows<{ id: number }>(
      sql`insert into subjects (organization_id, name) values (${org}, 'Математика') returning id`,
    );
    const pupils = await rows<{ id: number }>(
      sql`insert into students (organization_id, class_id, surname, name)
          values (${org}, ${classId}, 'Первый', 'Ученик'), (${org}, ${classId}, 'Второй', 'Ученик') returning id`,
    );
    const [{ id: workType }] = await rows<{ id: number }>(
      sql`insert into work_types (organization_id, name, weight) values (${org}, 'Ответ', 1) returning id`,
    );
    [{ id: periodId }] = await rows<{ id: number }>(
      sql`insert into periods (organization_id, academic_year, name, kind, start_date, end_date)
          values (${org}, '2021/2022', 'Год', 'year', '2021-09-01', '2022-05-31') returning id`,
    );
    for (const [n, lesson] of LESSONS.entries()) {
      const [{ id }] = await rows<{ id: number }>(
        sql`insert into lessons (organization_id, class_id, subject_id, teacher_id, date, lesson_number)
            values (${org}, ${classId}, ${subject}, ${teacher}, ${lesson.date}, ${n + 1}) returning id`,
      );
      lessonIds.push(id);
    }
    // A lesson deleted since: its audit rows stay (mark_audit names lessons without a foreign key).
    const [{ id: gone }] = await rows<{ id: number }>(
      sql`insert into lessons (organization_id, class_id, subject_id, date, lesson_number)
          values (${org}, ${classId}, ${subject}, '2023-10-10', 1) returning id`,
    );
    for (const lessonId of lessonIds) {
      for (const pupil of pupils) {
        await handle.db.execute(
          sql`insert into marks (organization_id, lesson_id, student_id, value, work_type_id, weight, comment, created_by)
              values (${org}, ${lessonId}, ${pupil.id}, '4', ${workType}, 2, 'к/р', ${teacher}),
                     (${org}, ${lessonId}, ${pupil.id}, '5', null, 1, null, null)`,
        );
        await handle.db.execute(
          sql`insert into mark_audit (organization_id, entity, student_id, lesson_id, subject_id, old_value, new_value, user_id)
              values (${org}, 'mark', ${pupil.id}, ${lessonId}, ${subject}, null, '4/5', ${teacher})`,
        );
      }
      await handle.db.execute(
        sql`insert into attendance (organization_id, lesson_id, student_id, value, created_by)
            values (${org}, ${lessonId}, ${pupils[0].id}, 'н', ${teacher})`,
      );
    }
    await handle.db.execute(
      sql`insert into mark_audit (organization_id, entity, student_id, subject_id, period_id, old_value, new_value, changed_at)
          values (${org}, 'final_mark', ${pupils[0].id}, ${subject}, ${periodId}, null, '5', '2022-05-30T10:00:00Z'),
                 (${org}, 'attendance', ${pupils[1].id}, null, null, null, 'б', '2024-02-01T10:00:00Z')`,
    );
    await handle.db.execute(
      sql`insert into mark_audit (organization_id, entity, student_id, lesson_id, subject_id, new_value, changed_at)
          values (${org}, 'mark', ${pupils[1].id}, ${gone}, ${subject}, '3', '2023-10-10T09:00:00Z')`,
    );
    await handle.db.execute(sql`delete from lessons where id = ${gone}`);
    // A gap in the ids (deleted rows): the ids are kept as they are, not renumbered.
    await handle.db.execute(sql`delete from marks where id = (select min(id) + 1 from marks)`);
    for (const table of ['marks', 'attendance', 'mark_audit'])
      before[table] = await rows(sql.raw(`select * from ${table} order by id`));

    await handle.migrate();
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('makes the three tables partitioned, with a partition a year and a DEFAULT one', async () => {
    const tables = await rows<{ name: string; kind: string }>(
      sql`select relname as name, relkind::text as kind from pg_class
           where relname in ('marks', 'attendance', 'mark_audit') and relnamespace = 'public'::regnamespace
           order by relname`,
    );
    expect(tables).toEqual([
      { name: 'attendance', kind: 'p' },
      { name: 'mark_audit', kind: 'p' },
      { name: 'marks', kind: 'p' },
    ]);
    const partitions = (
      await rows<{ name: string }>(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
             where i.inhparent = 'marks'::regclass order by c.relname`,
      )
    ).map((row) => row.name);
    const current = schoolYearOf(new Date().toISOString().slice(0, 10));
    for (const year of [...LESSONS.map((lesson) => lesson.year), current, current + 1])
      expect(partitions).toContain(`marks_${year}`);
    expect(partitions).toContain('marks_default');
  });

  it('keeps every row with its id and values', async () => {
    for (const table of ['marks', 'attendance', 'mark_audit']) {
      // Other text than before the migration: PostgreSQL's statements are prepared by their text
      // (db/client.ts), and a prepared `select *` may not change its columns.
      const after = await rows(sql.raw(`select t.* from ${table} t order by t.id`));
      expect(after.map(({ school_year: _year, ...row }) => row)).toEqual(before[table]);
    }
    expect(before.marks.length).toBe(LESSONS.length * 4 - 1);
  });

  it("puts each row in its lesson's school year's partition (a final mark's: its period's)", async () => {
    const placed = await rows<{ table: string; partition: string; year: number; date: string | null }>(
      sql`select 'marks' as table, m.tableoid::regclass::text as partition, m.school_year as year, l.date::text as date
            from marks m join lessons l on l.id = m.lesson_id
          union all
          select 'attendance', a.tableoid::regclass::text, a.school_year, l.date::text
            from attendance a join lessons l on l.id = a.lesson_id
          union all
          select 'mark_audit', a.tableoid::regclass::text, a.school_year, l.date::text
            from mark_audit a join lessons l on l.id = a.lesson_id`,
    );
    expect(placed.length).toBe(before.marks.length + before.attendance.length + LESSONS.length * 2);
    for (const row of placed) {
      const year = LESSONS.find((lesson) => lesson.date === row.date)?.year;
      expect({ ...row, year: row.year }).toEqual({ ...row, year, partition: `${row.table}_${year}` });
    }
    const orphans = await rows<{ entity: string; partition: string }>(
      sql`select entity, tableoid::regclass::text as partition from mark_audit
           where lesson_id is null or lesson_id not in (select id from lessons) order by id`,
    );
    // The final mark by its period (2021/2022); the audit rows of no lesson by the day they were made.
    expect(orphans).toEqual([
      { entity: 'final_mark', partition: 'mark_audit_2021' },
      { entity: 'attendance', partition: 'mark_audit_2023' },
      { entity: 'mark', partition: 'mark_audit_2023' },
    ]);
  });

  it("lands new rows in their year's partition, ids going on from the old sequence", async () => {
    const lessonId = lessonIds[2];
    const [row] = await rows<{ id: number; partition: string }>(
      sql`insert into marks (organization_id, school_year, lesson_id, student_id, value)
          select l.organization_id, school_year_of(l.date), l.id, (select min(id) from students), '3'
            from lessons l where l.id = ${lessonId}
          returning id, tableoid::regclass::text as partition`,
    );
    expect(row.partition).toBe('marks_2021');
    expect(row.id).toBeGreaterThan(Math.max(...before.marks.map((mark) => Number(mark.id))));
    // The attendance of a cell stays one row: the conflict target includes the year.
    const [again] = await rows<{ id: number; value: string; partition: string }>(
      sql`insert into attendance (organization_id, school_year, lesson_id, student_id, value)
          select l.organization_id, school_year_of(l.date), l.id, (select min(id) from students), 'б'
            from lessons l where l.id = ${lessonId}
          on conflict (lesson_id, student_id, school_year) do update set value = excluded.value
          returning id, value, tableoid::regclass::text as partition`,
    );
    expect(again.partition).toBe('attendance_2021');
    expect(before.attendance.map((mark) => mark.id)).toContain(again.id);
  });

  it('keeps a year without a partition in DEFAULT until its partitions are made, then moves it', async () => {
    const [row] = await rows<{ id: number; partition: string }>(
      sql`insert into marks (organization_id, school_year, lesson_id, student_id, value)
          select organization_id, 2060, id, (select min(id) from students), '2' from lessons where id = ${lessonIds[0]}
          returning id, tableoid::regclass::text as partition`,
    );
    expect(row.partition).toBe('marks_default');
    await handle.db.execute(sql`select ensure_school_year_partitions(2060)`);
    await handle.db.execute(sql`select ensure_school_year_partitions(2060)`);
    const [moved] = await rows<{ partition: string }>(
      sql`select tableoid::regclass::text as partition from marks where id = ${row.id}`,
    );
    expect(moved.partition).toBe('marks_2060');
    const [{ count }] = await rows<{ count: number }>(sql`select count(*)::int as count from marks_default`);
    expect(count).toBe(0);
  });

  it("gives every marks partition, a new year's too, the lessons' estimate that keeps reports on the index", async () => {
    // ANALYZE's sample guessed ~500 marks a lesson in a 1,000-school region (there are ~20), and the
    // whole-school reports then read every mark of the region: each partition carries the estimate.
    await handle.db.execute(sql`select ensure_school_year_partitions(2061)`);
    const options = await rows<{ table: string; options: string[] | null }>(
      sql`select c.relname as table, a.attoptions as options
            from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'lesson_id'
           where c.relname = 'marks' or c.oid in (select inhrelid from pg_inherits where inhparent = 'marks'::regclass)
           order by c.relname`,
    );
    expect(options.map((row) => row.table)).toEqual(
      expect.arrayContaining(['marks', 'marks_2061', 'marks_default']),
    );
    // PostgreSQL may keep options of its own beside it (a partitioned parent showed `pg_attver`).
    for (const row of options)
      expect({
        table: row.table,
        estimate: row.options?.find((option) => option.startsWith('n_distinct=')),
      }).toEqual({
        table: row.table,
        estimate: 'n_distinct=-0.05',
      });
  });

  it('moves the rows of a lesson re-dated into another school year, ids kept', async () => {
    const lessonId = lessonIds[2];
    const ids = await rows<{ id: number }>(
      sql`select id from marks where lesson_id = ${lessonId} order by id`,
    );
    await handle.db.execute(sql`update lessons set date = '2021-08-30' where id = ${lessonId}`);
    const after = await rows<{ id: number; partition: string }>(
      sql`select id, tableoid::regclass::text as partition from marks where lesson_id = ${lessonId} order by id`,
    );
    expect(after).toEqual(ids.map(({ id }) => ({ id, partition: 'marks_2020' })));
    const audit = await rows<{ partition: string }>(
      sql`select distinct tableoid::regclass::text as partition from mark_audit where lesson_id = ${lessonId}`,
    );
    expect(audit).toEqual([{ partition: 'mark_audit_2020' }]);
  });

  it("reads one year's partition alone for a query filtered by its dates", async () => {
    const plan = await rows<Record<string, string>>(
      sql`explain select m.id from marks m join lessons l on l.id = m.lesson_id
           where l.date between '2021-09-01' and '2021-12-31'
             and ${inSchoolYears(sql`m.school_year`, '2021-09-01', '2021-12-31')}`,
    );
    const text = plan.map((line) => Object.values(line)[0]).join('\n');
    expect(text).toMatch(/marks_2021/);
    expect(text).not.toMatch(/marks_(20(19|20|26|44|60)|default)\b/);
  });
});
