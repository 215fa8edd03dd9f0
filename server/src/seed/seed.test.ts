import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase, TEST_DATABASE } from '../../test/helpers';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  classes,
  organizations,
  periods,
  studentParents,
  students,
  subgroupMembers,
  userRoles,
  users,
} from '../db/schema';
import { DEMO_LOGINS, seed, seedIfEmpty } from './index';

async function count(db: Database, table: typeof users | typeof students | typeof organizations) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row.n);
}

describe('demo seed', () => {
  // How long the seed takes is measured by `pnpm bench` (demo_seed_ms), not asserted here: a timing
  // assertion fails on a busy machine without anything being wrong.
  it('builds the demo school exactly as the issue lists', async () => {
    const database = await openTestDatabase();
    try {
      const result = await seed(database.db);
      const db = database.db;

      const logins = (await db.select({ login: users.login }).from(users)).map((row) => row.login);
      for (const demo of DEMO_LOGINS) expect(logins).toContain(demo.login);

      const orgs = await db.select().from(organizations).orderBy(organizations.id);
      expect(orgs.map((org) => org.shortName)).toEqual([
        'Парта',
        'МБОУ СОШ №1',
        'Филиал СОШ №1 (Берёзовка)',
        'Гимназия №2',
      ]);
      expect(orgs[0].isPlatform).toBe(true);
      expect(orgs[2].parentId).toBe(orgs[1].id);
      expect(orgs[3].parentId).toBeNull();
      expect(orgs[1]).toMatchObject({ balance: 15400, bonusBalance: 2500 });

      const school1 = result.school1;
      expect(school1.classes.map((c) => `${c.number}${c.letter}`)).toEqual(
        Array.from({ length: 11 }, (_, i) => [`${i + 1}А`, `${i + 1}Б`]).flat(),
      );
      expect(school1.students.length).toBeGreaterThan(550);
      expect(school1.students.length).toBeLessThan(650);
      expect(school1.teachers).toHaveLength(45);
      expect(school1.loads.length).toBeGreaterThan(200);
      expect(school1.subjectIds.size).toBeGreaterThan(15);

      const quarters = await db
        .select()
        .from(periods)
        .where(eq(periods.organizationId, school1.organizationId));
      expect(quarters.filter((period) => period.kind === 'quarter').map((period) => period.name)).toEqual([
        'I четверть',
        'II четверть',
        'III четверть',
        'IV четверть',
      ]);

      // The demo teacher manages 5А and the demo student is in it; the parent is linked to the student.
      const [teacher] = await db.select().from(users).where(eq(users.login, 'teacher'));
      const [class5a] = await db.select().from(classes).where(eq(classes.managerId, teacher.id));
      expect(`${class5a.number}${class5a.letter}`).toBe('5А');
      const [student] = await db.select().from(students).where(eq(students.id, result.demoStudentId));
      expect(student.classId).toBe(class5a.id);
      const [studentUser] = await db.select().from(users).where(eq(users.login, 'student'));
      expect(student.userId).toBe(studentUser.id);
      expect(studentUser.surname).toBe(student.surname);

      // Every active student of school №1 has a parent; some families have two children sharing parents.
      const [{ n: orphans }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(students)
        .where(
          sql`${students.status} = 'active' and ${students.organizationId} = ${result.school1.organizationId}
            and not exists (select 1 from ${studentParents} where ${studentParents.studentId} = ${students.id})`,
        );
      expect(Number(orphans)).toBe(0);
      const [{ n: sharedParents }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(
          sql`(select ${studentParents.parentUserId} from ${studentParents} group by 1 having count(*) > 1) as shared`,
        );
      expect(Number(sharedParents)).toBeGreaterThan(5);

      // Every student is at most once in each split (the unique index holds), and roles are assigned.
      expect(await db.select({ n: sql<number>`count(*)::int` }).from(subgroupMembers)).not.toEqual([
        { n: 0 },
      ]);
      const [{ n: roleless }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`);
      expect(Number(roleless)).toBe(0);

      // Deterministic: equal to the template that global-setup seeded in another process.
      const template = await openTestDatabase({ seeded: true });
      const sample = (other: Database) =>
        other
          .select({ surname: students.surname, name: students.name, birth: students.birthDate })
          .from(students)
          .orderBy(students.id)
          .limit(100);
      // The journal and the КТП depend on the day the seed runs (journalUntil): both were seeded today.
      const journal = (other: Database) =>
        rowsOf<Record<string, string | null>>(
          other,
          sql`select
          (select md5(string_agg(concat_ws(':', lesson_id, student_id, value, work_type_id), ',' order by id)) from marks) as marks,
          (select md5(string_agg(concat_ws(':', lesson_id, student_id, value), ',' order by id)) from attendance) as absences,
          (select md5(string_agg(concat_ws(':', id, topic, homework, ktp_item_id), ',' order by id)) from lessons) as topics,
          (select md5(string_agg(concat_ws(':', id, position, planned_date, actual_date), ',' order by id)) from ktp_items) as ktp,
          (select max(l.date)::text from marks m join lessons l on l.id = m.lesson_id) as last_mark`,
        );
      try {
        expect(await sample(db)).toEqual(await sample(template.db));
        const [seeded] = await journal(template.db);
        expect(await journal(db)).toEqual([seeded]);
        expect(seeded.last_mark! <= result.journalUntil).toBe(true);
      } finally {
        await template.close();
      }
    } finally {
      await database.close();
    }
    // Seeds in the test's VM (PGlite there is slower than in global-setup's tsx): generous on a busy machine.
  }, 300_000);
});

describe('restart', () => {
  it('keeps the data and never seeds twice', async () => {
    if (TEST_DATABASE === 'postgres') {
      const database = await openTestDatabase();
      try {
        expect(await seedIfEmpty(database.db)).toBe(true);
        const users1 = await count(database.db, users);
        await database.migrate();
        expect(await seedIfEmpty(database.db)).toBe(false);
        expect(await count(database.db, users)).toBe(users1);
      } finally {
        await database.close();
      }
      return;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parta-restart-'));
    try {
      const first = await openTestDatabase({ dataDir });
      expect(await seedIfEmpty(first.db)).toBe(true);
      const totals = [
        await count(first.db, users),
        await count(first.db, students),
        await count(first.db, organizations),
      ];
      await first.db.update(users).set({ phone: '+7 900 000-00-00' }).where(eq(users.login, 'director'));
      await first.close();

      const second = await openTestDatabase({ dataDir });
      expect(await seedIfEmpty(second.db)).toBe(false);
      expect([
        await count(second.db, users),
        await count(second.db, students),
        await count(second.db, organizations),
      ]).toEqual(totals);
      const [director] = await second.db.select().from(users).where(eq(users.login, 'director'));
      expect(director.phone).toBe('+7 900 000-00-00');
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
