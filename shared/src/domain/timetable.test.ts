import {
  addDays,
  bellScheduleProblem,
  classWeeklyHours,
  dailyLimit,
  type GridSlot,
  isoWeekday,
  layOutLessons,
  loadPlacement,
  monthName,
  monthRange,
  placementConflict,
  sanpinWeeklyMax,
  weeklyLoadWarning,
  weekStart,
} from './timetable';

const limits = { grade: 5, maxLessonsPerDay: 7, workingDaysPerWeek: 6, className: '5А' };
const slot = (over: Partial<GridSlot>): GridSlot => ({
  weekday: 1,
  lessonNumber: 1,
  classId: 1,
  subgroupId: null,
  teacherId: 10,
  loadId: 100,
  ...over,
});

describe('СанПиН limits', () => {
  it('gives the weekly maximum by grade and week length', () => {
    expect(sanpinWeeklyMax(1, 5)).toBe(21);
    expect(sanpinWeeklyMax(5, 6)).toBe(32);
    expect(sanpinWeeklyMax(5, 5)).toBe(29);
    expect(sanpinWeeklyMax(11, 6)).toBe(37);
  });
  it('takes the stricter of СанПиН and the settings for a day', () => {
    expect(dailyLimit(1, 7)).toBe(4);
    expect(dailyLimit(3, 7)).toBe(5);
    expect(dailyLimit(9, 7)).toBe(7);
    expect(dailyLimit(9, 6)).toBe(6);
  });
  it('warns only above the weekly maximum', () => {
    expect(weeklyLoadWarning(5, 32, 6)).toBeNull();
    expect(weeklyLoadWarning(5, 32.5, 6)).toContain('32,5');
    expect(weeklyLoadWarning(5, 30, 5)).toContain('29');
  });
});

describe('placementConflict', () => {
  it('refuses a teacher in two classes at once and names the other class', () => {
    const reason = placementConflict([slot({ classId: 2 })], slot({ classId: 1 }), {
      ...limits,
      teacherName: () => 'Лебедева О. Н.',
      classNameOf: () => '6Б',
    });
    expect(reason).toBe('Лебедева О. Н. уже ведёт урок в это время (6Б)');
  });
  it('refuses two lessons of one class at once but allows its subgroups side by side', () => {
    expect(placementConflict([slot({ teacherId: 11 })], slot({ teacherId: 12 }), limits)).toContain(
      'уже есть урок',
    );
    expect(
      placementConflict(
        [slot({ teacherId: 11, subgroupId: 1 })],
        slot({ teacherId: 12, subgroupId: 2 }),
        limits,
      ),
    ).toBeNull();
    expect(
      placementConflict(
        [slot({ teacherId: 11, subgroupId: 1 })],
        slot({ teacherId: 12, subgroupId: null }),
        limits,
      ),
    ).toContain('уже есть урок');
  });
  it('refuses more lessons a day than СанПиН allows for the grade', () => {
    const day = [1, 2, 3, 4].map((lessonNumber) => slot({ lessonNumber, teacherId: lessonNumber }));
    expect(
      placementConflict(day, slot({ lessonNumber: 5, teacherId: 9 }), { ...limits, grade: 1 }),
    ).toContain('Больше 4 уроков');
    expect(placementConflict(day, slot({ lessonNumber: 5, teacherId: 9 }), limits)).toBeNull();
  });
  it('refuses a day outside the working week and a lesson beyond the bells', () => {
    expect(placementConflict([], slot({ weekday: 6 }), { ...limits, workingDaysPerWeek: 5 })).toContain(
      'рабочей недели',
    );
    expect(placementConflict([], slot({ lessonNumber: 6 }), { ...limits, bellLessons: 5 })).toContain(
      'Урока №6 нет',
    );
  });
});

describe('calendar', () => {
  it('knows weekdays and week starts', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('knows a month: its first and last days and its Russian name', () => {
    expect(monthRange('2026-11-28')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthName('2026-11-28')).toBe('ноябрь 2026');
    expect(monthName('2027-01-01')).toBe('январь 2027');
  });
  it('lays weekly lessons over dates, skipping holidays of the whole school and of one grade', () => {
    const weekly = [
      { weekday: 1, classId: 1, grade: 1, name: 'first' },
      { weekday: 1, classId: 2, grade: 5, name: 'fifth' },
      { weekday: 3, classId: 2, grade: 5, name: 'fifth-wed' },
    ];
    const holidays = [
      { start_date: '2026-11-02', end_date: '2026-11-04', grades: [] },
      { start_date: '2026-11-09', end_date: '2026-11-09', grades: [1] },
    ];
    const dated = layOutLessons(weekly, { from: '2026-11-02', to: '2026-11-11' }, holidays);
    expect(dated.map(({ date, lesson }) => `${date} ${lesson.name}`)).toEqual([
      '2026-11-09 fifth',
      '2026-11-11 fifth-wed',
    ]);
  });
});

describe('bellScheduleProblem', () => {
  it('accepts lessons in order and refuses overlaps, reversed times and gaps in numbering', () => {
    const ok = [
      { number: 1, start_time: '08:30', end_time: '09:15' },
      { number: 2, start_time: '09:25', end_time: '10:10' },
    ];
    expect(bellScheduleProblem(ok)).toBeNull();
    expect(bellScheduleProblem([ok[0], { ...ok[1], start_time: '09:10' }])?.message).toContain(
      'раньше конца',
    );
    expect(bellScheduleProblem([{ ...ok[0], end_time: '08:00' }])?.index).toBe(0);
    expect(bellScheduleProblem([ok[0], { ...ok[1], number: 3 }])?.message).toContain('по порядку');
  });
});

describe('classWeeklyHours', () => {
  it('counts subgroups of one subject once, as they sit side by side', () => {
    expect(
      classWeeklyHours([
        { subject_id: 1, subgroup_id: null, hours_per_week: 5 },
        { subject_id: 2, subgroup_id: 7, hours_per_week: 3 },
        { subject_id: 2, subgroup_id: 8, hours_per_week: 3 },
        { subject_id: 3, subgroup_id: null, hours_per_week: 1.5 },
      ]),
    ).toBe(9.5);
  });
});

describe('loadPlacement', () => {
  it('is an error over the load, a warning under it, done at it (a half hour takes a lesson)', () => {
    expect(loadPlacement(2, 1)).toEqual({ state: 'over', difference: 1 });
    expect(loadPlacement(1, 3)).toEqual({ state: 'under', difference: 2 });
    expect(loadPlacement(2, 1.5)).toEqual({ state: 'done', difference: 0 });
  });
});
