/**
 * КТП rules (DOMAIN.md «КТП»), framework-free: laying a plan's items over the dated lessons of a
 * class and subject. The server applies the result; tests check it over holidays and cancellations.
 */
import { type DayOff, isDayOff } from './timetable';

/** An item of a plan as the rule needs it. */
export interface PlanItem {
  id: number;
  topic: string;
  homework: string | null;
  /** Hours of the item: an item of N hours takes N lessons (at least one). */
  hours: number;
}

/** A dated lesson of the class and subject, as the rule needs it. */
export interface PlanLesson {
  id: number;
  date: string;
  lesson_number: number;
  status: 'scheduled' | 'replaced' | 'moved' | 'cancelled';
  topic: string | null;
  homework: string | null;
  /** The КТП item that filled the topic; null with a topic means the teacher typed it. */
  ktp_item_id: number | null;
}

/** What one lesson gets: the item's topic and homework, or nothing (a plan-filled topic that no item covers any more). */
export interface LessonFill {
  lesson_id: number;
  ktp_item_id: number | null;
  topic: string | null;
  homework: string | null;
}

export interface PlanApplication {
  fills: LessonFill[];
  /** Σ hours of the plan. */
  planned_hours: number;
  /** Lessons that got an item. */
  given_hours: number;
  /** Items (or hours of them) left without a lesson: the plan is longer than the year. */
  hours_without_lesson: number;
  /** Lessons that still have no topic after applying (the plan is shorter than the year). */
  lessons_without_topic: number;
  /** First lesson date of each item, for the items' planned dates. */
  planned_dates: Map<number, string>;
}

/** Lessons an item of `hours` takes: whole lessons, at least one. */
export function lessonsOfItem(hours: number): number {
  return Math.max(1, Math.round(hours));
}

/**
 * Fills the lessons in date order with the items in plan order. Skipped, and not counted as given:
 * cancelled lessons, lessons on a holiday of the class's grade, and — unless `overwrite` — lessons
 * whose topic the teacher typed by hand (they keep it; the plan goes on at the next lesson).
 * Lessons the plan filled before are refilled, or cleared when no item is left for them.
 *
 * `fixed` lessons (a re-lay after a timetable change: lessons outside the applied dates, lessons
 * already given, lessons kept for what a person entered) are never written: one that holds an item of
 * the plan keeps it, and the plan goes on after that item, so the lessons that are laid continue the
 * plan where the fixed ones left it. Without `overwrite`, a lesson linked to an item whose topic or
 * homework no longer reads as the item's is the teacher's and is fixed too.
 */
export function applyPlan(
  items: readonly PlanItem[],
  lessons: readonly PlanLesson[],
  options: {
    grade: number;
    holidays: readonly DayOff[];
    overwrite: boolean;
    fixed?: (lesson: PlanLesson) => boolean;
  },
): PlanApplication {
  const queue = items.flatMap((item) => Array.from({ length: lessonsOfItem(item.hours) }, () => item));
  const itemById = new Map(items.map((item) => [item.id, item]));
  const ordered = [...lessons].sort(
    (a, b) => a.date.localeCompare(b.date) || a.lesson_number - b.lesson_number,
  );
  const fills: LessonFill[] = [];
  const plannedDates = new Map<number, string>();
  let next = 0;
  let withoutTopic = 0;
  /** The teacher changed what the plan gave: the topic, or homework over the item's own. */
  const editedOverPlan = (lesson: PlanLesson) => {
    const item = lesson.ktp_item_id === null ? undefined : itemById.get(lesson.ktp_item_id);
    if (!item) return false;
    return lesson.topic !== item.topic || (item.homework !== null && lesson.homework !== item.homework);
  };
  for (const lesson of ordered) {
    if (lesson.status === 'cancelled' || isDayOff(lesson.date, options.grade, options.holidays)) continue;
    if (options.fixed?.(lesson) || (!options.overwrite && editedOverPlan(lesson))) {
      const held = lesson.ktp_item_id === null ? -1 : queue.indexOf(itemById.get(lesson.ktp_item_id)!, next);
      if (held >= 0) {
        next = held + 1;
        if (!plannedDates.has(queue[held].id)) plannedDates.set(queue[held].id, lesson.date);
      }
      continue;
    }
    const typedByHand = lesson.topic !== null && lesson.ktp_item_id === null;
    if (typedByHand && !options.overwrite) continue;
    const item = queue[next];
    if (item) {
      next += 1;
      if (!plannedDates.has(item.id)) plannedDates.set(item.id, lesson.date);
      fills.push({
        lesson_id: lesson.id,
        ktp_item_id: item.id,
        topic: item.topic,
        // Homework typed by hand stays when the item has none; the plan's own earlier homework does not.
        homework: item.homework ?? (lesson.ktp_item_id === null ? lesson.homework : null),
      });
    } else {
      withoutTopic += 1;
      if (lesson.ktp_item_id !== null)
        fills.push({ lesson_id: lesson.id, ktp_item_id: null, topic: null, homework: null });
    }
  }
  return {
    fills,
    planned_hours: items.reduce((sum, item) => sum + item.hours, 0),
    given_hours: next,
    hours_without_lesson: queue.length - next,
    lessons_without_topic: withoutTopic,
    planned_dates: plannedDates,
  };
}
