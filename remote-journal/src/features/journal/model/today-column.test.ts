import { openingColumn, periodOfDay } from './today-column';

const lessons = [
  { date: '2026-11-02' },
  { date: '2026-11-20' },
  { date: '2026-11-27' },
  { date: '2026-12-04' },
];

describe('openingColumn', () => {
  it('opens at the lesson of the day asked for', () => {
    expect(openingColumn(lessons, '2026-11-27')).toBe(2);
  });

  it('opens at the last lesson before the day when the day has none', () => {
    expect(openingColumn(lessons, '2026-11-25')).toBe(1);
    expect(openingColumn(lessons, '2026-12-30')).toBe(3);
  });

  it('opens at the first lesson when the day comes before them all, and at 0 with no lessons', () => {
    expect(openingColumn(lessons, '2026-09-01')).toBe(0);
    expect(openingColumn([], '2026-11-27')).toBe(0);
  });
});

describe('periodOfDay', () => {
  const periods = [
    { id: 1, kind: 'year', start_date: '2026-09-01', end_date: '2027-05-31' },
    { id: 2, kind: 'quarter', start_date: '2026-09-01', end_date: '2026-10-24' },
    { id: 3, kind: 'quarter', start_date: '2026-11-05', end_date: '2026-12-28' },
  ];

  it('finds the term holding the day, never the year', () => {
    expect(periodOfDay(periods, '2026-11-27')?.id).toBe(3);
    expect(periodOfDay(periods, '2026-09-01')?.id).toBe(2);
  });

  it('answers null in the holidays', () => {
    expect(periodOfDay(periods, '2026-10-30')).toBeNull();
  });
});
