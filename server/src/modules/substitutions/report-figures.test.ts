import { reportFigures } from './report-figures';
import type { ReportLessonRow } from './substitutions.repository';

/** The month's report summed from its rows, the names and the clock given (no database). */
function row(over: Partial<ReportLessonRow>): ReportLessonRow {
  return {
    lesson_id: 1,
    date: '2026-03-02',
    lesson_number: 1,
    end_time: '08:45',
    number: 5,
    letter: 'А',
    subject_name: 'Математика',
    status: 'replaced',
    teacher_id: 20,
    original_teacher_id: 10,
    absent_id: 10,
    specialty: true,
    ...over,
  };
}

const names = new Map([
  [10, 'Яковлева О. И.'],
  [20, 'Борисов П. С.'],
  [30, 'Антонов К. Л.'],
]);
const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
const query = { from: '2026-03-01', to: '2026-03-31' };

describe('reportFigures', () => {
  const rows = [
    row({ lesson_id: 1 }),
    row({ lesson_id: 2, specialty: false }),
    row({ lesson_id: 3, date: '2026-03-20' }),
    row({ lesson_id: 4, status: 'cancelled', teacher_id: 10, original_teacher_id: null, specialty: false }),
    row({ lesson_id: 5, teacher_id: 30, specialty: false }),
  ];
  const held = (lesson: ReportLessonRow) => lesson.date < '2026-03-10';
  const report = reportFigures(rows, nameOf, held, query);

  it('sums each substitute’s hours given, by specialty, and planned', () => {
    expect(report.substitutes.map((entry) => entry.teacher_name)).toEqual(['Антонов К. Л.', 'Борисов П. С.']);
    const borisov = report.substitutes[1];
    expect(borisov).toMatchObject({ teacher_id: 20, hours: 2, specialty_hours: 1, planned_hours: 1 });
    expect(
      borisov.lessons.map((lesson) => [lesson.lesson_id, lesson.held, lesson.other_teacher_name]),
    ).toEqual([
      [1, true, 'Яковлева О. И.'],
      [2, true, 'Яковлева О. И.'],
      [3, false, 'Яковлева О. И.'],
    ]);
  });

  it('sums the absent teacher’s missed hours, the cancelled ones among them', () => {
    expect(report.absent).toHaveLength(1);
    expect(report.absent[0]).toMatchObject({
      teacher_id: 10,
      hours: 4,
      cancelled_hours: 1,
      planned_hours: 1,
    });
    const cancelled = report.absent[0].lessons.find((lesson) => lesson.lesson_id === 4);
    expect(cancelled).toMatchObject({ group_name: '5А', other_teacher_name: null, status: 'cancelled' });
  });

  it('totals the sheets', () => {
    expect(report.totals).toEqual({
      substituted_hours: 3,
      specialty_hours: 1,
      cancelled_hours: 1,
      missed_hours: 4,
      planned_substituted_hours: 1,
      planned_missed_hours: 1,
    });
    expect(report).toMatchObject(query);
  });

  it('is empty for no rows', () => {
    expect(reportFigures([], nameOf, held, query).totals.missed_hours).toBe(0);
  });
});
