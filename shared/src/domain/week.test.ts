import {
  parseSettings,
  SETTINGS_DEFAULTS,
  WEEK_DAYS,
  WEEK_DAYS_SHORT,
  weekendDays,
  workingDays,
} from './week';

describe('week days and settings', () => {
  it('starts the week on Monday', () => {
    expect(WEEK_DAYS[0]).toBe('Понедельник');
    expect(WEEK_DAYS_SHORT).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
    expect(WEEK_DAYS).toHaveLength(7);
  });

  it('takes the first N days as working days, six by default', () => {
    expect(workingDays()).toEqual(WEEK_DAYS.slice(0, 6));
    expect(workingDays(5)).toEqual(['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница']);
    expect(workingDays(99)).toHaveLength(7);
  });

  it('has the SPEC defaults', () => {
    expect(SETTINGS_DEFAULTS).toEqual({
      max_lessons_per_day: 7,
      working_days_per_week: 6,
      absence_correction_minutes: 15,
      digest_hour: 18,
      warnings_hour: 8,
      quiet_hours_from: 21,
      quiet_hours_to: 8,
      email_by_default: 1,
      marks_instant_by_default: 0,
      max_teacher_lessons_per_week: 36,
      extracurricular_break_minutes: 10,
      extracurricular_absence_notices: 0,
      homework_file_mb: 20,
      homework_quota_mb: 5120,
    });
  });

  it('parses values as integers and falls back to the item default, then to the SPEC default', () => {
    expect(
      parseSettings([
        { key: 'max_lessons_per_day', value: '8', default: '7' },
        { key: 'working_days_per_week', value: 'x', default: '5' },
      ]),
    ).toEqual({ ...SETTINGS_DEFAULTS, max_lessons_per_day: 8, working_days_per_week: 5 });
    expect(parseSettings(null)).toEqual(SETTINGS_DEFAULTS);
    expect(parseSettings([{ key: 'max_lessons_per_day', value: '', default: null }])).toEqual(
      SETTINGS_DEFAULTS,
    );
  });
});

describe('weekendDays', () => {
  it('marks only Sunday in a six-day school (the default), Saturday and Sunday in a five-day one', () => {
    expect(weekendDays()).toEqual([0]);
    expect(weekendDays(6)).toEqual([0]);
    expect(weekendDays(5)).toEqual([6, 0]);
  });

  it('marks no day when the school works all week', () => {
    expect(weekendDays(7)).toEqual([]);
  });
});
