import { applyPlan } from '@parta/shared/domain/ktp';
import { groupName } from '@parta/shared/domain/names';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { classes, holidays, ktpPlans, subjects } from '../db/schema';
import {
  fillLessons,
  findItems,
  findPlanLessons,
  insertPlan,
  replaceItems,
  setPlannedDates,
} from '../modules/ktp/ktp.repository';
import { insertMany } from './context';
import { ACADEMIC_YEAR, SCHOOL_YEAR } from './curriculum';
import { seedTypedTopics } from './journal';
import type { SeededSchool } from './school';
import type { SeedStep } from './step';

/** Разделы of a year's course, each with its topics; the plan repeats them to fill the year's hours. */
const SECTIONS: { section: string; topics: string[]; control: string }[] = [
  {
    section: 'Повторение',
    topics: ['Повторение курса прошлого года', 'Входная диагностика'],
    control: 'Входная контрольная работа',
  },
  {
    section: 'Числа и вычисления',
    topics: [
      'Натуральные числа и действия с ними',
      'Делимость чисел',
      'Обыкновенные дроби',
      'Десятичные дроби',
    ],
    control: 'Самостоятельная работа',
  },
  {
    section: 'Выражения и уравнения',
    topics: [
      'Буквенные выражения',
      'Упрощение выражений',
      'Линейные уравнения',
      'Решение задач с помощью уравнений',
    ],
    control: 'Контрольная работа',
  },
  {
    section: 'Функции и графики',
    topics: ['Координатная плоскость', 'Понятие функции', 'Линейная функция и её график'],
    control: 'Самостоятельная работа',
  },
  {
    section: 'Геометрия',
    topics: ['Углы и их измерение', 'Треугольники', 'Площади фигур', 'Окружность и круг'],
    control: 'Контрольная работа',
  },
  {
    section: 'Статистика и вероятность',
    topics: ['Таблицы и диаграммы', 'Среднее арифметическое', 'Случайные события'],
    control: 'Тест',
  },
];

/**
 * The year's items for `hours` lessons: sections in order (the opening «Повторение» once), each topic
 * one or two hours, homework on every topic.
 */
function planItems(totalHours: number) {
  const items: {
    section: string;
    topic: string;
    hours: number;
    homework: string;
    controlType: string | null;
  }[] = [];
  let hours = 0;
  let round = 0;
  while (hours < totalHours) {
    for (const block of SECTIONS) {
      // The year opens with revision and the entrance test once; later rounds go deeper into the rest.
      if (round > 0 && block === SECTIONS[0]) continue;
      block.topics.forEach((topic, index) => {
        if (hours >= totalHours) return;
        const length = Math.min(index % 2 === 0 ? 2 : 1, totalHours - hours);
        const last = index === block.topics.length - 1;
        items.push({
          section: round === 0 ? block.section : `${block.section} (углубление)`,
          topic: round === 0 ? topic : `${topic}: решение задач`,
          hours: length,
          homework: `§${items.length + 1}, № ${items.length * 3 + 1}–${items.length * 3 + 4}`,
          controlType: last ? block.control : null,
        });
        hours += length;
      });
      if (hours >= totalHours) break;
    }
    round += 1;
  }
  return items;
}

/**
 * КТП of the demo teacher: one plan per load line (class × subject), as long as the class's dated
 * lessons of the year, laid in order from the year's first lesson (over the topics the journal step
 * typed) so the journal's lessons carry its topics and homework, with «Факт» of the items given by
 * the journal's last day.
 */
export const seedKtp: SeedStep = async (result, options) => {
  const { db } = result.context;
  if (options.size === 'large') {
    await seedSchoolKtp(db, result.school1);
    await setActualDates(db, result.school1.organizationId, result.journalUntil);
    const year = { from: SCHOOL_YEAR.startDate, to: SCHOOL_YEAR.endDate };
    for (const school of [result.school1, result.branch, result.school2])
      await seedTypedTopics(db, school, year, 1 / 30);
    return;
  }
  const school = result.school1;
  const teacher = school.teachers.find((item) => item.login === 'teacher');
  if (!teacher) return;
  const first = Number(ACADEMIC_YEAR.slice(0, 4));
  const range = { from: `${first}-09-01`, to: `${first + 1}-08-31` };
  const dayOff = await db
    .select({ start_date: holidays.startDate, end_date: holidays.endDate, grades: holidays.grades })
    .from(holidays)
    .where(eq(holidays.organizationId, school.organizationId));
  for (const load of school.loads.filter((item) => item.teacherId === teacher.id)) {
    const [row] = await db
      .select({ number: classes.number, letter: classes.letter, subject: subjects.name })
      .from(classes)
      .innerJoin(subjects, and(eq(subjects.id, load.subjectId)))
      .where(eq(classes.id, load.classId));
    const lessonRows = await findPlanLessons(db, load.classId, load.subjectId, teacher.id, range);
    const planId = await insertPlan(db, school.organizationId, {
      name: `${row.subject}, ${groupName(row)}`,
      academicYear: ACADEMIC_YEAR,
      teacherId: teacher.id,
      subjectId: load.subjectId,
      classId: load.classId,
      grade: row.number,
    });
    await replaceItems(
      db,
      school.organizationId,
      planId,
      planItems(Math.max(1, lessonRows.length)).map((item) => ({
        ...item,
        plannedDate: null,
        actualDate: null,
      })),
      result.journalUntil,
    );
    const items = await findItems(db, planId);
    const application = applyPlan(
      items.map((item) => ({
        id: item.id,
        topic: item.topic,
        homework: item.homework,
        hours: Number(item.hours),
      })),
      lessonRows,
      // Over the topics the journal step typed: the plan runs from the first lesson of the year, so
      // the journal, the КТП and the diary agree (the teacher keeps the plan from September on).
      { grade: row.number, holidays: dayOff, overwrite: true },
    );
    await fillLessons(db, application.fills);
    await setPlannedDates(db, application.planned_dates);
  }
  await setActualDates(db, school.organizationId, result.journalUntil);
};

/**
 * «Факт» of every item the journal has given by `until`: the date of the first lesson that carries
 * it, so the КТП and the journal agree (later items keep only their planned date).
 */
async function setActualDates(db: Database, organizationId: number, until: string) {
  await db.execute(sql`
    update ktp_items i set actual_date = g.first
      from (select ktp_item_id, min(date) as first from lessons
             where organization_id = ${organizationId} and ktp_item_id is not null
               and status <> 'cancelled' and date <= ${until}
             group by ktp_item_id) g
     where i.id = g.ktp_item_id`);
}

/** Every tenth load line of the large school has no КТП: its teacher types the topics by hand. */
const WITHOUT_PLAN = 10;
const CHUNK = 10_000;

/**
 * The large seed's КТП: a plan for every load line of the school but every tenth, as long as the
 * line's dated lessons of the year, applied to them. Plans, items, lesson fills and planned dates
 * go in a few bulk statements (items through json_to_recordset, then read back by position).
 */
async function seedSchoolKtp(db: Database, school: SeededSchool) {
  const organizationId = school.organizationId;
  const first = Number(ACADEMIC_YEAR.slice(0, 4));
  const range = { from: `${first}-09-01`, to: `${first + 1}-08-31` };
  const dayOff = await db
    .select({ start_date: holidays.startDate, end_date: holidays.endDate, grades: holidays.grades })
    .from(holidays)
    .where(eq(holidays.organizationId, organizationId));
  const lessonRows = await rowsOf<{
    id: number;
    load_id: number | null;
    date: string;
    lesson_number: number;
    status: 'scheduled' | 'replaced' | 'moved' | 'cancelled';
    topic: string | null;
    homework: string | null;
    ktp_item_id: number | null;
  }>(
    db,
    sql`
      select id, load_id, date::text as date, lesson_number, status, topic, homework, ktp_item_id
        from lessons
       where organization_id = ${organizationId} and date between ${range.from} and ${range.to}
       order by load_id, date, lesson_number, id`,
  );
  const byLoad = new Map<number, typeof lessonRows>();
  for (const lesson of lessonRows) {
    if (lesson.load_id === null) continue;
    const list = byLoad.get(lesson.load_id) ?? [];
    list.push(lesson);
    byLoad.set(lesson.load_id, list);
  }
  const subjectNames = new Map([...school.subjectIds].map(([name, id]) => [id, name]));
  const classOf = new Map(school.classes.map((schoolClass) => [schoolClass.id, schoolClass]));
  const planned = school.loads.filter((_load, index) => index % WITHOUT_PLAN !== WITHOUT_PLAN - 1);
  const planIds = await insertMany(
    db,
    ktpPlans,
    planned.map((load) => {
      const schoolClass = classOf.get(load.classId)!;
      return {
        organizationId,
        name: `${subjectNames.get(load.subjectId)}, ${groupName(schoolClass)}`,
        academicYear: ACADEMIC_YEAR,
        teacherId: load.teacherId,
        subjectId: load.subjectId,
        classId: load.classId,
        grade: schoolClass.number,
      };
    }),
  );
  const itemsOf = planned.map((load) => planItems(Math.max(1, byLoad.get(load.id)?.length ?? 0)));
  const itemRows = planned.flatMap((_, index) =>
    itemsOf[index].map((item, position) => ({
      plan_id: planIds[index],
      position: position + 1,
      section: item.section,
      topic: item.topic,
      hours: item.hours,
      homework: item.homework,
      control_type: item.controlType,
    })),
  );
  for (let index = 0; index < itemRows.length; index += CHUNK) {
    await db.execute(sql`
      insert into ktp_items (organization_id, plan_id, position, section, topic, hours, homework, control_type)
      select ${organizationId}::int, r.plan_id, r.position, r.section, r.topic, r.hours, r.homework, r.control_type
        from json_to_recordset(${JSON.stringify(itemRows.slice(index, index + CHUNK))}::json)
          as r(plan_id int, position int, section text, topic text, hours numeric, homework text, control_type text)
       order by r.plan_id, r.position`);
  }
  const itemIds = await rowsOf<{ id: number; plan_id: number; position: number }>(
    db,
    sql`
      select id, plan_id, position from ktp_items where organization_id = ${organizationId}
       order by plan_id, position`,
  );
  const idOf = new Map(itemIds.map((row) => [`${row.plan_id}|${row.position}`, row.id]));

  const fills: Parameters<typeof fillLessons>[1] = [];
  const plannedDates = new Map<number, string>();
  planned.forEach((load, index) => {
    const application = applyPlan(
      itemsOf[index].map((item, position) => ({
        id: idOf.get(`${planIds[index]}|${position + 1}`)!,
        topic: item.topic,
        homework: item.homework,
        hours: item.hours,
      })),
      byLoad.get(load.id) ?? [],
      { grade: classOf.get(load.classId)!.number, holidays: dayOff, overwrite: false },
    );
    fills.push(...application.fills);
    for (const [id, date] of application.planned_dates) plannedDates.set(id, date);
  });
  for (let index = 0; index < fills.length; index += CHUNK)
    await fillLessons(db, fills.slice(index, index + CHUNK));
  const dates = [...plannedDates];
  for (let index = 0; index < dates.length; index += CHUNK)
    await setPlannedDates(db, new Map(dates.slice(index, index + CHUNK)));
}
