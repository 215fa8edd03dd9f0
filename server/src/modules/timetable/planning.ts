import { type DayOff, layOutLessons } from '@parta/shared/domain/timetable';
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
