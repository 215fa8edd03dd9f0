import { dailyLimit } from '@parta/shared/domain/timetable';
import { SETTINGS_DEFAULTS } from '@parta/shared/domain/week';
import { holidays, timetableTemplates } from '../db/schema';
import { insertLessons, insertTimetable } from '../modules/timetable/lessons.repository';
import { type PlanSlot, planLessons } from '../modules/timetable/planning';
import { findBellTimes, insertSlots } from '../modules/timetable/templates.repository';
import { insertMany } from './context';
import { ACADEMIC_YEAR, BELLS, FIRST_GRADE_BELLS, HOLIDAYS, PERIODS } from './curriculum';
import type { SeededSchool } from './school';
import type { SeedStep } from './step';

/** A lesson of the week to place: one load line, or the subgroups of a split subject side by side. */
interface Unit {
  classId: number;
  grade: number;
  subjectId: number;
  hours: number;
  lines: { loadId: number; teacherId: number; subgroupId: number | null }[];
}

/**
 * A conflict-free weekly grid for a whole school from its load: every class gets every hour of
 * its load, at most one lesson of a subject a day while the days allow, lessons from the first
 * without gaps where the teachers are free, no teacher in two places, within СанПиН's daily limit.
 */
function buildWeeklyGrid(school: SeededSchool, workingDays = SETTINGS_DEFAULTS.working_days_per_week) {
  const gradeOf = new Map(school.classes.map((schoolClass) => [schoolClass.id, schoolClass.number]));
  const units: Unit[] = [];
  for (const load of school.loads) {
    const existing = load.subgroupId
      ? units.find((unit) => unit.classId === load.classId && unit.subjectId === load.subjectId)
      : undefined;
    const line = { loadId: load.id, teacherId: load.teacherId, subgroupId: load.subgroupId };
    if (existing) {
      existing.lines.push(line);
      existing.hours = Math.max(existing.hours, load.hours);
    } else {
      units.push({
        classId: load.classId,
        grade: gradeOf.get(load.classId)!,
        subjectId: load.subjectId,
        hours: load.hours,
        lines: [line],
      });
    }
  }
  const teacherHours = new Map<number, number>();
  for (const unit of units)
    for (const line of unit.lines)
      teacherHours.set(line.teacherId, (teacherHours.get(line.teacherId) ?? 0) + unit.hours);
  // The busiest teachers first: they have the fewest free slots left later.
  const busiest = (unit: Unit) =>
    Math.max(...unit.lines.map((line) => teacherHours.get(line.teacherId) ?? 0));
  const instances = units
    .flatMap((unit) => Array.from({ length: Math.ceil(unit.hours) }, () => unit))
    .sort((a, b) => busiest(b) - busiest(a) || b.hours - a.hours || a.classId - b.classId);

  const teacherBusy = new Set<string>();
  const classDay = new Map<string, Set<number>>();
  const subjectDay = new Map<string, number>();
  const slots: (PlanSlot & { loadId: number })[] = [];
  let unplaced = 0;
  const days = Array.from({ length: workingDays }, (_, index) => index + 1);
  for (const unit of instances) {
    const maxNumber = Math.min(
      dailyLimit(unit.grade, 7),
      unit.grade === 1 ? FIRST_GRADE_BELLS.length : BELLS.length,
    );
    const occupied = (day: number) => {
      const key = `${unit.classId}|${day}`;
      let set = classDay.get(key);
      if (!set) {
        set = new Set();
        classDay.set(key, set);
      }
      return set;
    };
    const free = (day: number, number: number) =>
      !occupied(day).has(number) &&
      unit.lines.every((line) => !teacherBusy.has(`${line.teacherId}|${day}|${number}`));
    const ordered = [...days].sort(
      (a, b) =>
        (subjectDay.get(`${unit.classId}|${unit.subjectId}|${a}`) ?? 0) -
          (subjectDay.get(`${unit.classId}|${unit.subjectId}|${b}`) ?? 0) ||
        occupied(a).size - occupied(b).size ||
        a - b,
    );
    let placed: { day: number; number: number } | undefined;
    // First without a gap in the class's day, then anywhere the class and the teachers are free.
    for (const gapless of [true, false]) {
      for (const day of ordered) {
        if (occupied(day).size >= maxNumber) continue;
        for (let number = 1; number <= maxNumber && !placed; number++) {
          if (gapless && number > occupied(day).size + 1) break;
          if (free(day, number)) placed = { day, number };
        }
        if (placed) break;
      }
      if (placed) break;
    }
    if (!placed) {
      unplaced++;
      continue;
    }
    occupied(placed.day).add(placed.number);
    const subjectKey = `${unit.classId}|${unit.subjectId}|${placed.day}`;
    subjectDay.set(subjectKey, (subjectDay.get(subjectKey) ?? 0) + 1);
    for (const line of unit.lines) {
      teacherBusy.add(`${line.teacherId}|${placed.day}|${placed.number}`);
      slots.push({
        classId: unit.classId,
        grade: unit.grade,
        weekday: placed.day,
        lessonNumber: placed.number,
        subgroupId: line.subgroupId,
        subjectId: unit.subjectId,
        teacherId: line.teacherId,
        loadId: line.loadId,
      });
    }
  }
  return { slots, unplaced };
}

/** Holidays, one active template per school and the dated lessons of the whole year. */
async function seedSchoolTimetable(db: Parameters<typeof insertMany>[0], school: SeededSchool) {
  const organizationId = school.organizationId;
  const holidayRows = HOLIDAYS.map((holiday) => ({
    organizationId,
    academicYear: ACADEMIC_YEAR,
    name: holiday.name,
    startDate: holiday.startDate,
    endDate: holiday.endDate,
    grades: [...holiday.grades],
  }));
  await insertMany(db, holidays, holidayRows);
  const [templateId] = await insertMany(db, timetableTemplates, [
    {
      organizationId,
      name: `Основное расписание ${ACADEMIC_YEAR}`,
      academicYear: ACADEMIC_YEAR,
      bellScheduleId: school.bellScheduleId,
      active: true,
    },
  ]);
  const { slots, unplaced } = buildWeeklyGrid(school);
  if (unplaced > 0) throw new Error(`Сид расписания: ${unplaced} уроков не поместились в сетку`);
  await insertSlots(
    db,
    organizationId,
    slots.map((slot) => ({
      templateId,
      loadId: slot.loadId,
      classId: slot.classId,
      subgroupId: slot.subgroupId,
      weekday: slot.weekday,
      lessonNumber: slot.lessonNumber,
      room: null,
    })),
  );
  const year = PERIODS.find((period) => period.kind === 'year')!;
  const yearPeriodId = school.periodIds[PERIODS.indexOf(year)];
  const range = { from: year.startDate, to: year.endDate };
  const planned = planLessons(
    slots,
    await findBellTimes(db, organizationId),
    school.bellScheduleId,
    range,
    holidayRows.map((holiday) => ({
      start_date: holiday.startDate,
      end_date: holiday.endDate,
      grades: holiday.grades,
    })),
  );
  const timetableId = await insertTimetable(db, {
    organizationId,
    templateId,
    periodId: yearPeriodId,
    startDate: range.from,
    endDate: range.to,
  });
  await insertLessons(db, organizationId, timetableId, planned);
}

/** SEED_STEPS entry: the timetable of every school of the demo (issue 10). */
export const seedTimetable: SeedStep = async (result) => {
  for (const school of [result.school1, result.branch, result.school2]) {
    await seedSchoolTimetable(result.context.db, school);
  }
};
