import { nextLesson, shiftTime } from './next-lesson';

describe('shiftTime', () => {
  it('moves a time across the hour', () => {
    expect(shiftTime('08:50', 15)).toBe('09:05');
    expect(shiftTime('09:05', 45)).toBe('09:50');
  });
  it('never goes past the end of the day', () => {
    expect(shiftTime('23:30', 45)).toBe('23:59');
  });
});

describe('nextLesson', () => {
  it('starts an empty schedule with lesson 1 at 08:30 for 45 minutes', () => {
    expect(nextLesson([])).toEqual({ number: 1, start_time: '08:30', end_time: '09:15' });
  });
  it('adds the next number 10 minutes after the last lesson ends', () => {
    const lessons = [
      { number: 1, start_time: '08:00', end_time: '08:40' },
      { number: 2, start_time: '08:55', end_time: '09:35' },
    ];
    expect(nextLesson(lessons)).toEqual({ number: 3, start_time: '09:45', end_time: '10:30' });
  });
});
