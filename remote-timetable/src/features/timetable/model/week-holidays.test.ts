import type { Holiday } from '@parta/shared/domain/contracts/timetable';
import { weekHolidays } from './week-holidays';

const holiday = (name: string, start_date: string, end_date: string, grades: number[] = []): Holiday => ({
  id: start_date.length + name.length,
  organization_id: 1,
  academic_year: '2026/2027',
  name,
  start_date,
  end_date,
  grades,
});

const winter = holiday('Зимние каникулы', '2026-12-29', '2027-01-10');
const firstGrade = holiday('Дополнительные каникулы 1-х классов', '2027-02-15', '2027-02-21', [1]);

describe('weekHolidays', () => {
  it('names the holiday covering the shown days and the week school resumes', () => {
    const [found] = weekHolidays([winter, firstGrade], '2027-01-04', 6);
    expect(found.holiday.name).toBe('Зимние каникулы');
    expect(found.days).toEqual([
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
    ]);
    expect(found.resumesWeek).toBe('2027-01-11');
  });

  it('covers only the days of the week inside it (the last week of a term)', () => {
    const [found] = weekHolidays([winter], '2026-12-28', 6);
    expect(found.days).toEqual(['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('keeps a holiday of other grades out of a class week, a grade’s holiday out of a teacher’s week, and a week without holidays empty', () => {
    expect(weekHolidays([firstGrade], '2027-02-15', 6, 5)).toEqual([]);
    expect(weekHolidays([firstGrade], '2027-02-15', 6, 1)).toHaveLength(1);
    expect(weekHolidays([winter, firstGrade], '2026-12-07', 6)).toEqual([]);
    // A teacher's week: only the whole school's.
    expect(weekHolidays([firstGrade], '2027-02-15', 6)).toEqual([]);
  });
});
