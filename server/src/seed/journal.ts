import { proposeMark } from '@parta/shared/domain/marks';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { PERIODS } from './curriculum';
import type { Random } from './random';
import type { SeededSchool } from './school';
import type { SeedStep } from './step';
import { seedYearJournal } from './year-journal';

/**
 * The demo's journal reaches this day (fixed, so every seed run builds the same school): the
 * closed I четверть whole with its final marks, the II четверть up to the week before.
 */
export const JOURNAL_SEEDED_UNTIL = '2026-11-20';

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

/** A student's usual level: most between 3 and 4.8, a few weaker or stronger. */
function ability(random: Random): number {
  return Math.min(4.9, Math.max(2.6, 3 + random.next() * 1.6 + (random.chance(0.1) ? 0.4 : 0)));
}

function gradeNear(random: Random, level: number): number {
  const value = Math.round(level + (random.next() - 0.5) * 2.2);
  return Math.min(5, Math.max(2, value));
}

async function insertJson(db: Database, rows: object[], statement: (json: string) => ReturnType<typeof sql>) {
  for (let index = 0; index < rows.length; index += 5000) {
    await db.execute(statement(JSON.stringify(rows.slice(index, index + 5000))));
  }
}

async function seedSchoolJournal(db: Database, random: Random, school: SeededSchool) {
  const organizationId = school.organizationId;
  const held = await rowsOf<{
    id: number;
    class_id: number;
    subgroup_id: number | null;
    subject_id: number;
    teacher_id: number | null;
    date: string;
    number: number;
    graded: boolean;
    ordinal: string;
  }>(
    db,
    sql`
      select l.id, l.class_id, l.subgroup_id, l.subject_id, l.teacher_id, l.date::text as date, c.number,
             coalesce(ld.graded, true) as graded,
             row_number() over (partition by l.load_id order by l.date, l.lesson_number) as ordinal
        from lessons l join classes c on c.id = l.class_id left join loads ld on ld.id = l.load_id
       where l.organization_id = ${organizationId} and l.date <= ${JOURNAL_SEEDED_UNTIL} and l.status <> 'cancelled'
       order by l.date, l.lesson_number, l.id`,
  );
  const members = await rowsOf<{ student_id: number; subgroup_id: number }>(
    db,
    sql`
      select student_id, subgroup_id from subgroup_members where organization_id = ${organizationId}`,
  );
  const inSubgroup = new Set(members.map((member) => `${member.subgroup_id}|${member.student_id}`));
  const classStudents = new Map<number, number[]>();
  const level = new Map<number, number>();
  for (const student of school.students) {
    if (student.status !== 'active') continue;
    classStudents.set(student.classId, [...(classStudents.get(student.classId) ?? []), student.id]);
    level.set(student.id, ability(random));
  }

  const marks: object[] = [];
  const absences: object[] = [];
  const topics: object[] = [];
  for (const lesson of held) {
    const ordinal = Number(lesson.ordinal);
    topics.push({
      id: lesson.id,
      topic: `${TOPICS[ordinal % TOPICS.length]} (урок ${ordinal})`,
      homework: random.chance(0.8) ? `§ ${Math.ceil(ordinal / 2)}, упр. ${random.int(1, 40)}` : null,
    });
    // First graders and lines taught without marks (ОРКСЭ) get attendance only.
    const graded = lesson.number > 1 && lesson.graded;
    // Every twelfth lesson a контрольная for the whole class; otherwise a few answers at the board.
    const test = ordinal % 12 === 11;
    for (const studentId of classStudents.get(lesson.class_id) ?? []) {
      if (lesson.subgroup_id !== null && !inSubgroup.has(`${lesson.subgroup_id}|${studentId}`)) continue;
      if (random.chance(0.03)) {
        absences.push({
          organization_id: organizationId,
          lesson_id: lesson.id,
          student_id: studentId,
          value: random.chance(0.6) ? 'б' : 'н',
        });
        continue;
      }
      if (!graded || !(test || random.chance(0.1))) continue;
      const workType = test ? school.workTypeIds[4] : random.pick(school.workTypeIds.slice(0, 3));
      const grades = random.chance(0.05) ? 2 : 1;
      for (let index = 0; index < grades; index++) {
        marks.push({
          organization_id: organizationId,
          lesson_id: lesson.id,
          student_id: studentId,
          value: String(gradeNear(random, level.get(studentId)!)),
          work_type_id: workType,
        });
      }
    }
  }
  await insertJson(
    db,
    marks,
    (json) => sql`insert into marks (organization_id, lesson_id, student_id, value, work_type_id, weight)
      select r.organization_id, r.lesson_id, r.student_id, r.value, r.work_type_id, w.weight
        from json_to_recordset(${json}::json)
          as r(organization_id int, lesson_id int, student_id int, value text, work_type_id int)
        join work_types w on w.id = r.work_type_id`,
  );
  await insertJson(
    db,
    absences,
    (json) => sql`insert into attendance (organization_id, lesson_id, student_id, value)
      select * from json_to_recordset(${json}::json)
        as r(organization_id int, lesson_id int, student_id int, value text)`,
  );
  await insertJson(
    db,
    topics,
    (json) => sql`update lessons l set topic = r.topic, homework = r.homework
      from json_to_recordset(${json}::json) as r(id int, topic text, homework text) where l.id = r.id`,
  );

  await seedFinalMarks(db, school, (period) => period.closed);
}

/** Final marks of the finished (closed) periods, as the teachers confirmed them from the averages. */
async function seedFinalMarks(
  db: Database,
  school: SeededSchool,
  closed: (period: (typeof PERIODS)[number]) => boolean,
) {
  const organizationId = school.organizationId;
  for (const [index, period] of PERIODS.entries()) {
    if (!closed(period)) continue;
    const averages = await rowsOf<{ student_id: number; subject_id: number; average: number }>(
      db,
      sql`
        select m.student_id, l.subject_id, (sum(m.value::int * m.weight) / sum(m.weight))::float8 as average
          from marks m join lessons l on l.id = m.lesson_id join classes c on c.id = l.class_id
         where m.organization_id = ${organizationId} and l.date between ${period.startDate} and ${period.endDate}
           and c.number = any (${`{${period.grades.join(',')}}`}::smallint[])
         group by m.student_id, l.subject_id`,
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
 * SEED_STEPS entry (after the timetable): a term of grades, attendance, topics and final marks (issue 11).
 * The large seed: the whole year (every period closed) in SQL, ~600,000 grades; its topics come with
 * the КТП step (seed/ktp.ts), which applies the plans first.
 */
export const seedJournal: SeedStep = async (result, options) => {
  for (const school of [result.school1, result.branch, result.school2]) {
    if (options.size === 'large') {
      const year = PERIODS.find((period) => period.kind === 'year')!;
      await seedYearJournal(result.context.db, school, { from: year.startDate, to: year.endDate });
      await seedFinalMarks(result.context.db, school, () => true);
    } else {
      await seedSchoolJournal(result.context.db, result.context.random, school);
    }
  }
};
