import type { Candidate } from '@parta/shared/domain/contracts/substitutions';
import { weekStart } from '@parta/shared/domain/timetable';

/**
 * Who could take a lesson, best first — the завуч's own reasoning made explicit (DOMAIN.md
 * «Substitutions»): only a teacher free at that hour and not away; then by specialty (the subject is in
 * their load) or at least knowing the class; the same subgroup split first for a divided lesson; no
 * gap («окно») made in their day, one filled better still; fewer substitutions this month first (the
 * extra hours spread); never over the weekly maximum. Pure: the service reads the school once and asks
 * this for every open lesson, «Распределить всё» again after each assignment.
 */

export interface RankedLesson {
  id: number;
  date: string;
  lesson_number: number;
  group_id: number;
  group_name: string;
  subgroup_id: number | null;
  subject_id: number;
  /** The absent teacher (never their own substitute). */
  absent_teacher_id: number | null;
}

export interface LoadLine {
  teacherId: number | null;
  classId: number;
  subgroupId: number | null;
  subjectId: number;
}

export interface SchoolDay {
  teachers: { id: number; name: string }[];
  loadLines: LoadLine[];
  /** Lesson numbers each teacher gives on a date: key `teacher|date`. */
  dayLessons: Map<string, Set<number>>;
  /** Lessons each teacher gives in a week: key `teacher|monday`. */
  weekLessons: Map<string, number>;
  /** Substitutions this month per teacher. */
  monthCount: Map<number, number>;
  /** Whether a teacher is away at that date and lesson (a recorded absence). */
  absentAt: (teacherId: number, date: string, lessonNumber: number) => boolean;
  weeklyMax: number;
}

export const dayKey = (teacherId: number, date: string) => `${teacherId}|${date}`;
export const weekKey = (teacherId: number, date: string) => `${teacherId}|${weekStart(date)}`;

// Weights: a specialist always outranks a non-specialist; a gap or a month's load moves within a tier.
const SPECIALTY = 100;
const SAME_SPLIT = 60;
const SAME_CLASS = 40;
const FILLS_GAP = 30;
const NEXT_TO_OWN = 20;
const MAKES_GAP = -20;
const EXTRA_DAY = -30;
const PER_MONTH_SUBSTITUTION = -8;

function plural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

/** The candidates for one lesson, best first; teachers who cannot take it are not listed at all. */
export function rankCandidates(lesson: RankedLesson, school: SchoolDay): Candidate[] {
  const result: Candidate[] = [];
  for (const teacher of school.teachers) {
    if (teacher.id === lesson.absent_teacher_id) continue;
    const own = school.dayLessons.get(dayKey(teacher.id, lesson.date)) ?? new Set<number>();
    if (own.has(lesson.lesson_number)) continue;
    if (school.absentAt(teacher.id, lesson.date, lesson.lesson_number)) continue;
    const week = school.weekLessons.get(weekKey(teacher.id, lesson.date)) ?? 0;
    if (week + 1 > school.weeklyMax) continue;

    const lines = school.loadLines.filter((line) => line.teacherId === teacher.id);
    const specialty = lines.some((line) => line.subjectId === lesson.subject_id);
    const reasons: string[] = [];
    let score = 0;
    if (
      lesson.subgroup_id !== null &&
      lines.some(
        (line) =>
          line.classId === lesson.group_id &&
          line.subjectId === lesson.subject_id &&
          line.subgroupId !== null &&
          line.subgroupId !== lesson.subgroup_id,
      )
    ) {
      score += SAME_SPLIT;
      reasons.push('ведёт другую подгруппу этого урока');
    }
    if (specialty) {
      score += SPECIALTY;
      reasons.push('ведёт этот предмет');
    } else if (lines.some((line) => line.classId === lesson.group_id)) {
      score += SAME_CLASS;
      reasons.push(`не по специальности, работает в ${lesson.group_name}`);
    } else {
      reasons.push('не по специальности');
    }
    if (own.size === 0) {
      score += EXTRA_DAY;
      reasons.push('в этот день уроков нет');
    } else {
      const numbers = [...own];
      const before = numbers.some((n) => n < lesson.lesson_number);
      const after = numbers.some((n) => n > lesson.lesson_number);
      if (before && after) {
        score += FILLS_GAP;
        reasons.push('заполнит окно');
      } else if (own.has(lesson.lesson_number - 1) || own.has(lesson.lesson_number + 1)) {
        score += NEXT_TO_OWN;
        reasons.push('рядом со своими уроками');
      } else {
        score += MAKES_GAP;
        reasons.push('будет окно');
      }
    }
    const month = school.monthCount.get(teacher.id) ?? 0;
    score += PER_MONTH_SUBSTITUTION * month;
    reasons.push(
      month === 0
        ? 'замен в этом месяце не было'
        : `${month} ${plural(month, 'замена', 'замены', 'замен')} в этом месяце`,
    );
    reasons.push(`в неделю ${week + 1} из ${school.weeklyMax} уроков`);
    result.push({
      teacher_id: teacher.id,
      teacher_name: teacher.name,
      specialty,
      score,
      reasons,
      month_count: month,
    });
  }
  return result.sort(
    (a, b) =>
      b.score - a.score || a.teacher_name.localeCompare(b.teacher_name, 'ru') || a.teacher_id - b.teacher_id,
  );
}

/** Takes a lesson on a teacher in the picture (the next ranking of «Распределить всё» sees it). */
export function book(school: SchoolDay, teacherId: number, date: string, lessonNumber: number) {
  const key = dayKey(teacherId, date);
  const own = school.dayLessons.get(key) ?? new Set<number>();
  own.add(lessonNumber);
  school.dayLessons.set(key, own);
  const week = weekKey(teacherId, date);
  school.weekLessons.set(week, (school.weekLessons.get(week) ?? 0) + 1);
  school.monthCount.set(teacherId, (school.monthCount.get(teacherId) ?? 0) + 1);
}

/**
 * «Распределить всё»: the best candidate for every open lesson, balanced. The lesson with the fewest
 * candidates goes first (scarcity: a lesson only one teacher can take is not left without them), and
 * nobody takes more than their share, ⌈open lessons / teachers who could take any⌉, unless no one
 * else can. Each assignment is booked before the next ranking, so nobody is in two places.
 */
export function distribute(
  open: RankedLesson[],
  school: SchoolDay,
): Array<{ lessonId: number; teacherId: number }> {
  const everyone = new Set<number>();
  for (const lesson of open)
    for (const candidate of rankCandidates(lesson, school)) everyone.add(candidate.teacher_id);
  const share = Math.max(1, Math.ceil(open.length / Math.max(1, everyone.size)));
  const taken = new Map<number, number>();
  const result: Array<{ lessonId: number; teacherId: number }> = [];
  const left = [...open];
  while (left.length > 0) {
    let bestIndex = -1;
    let bestList: Candidate[] = [];
    for (const [index, lesson] of left.entries()) {
      const ranked = rankCandidates(lesson, school);
      const within = ranked.filter((candidate) => (taken.get(candidate.teacher_id) ?? 0) < share);
      const list = within.length > 0 ? within : ranked;
      if (bestIndex === -1 || list.length < bestList.length) {
        bestIndex = index;
        bestList = list;
      }
    }
    const [lesson] = left.splice(bestIndex, 1);
    const chosen = bestList[0];
    if (!chosen) continue;
    result.push({ lessonId: lesson.id, teacherId: chosen.teacher_id });
    taken.set(chosen.teacher_id, (taken.get(chosen.teacher_id) ?? 0) + 1);
    book(school, chosen.teacher_id, lesson.date, lesson.lesson_number);
  }
  return result;
}
