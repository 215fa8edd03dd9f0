import type { CompletionGap, CompletionRow } from '@parta/shared/domain/contracts/reports';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import { minimumMarks, taughtWithoutMarks } from '@parta/shared/domain/reports';
import type { findCompletion, findGaps, findPlannedHours, findStudentsAtMinimum } from './reports.repository';

/**
 * The journal completion's rows and gaps from what the report read: the КТП hours planned for each
 * teacher × class × subject, the students below the minimum of marks, what each gap misses. Pure:
 * tested without a database (completion-figures.test.ts).
 */

type Read<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

/** One row per teacher × class × subject of the held lessons. */
export function completionRows(
  rows: Read<typeof findCompletion>,
  atMinimum: Read<typeof findStudentsAtMinimum>,
  planned: Read<typeof findPlannedHours>,
): CompletionRow[] {
  const enough = new Map(
    atMinimum.map((row) => [`${row.teacher_id}|${row.class_id}|${row.subject_id}`, Number(row.enough)]),
  );
  const plansBySubject = new Map<number, typeof planned>();
  for (const plan of planned)
    plansBySubject.set(plan.subjectId, [...(plansBySubject.get(plan.subjectId) ?? []), plan]);
  return rows.map((row) => {
    const plans = (plansBySubject.get(row.subjectId) ?? []).filter(
      (plan) =>
        (plan.teacherId === null || plan.teacherId === row.teacherId) &&
        (plan.classId === row.classId || (plan.classId === null && plan.grade === row.number)),
    );
    const withoutMarks = taughtWithoutMarks(row.number, row.graded);
    return {
      teacher_id: row.teacherId,
      teacher_name: joinedTeacherName(row),
      group_id: row.classId,
      group_name: groupName(row),
      subject_id: row.subjectId,
      subject_name: row.subjectName,
      held: row.held,
      with_topic: row.withTopic,
      with_homework: row.withHomework,
      with_marks: row.withMarks,
      ktp_planned_hours: plans.length === 0 ? null : plans.reduce((sum, plan) => sum + Number(plan.hours), 0),
      ktp_given_hours: row.ktpGiven,
      students: row.students,
      marks: row.marks,
      minimum_marks: withoutMarks ? 0 : minimumMarks(row.held),
      students_below_minimum: withoutMarks
        ? 0
        : Math.max(0, row.students - (enough.get(`${row.teacherId}|${row.classId}|${row.subjectId}`) ?? 0)),
      without_marks: withoutMarks,
    };
  });
}

/** The lessons with a gap: what each misses (a lesson taught without marks misses none). */
export function completionGaps(gapRows: Read<typeof findGaps>[0]): CompletionGap[] {
  return gapRows.map((gap) => ({
    lesson_id: gap.id,
    date: gap.date,
    lesson_number: gap.lessonNumber,
    group_name: groupName(gap),
    subject_name: gap.subjectName,
    teacher_name: joinedTeacherName(gap),
    missing: [
      ...(gap.topic?.trim() ? [] : (['topic'] as const)),
      ...(gap.homework?.trim() ? [] : (['homework'] as const)),
      // A lesson taught without marks (1st grade, a line «без отметок») misses none.
      ...(gap.hasMarks || taughtWithoutMarks(gap.number, gap.graded) ? [] : (['marks'] as const)),
    ],
  }));
}
