import { formatDate, formatDateTime, formatDayTime } from './dates';

describe('formatDate', () => {
  it('shows ISO dates and timestamps as dd.mm.yy without a time-zone shift', () => {
    expect(formatDate('2015-01-17')).toBe('17.01.15');
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('22.11.26');
  });

  it('answers empty for no value and leaves unreadable text as it is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('вчера')).toBe('вчера');
  });
});

describe('formatDayTime', () => {
  it('shows a moment as dd.mm hh:mm with leading zeros', () => {
    expect(formatDayTime(new Date(2026, 8, 3, 7, 5))).toBe('03.09 07:05');
    expect(formatDayTime(new Date(2026, 11, 24, 23, 59))).toBe('24.12 23:59');
  });
});

describe('formatDateTime', () => {
  it('shows a local moment as dd.mm.yy hh:mm', () => {
    expect(formatDateTime(new Date(2026, 8, 3, 7, 5))).toBe('03.09.26 07:05');
  });
});
