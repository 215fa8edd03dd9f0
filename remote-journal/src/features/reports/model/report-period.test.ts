import { reportPeriod } from './report-period';

const terms = [
  { id: 1, name: 'I полугодие', start_date: '2026-09-01', end_date: '2026-12-28' },
  { id: 2, name: 'I четверть', start_date: '2026-09-01', end_date: '2026-10-24' },
  { id: 3, name: 'II четверть', start_date: '2026-11-05', end_date: '2026-12-28' },
  { id: 4, name: 'III четверть', start_date: '2027-01-11', end_date: '2027-03-20' },
  { id: 5, name: 'II полугодие', start_date: '2027-01-11', end_date: '2027-05-26' },
];

describe('reportPeriod', () => {
  it('opens on the term that ended last', () => {
    expect(reportPeriod(terms, '2026-12-09')?.name).toBe('I четверть');
  });

  it('of two terms ending the same day, opens on the one that started last (the четверть, not the полугодие)', () => {
    expect(reportPeriod(terms, '2027-01-05')?.name).toBe('II четверть');
    expect(reportPeriod([...terms].reverse(), '2027-01-05')?.name).toBe('II четверть');
  });

  it('before any term has ended, opens on the current one, else the first', () => {
    expect(reportPeriod(terms.slice(2), '2026-12-09')?.name).toBe('II четверть');
    expect(reportPeriod(terms.slice(3), '2026-12-09')?.name).toBe('III четверть');
    expect(reportPeriod([], '2026-12-09')).toBeUndefined();
  });
});
