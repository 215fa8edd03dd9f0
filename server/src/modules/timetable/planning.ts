import type { ApplyCountMismatch, ApplyDoubleBooking } from '@parta/shared/domain/contracts/timetable';
import { addDays, clockTime, type DayOff, layOutLessons, weekStart } from '@parta/shared/domain/timetable';
import type { LessonValues } from './lessons.repository';

/*
 * Planning rules, pure (no database): which bells a grade rings and which dated lessons a template
 * gives over a range. The timetable module and the seed use them.
 */

export interface BellTime {
  scheduleId: number;
  isDefault: boolean;
  grades: number[];
  number: number;
  startTime: string;
  endTime: string;
}

/**
 * Bell times of a grade: the schedule that names the grade (1st grade's own), else the template's,
 * else the organization's default. Lesson number → start and end.
 */
export function bellsForGrade(
  bells: readonly BellTime[],
  grade: number,
  templateScheduleId: number | null,
): Map<number, { start: string; end: string }> {
  const pick =
    bells.find((bell) => bell.grades.includes(grade))?.scheduleId ??
    (templateScheduleId !== null && bells.some((bell) => bell.scheduleId === templateScheduleId)
      ? templateScheduleId
      : undefined) ??
    bells.find((bell) => bell.isDefault)?.scheduleId ??
    bells[0]?.scheduleId;
  return new Map(
    bells
      .filter((bell) => bell.scheduleId === pick)
      .map((bell) => [bell.number, { start: bell.startTime, end: bell.endTime }]),
  );
}

/** A template slot as planning needs it. */
export interface PlanSlot {
  classId: number;
  grade: number;
  weekday: number;
  lessonNumber: number;
  subgroupId: number | null;
  subjectId: number;
  teacherId: number | null;
  loadId: number;
}

/** The dated lessons a template gives over a range: every slot on its weekdays, holidays skipped, bell times copied. */
export function planLessons(
  slots: readonly PlanSlot[],
  bells: readonly BellTime[],
  templateScheduleId: number | null,
  range: { from: string; to: string },
  holidays: readonly DayOff[],
): LessonValues[] {
  const timesByGrade = new Map<number, Map<number, { start: string; end: string }>>();
  const timesOf = (grade: number) => {
    let times = timesByGrade.get(grade);
    if (!times) {
      times = bellsForGrade(bells, grade, templateScheduleId);
      timesByGrade.set(grade, times);
    }
    return times;
  };
  return layOutLessons(slots, range, holidays).map(({ date, lesson }) => {
    const time = timesOf(lesson.grade).get(lesson.lessonNumber);
    return {
      classId: lesson.classId,
      subgroupId: lesson.subgroupId,
      subjectId: lesson.subjectId,
      teacherId: lesson.teacherId,
      loadId: lesson.loadId,
      date,
      lessonNumber: lesson.lessonNumber,
      startTime: time?.start ?? null,
      endTime: time?.end ?? null,
    };
  });
}

// ---------------------------------------------------------------- applying over existing lessons

/** An existing dated lesson as matching needs it; `locked` = it holds what a person entered. */
export interface ExistingLesson {
  id: number;
  classId: number;
  subgroupId: number | null;
  subjectId: number;
  teacherId: number | null;
  loadId: number | null;
  date: string;
  lessonNumber: number;
  startTime: string | null;
  endTime: string | null;
  locked: boolean;
}

export interface ApplyPlan {
  toInsert: LessonValues[];
  /** Existing lessons rewritten to a planned lesson: moved, or changed in place. */
  toUpdate: (LessonValues & { id: number })[];
  toDelete: number[];
  kept: number;
}

const positionKey = (lesson: {
  classId: number;
  date: string;
  lessonNumber: number;
  subgroupId: number | null;
}) => `${lesson.classId}|${lesson.date}|${lesson.lessonNumber}|${lesson.subgroupId ?? 0}`;
const lineKey = (lesson: { classId: number; subgroupId: number | null; subjectId: number }) =>
  `${lesson.classId}|${lesson.subgroupId ?? 0}|${lesson.subjectId}`;

const samePlan = (lesson: ExistingLesson, plan: LessonValues) =>
  lesson.subjectId === plan.subjectId &&
  lesson.subgroupId === plan.subgroupId &&
  lesson.teacherId === plan.teacherId &&
  lesson.loadId === plan.loadId &&
  lesson.date === plan.date &&
  lesson.lessonNumber === plan.lessonNumber &&
  clockTime(lesson.startTime) === plan.startTime &&
  clockTime(lesson.endTime) === plan.endTime;

/**
 * What applying `planned` over the `existing` lessons of its classes and dates does. A locked
 * lesson stays and holds its place (the planned lesson there is not made). Every other lesson
 * belongs to the timetable: it is matched to a planned lesson — the same place and subject first,
 * then the same class × subject in the same week (moved there, keeping its id), then whatever is
 * planned at its place — and the rest are removed; planned lessons left over are created. Applying
 * the same plan twice matches every lesson in place, so the second time changes nothing.
 */
export function matchLessons(
  planned: readonly LessonValues[],
  existing: readonly ExistingLesson[],
): ApplyPlan {
  const open = new Set(planned.map((_, index) => index));
  const free = new Map(existing.filter((lesson) => !lesson.locked).map((lesson) => [lesson.id, lesson]));
  const pairs = new Map<number, number>(); // planned index → lesson id

  const lockedAt = new Map<string, number>();
  for (const lesson of existing) {
    if (lesson.locked) lockedAt.set(positionKey(lesson), (lockedAt.get(positionKey(lesson)) ?? 0) + 1);
  }
  for (const index of open) {
    const key = positionKey(planned[index]);
    const left = lockedAt.get(key) ?? 0;
    if (left > 0) {
      lockedAt.set(key, left - 1);
      open.delete(index);
    }
  }

  const pair = (
    keyOfPlan: (plan: LessonValues) => string,
    keyOfLesson: (lesson: ExistingLesson) => string,
  ) => {
    const waiting = new Map<string, ExistingLesson[]>();
    const ordered = [...free.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.lessonNumber - b.lessonNumber || a.id - b.id,
    );
    for (const lesson of ordered) {
      const key = keyOfLesson(lesson);
      waiting.set(key, [...(waiting.get(key) ?? []), lesson]);
    }
    for (const index of [...open].sort((a, b) => a - b)) {
      const candidates = waiting.get(keyOfPlan(planned[index]));
      if (!candidates?.length) continue;
      // Among equals, the lesson of the same load (same teacher) is the better match.
      const at = Math.max(
        0,
        candidates.findIndex((lesson) => lesson.loadId === planned[index].loadId),
      );
      const [lesson] = candidates.splice(at, 1);
      pairs.set(index, lesson.id);
      open.delete(index);
      free.delete(lesson.id);
    }
  };
  pair(
    (plan) => `${positionKey(plan)}|${plan.subjectId}`,
    (lesson) => `${positionKey(lesson)}|${lesson.subjectId}`,
  );
  pair(
    (plan) => `${lineKey(plan)}|${weekStart(plan.date)}`,
    (lesson) => `${lineKey(lesson)}|${weekStart(lesson.date)}`,
  );
  pair(positionKey, positionKey);

  const byId = new Map(existing.map((lesson) => [lesson.id, lesson]));
  const toUpdate: ApplyPlan['toUpdate'] = [];
  for (const [index, id] of pairs) {
    if (!samePlan(byId.get(id)!, planned[index])) toUpdate.push({ id, ...planned[index] });
  }
  return {
    toInsert: [...open].sort((a, b) => a - b).map((index) => planned[index]),
    toUpdate,
    toDelete: [...free.keys()],
    kept: existing.length - free.size - pairs.size,
  };
}

/** A lesson after applying, with names, as the report needs it. */
export interface ReportLesson {
  id: number;
  classId: number;
  groupName: string;
  subgroupId: number | null;
  subgroupName: string | null;
  subjectId: number;
  subjectName: string;
  teacherId: number | null;
  teacherName: string | null;
  room: string | null;
  date: string;
  lessonNumber: number;
}

const classLabel = (lesson: { groupName: string; subgroupName: string | null }) =>
  lesson.subgroupName ? `${lesson.groupName} (${lesson.subgroupName})` : lesson.groupName;

/**
 * Every class × subject (× subgroup) of the applied classes whose lessons in a week differ from
 * what the template gives that week (holidays and part weeks are in `planned` already), by week.
 */
export function countMismatches(
  planned: readonly LessonValues[],
  lessons: readonly ReportLesson[],
  /** The template's lines with their names: a line none of whose lessons is left is still named. */
  lines: readonly Omit<ReportLesson, 'id' | 'teacherId' | 'teacherName' | 'room' | 'date' | 'lessonNumber'>[],
  range: { from: string; to: string },
): ApplyCountMismatch[] {
  const counts = new Map<string, Map<string, { expected: number; actual: number }>>();
  const names = new Map(lines.map((line) => [lineKey(line), line]));
  const classIds = new Set(lines.map((line) => line.classId));
  const bump = (key: string, week: string, field: 'expected' | 'actual') => {
    const weeks = counts.get(key) ?? new Map<string, { expected: number; actual: number }>();
    const count = weeks.get(week) ?? { expected: 0, actual: 0 };
    count[field]++;
    weeks.set(week, count);
    counts.set(key, weeks);
  };
  for (const plan of planned) bump(lineKey(plan), weekStart(plan.date), 'expected');
  for (const lesson of lessons) {
    if (!classIds.has(lesson.classId) || lesson.date < range.from || lesson.date > range.to) continue;
    bump(lineKey(lesson), weekStart(lesson.date), 'actual');
    names.set(lineKey(lesson), lesson);
  }
  const result: ApplyCountMismatch[] = [];
  for (const [key, weeks] of counts) {
    const differing = [...weeks]
      .filter(([, count]) => count.expected !== count.actual)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, count]) => ({
        // ISO dates compare as strings: the week clipped to the applied dates.
        from: [week, range.from].sort()[1],
        to: [addDays(week, 6), range.to].sort()[0],
        ...count,
      }));
    const named = names.get(key);
    if (differing.length === 0 || !named) continue;
    result.push({
      group_id: named.classId,
      group_name: named.groupName,
      subgroup_name: named.subgroupName,
      subject_id: named.subjectId,
      subject_name: named.subjectName,
      weeks: differing,
    });
  }
  return result.sort(
    (a, b) =>
      a.group_name.localeCompare(b.group_name, 'ru', { numeric: true }) ||
      a.subject_name.localeCompare(b.subject_name, 'ru') ||
      (a.subgroup_name ?? '').localeCompare(b.subgroup_name ?? '', 'ru'),
  );
}

/** Every teacher and room with two or more lessons at one date and lesson number. */
export function doubleBookings(lessons: readonly ReportLesson[]): ApplyDoubleBooking[] {
  const at = new Map<string, { kind: 'teacher' | 'room'; name: string; list: ReportLesson[] }>();
  const add = (kind: 'teacher' | 'room', who: string, name: string, lesson: ReportLesson) => {
    const key = `${kind}|${who}|${lesson.date}|${lesson.lessonNumber}`;
    const entry = at.get(key) ?? { kind, name, list: [] };
    entry.list.push(lesson);
    at.set(key, entry);
  };
  for (const lesson of lessons) {
    if (lesson.teacherId !== null)
      add('teacher', String(lesson.teacherId), lesson.teacherName ?? 'Учитель', lesson);
    if (lesson.room) add('room', lesson.room, `каб. ${lesson.room}`, lesson);
  }
  return [...at.values()]
    .filter((entry) => entry.list.length > 1)
    .map((entry) => ({
      kind: entry.kind,
      name: entry.name,
      date: entry.list[0].date,
      lesson_number: entry.list[0].lessonNumber,
      groups: entry.list.map(classLabel).sort((a, b) => a.localeCompare(b, 'ru', { numeric: true })),
    }))
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.lesson_number - b.lesson_number ||
        a.kind.localeCompare(b.kind) ||
        a.name.localeCompare(b.name, 'ru'),
    );
}

// ---------------------------------------------------------------- the dates a timetable is applied to

/** A period of the school year as `teachingSpans` needs it. */
export interface YearPeriod {
  kind: string;
  startDate: string;
  endDate: string;
  grades: number[];
}

/**
 * The dates a grade is taught on within [from, to]: its terms (четверти for 1–9, полугодия for
 * 10–11, whatever periods name the grade; the «year» period only when no term does), merged where
 * they touch or overlap and clipped to the range. Days between terms that no term covers (каникулы
 * not entered as holidays) get no lessons.
 */
export function teachingSpans(
  periods: readonly YearPeriod[],
  grade: number,
  range: { from: string; to: string },
): { from: string; to: string }[] {
  const ofGrade = periods.filter((period) => period.grades.includes(grade));
  const terms = ofGrade.filter((period) => period.kind !== 'year');
  const chosen = (terms.length > 0 ? terms : ofGrade)
    .map((period) => ({
      from: [period.startDate, range.from].sort()[1],
      to: [period.endDate, range.to].sort()[0],
    }))
    .filter((span) => span.from <= span.to)
    .sort((a, b) => a.from.localeCompare(b.from));
  const merged: { from: string; to: string }[] = [];
  for (const span of chosen) {
    const last = merged.at(-1);
    if (last && span.from <= addDays(last.to, 1)) {
      if (span.to > last.to) last.to = span.to;
    } else merged.push({ ...span });
  }
  return merged;
}
