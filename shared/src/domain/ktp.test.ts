import { applyPlan, type PlanLesson } from './ktp';

const lesson = (id: number, date: string, extra: Partial<PlanLesson> = {}): PlanLesson => ({
  id,
  date,
  lesson_number: 2,
  status: 'scheduled',
  topic: null,
  homework: null,
  ktp_item_id: null,
  ...extra,
});

const items = [
  { id: 101, topic: 'Дроби', homework: '§1', hours: 2 },
  { id: 102, topic: 'Проценты', homework: null, hours: 1 },
  { id: 103, topic: 'Контрольная работа', homework: '§2', hours: 1 },
];

// Mon–Fri of two weeks; 2026-11-04 is a holiday (День народного единства), 2026-11-05 is cancelled.
const lessons = [
  lesson(1, '2026-11-02'),
  lesson(2, '2026-11-04'),
  lesson(3, '2026-11-05', { status: 'cancelled' }),
  lesson(4, '2026-11-03'),
  lesson(5, '2026-11-09'),
  lesson(6, '2026-11-10'),
  lesson(7, '2026-11-11'),
];
const holidays = [{ start_date: '2026-11-04', end_date: '2026-11-04', grades: [] }];

describe('applying a КТП to dated lessons', () => {
  it('fills lessons in date order, an item of N hours taking N lessons, skipping the holiday and the cancelled lesson', () => {
    const result = applyPlan(items, lessons, { grade: 5, holidays, overwrite: false });
    expect(result.fills.map((fill) => [fill.lesson_id, fill.topic, fill.homework])).toEqual([
      [1, 'Дроби', '§1'],
      [4, 'Дроби', '§1'],
      [5, 'Проценты', null],
      [6, 'Контрольная работа', '§2'],
    ]);
    expect(result.planned_hours).toBe(4);
    expect(result.given_hours).toBe(4);
    expect(result.lessons_without_topic).toBe(1);
    expect(result.hours_without_lesson).toBe(0);
    expect(result.planned_dates.get(101)).toBe('2026-11-02');
    expect(result.planned_dates.get(103)).toBe('2026-11-10');
  });

  it('keeps a topic typed by hand and goes on at the next lesson, unless asked to overwrite', () => {
    const typed = lessons.map((item) =>
      item.id === 4 ? { ...item, topic: 'Экскурсия', homework: 'Отчёт' } : item,
    );
    const kept = applyPlan(items, typed, { grade: 5, holidays, overwrite: false });
    expect(kept.fills.some((fill) => fill.lesson_id === 4)).toBe(false);
    expect(kept.fills.map((fill) => fill.lesson_id)).toEqual([1, 5, 6, 7]);
    const replaced = applyPlan(items, typed, { grade: 5, holidays, overwrite: true });
    expect(replaced.fills.find((fill) => fill.lesson_id === 4)?.topic).toBe('Дроби');
  });

  it('a holiday of another grade does not skip the lesson; a shorter year leaves hours without a lesson', () => {
    const firstGradeOnly = [{ ...holidays[0], grades: [1] }];
    const result = applyPlan(items, lessons.slice(0, 3), {
      grade: 5,
      holidays: firstGradeOnly,
      overwrite: false,
    });
    expect(result.fills.map((fill) => fill.lesson_id)).toEqual([1, 2]);
    expect(result.hours_without_lesson).toBe(2);
  });

  it('re-applying a shorter plan clears the topics the plan itself filled before', () => {
    const filled = lessons.map((item) =>
      item.id === 7 ? { ...item, topic: 'Старая тема', ktp_item_id: 99, homework: '§9' } : item,
    );
    const result = applyPlan(items, filled, { grade: 5, holidays, overwrite: false });
    expect(result.fills.find((fill) => fill.lesson_id === 7)).toEqual({
      lesson_id: 7,
      ktp_item_id: null,
      topic: null,
      homework: null,
    });
  });
});
