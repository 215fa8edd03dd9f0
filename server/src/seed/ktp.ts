import { applyPlan } from '@parta/shared/domain/ktp';
import { groupName } from '@parta/shared/domain/names';
import { and, eq } from 'drizzle-orm';
import { classes, holidays, subjects } from '../db/schema';
import {
  fillLessons,
  findItems,
  findPlanLessons,
  insertPlan,
  replaceItems,
  setPlannedDates,
} from '../modules/ktp/ktp.repository';
import { ACADEMIC_YEAR } from './curriculum';
import type { SeedStep } from './index';

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

/** The year's items for `hours` lessons: sections in order, each topic one or two hours, homework on every topic. */
export function planItems(totalHours: number) {
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
 * lessons of the year, applied so the journal's lessons carry topics and homework.
 */
export const seedKtp: SeedStep = async (result) => {
  const { db } = result.context;
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
      { grade: row.number, holidays: dayOff, overwrite: false },
    );
    await fillLessons(db, application.fills);
    await setPlannedDates(db, application.planned_dates);
  }
};
