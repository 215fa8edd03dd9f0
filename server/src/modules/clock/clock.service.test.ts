/**
 * The school clock without a database: `PARTA_CLOCK` starts it on a chosen day, `setSchoolClock`
 * moves it inside a test, and `null` hands back the day the run was started with (a suite run with
 * the clock on a Sunday stays on that Sunday after a test that moved it).
 */
type Clock = typeof import('./clock.service');

function clockStartedAt(value: string | undefined): Clock {
  const before = process.env.PARTA_CLOCK;
  if (value === undefined) delete process.env.PARTA_CLOCK;
  else process.env.PARTA_CLOCK = value;
  try {
    let clock: Clock | undefined;
    jest.isolateModules(() => {
      clock = require('./clock.service');
    });
    return clock as Clock;
  } finally {
    if (before === undefined) delete process.env.PARTA_CLOCK;
    else process.env.PARTA_CLOCK = before;
  }
}

describe('the school clock', () => {
  it('starts on the day PARTA_CLOCK names, at 10:00 school time, and runs on from there', () => {
    const clock = clockStartedAt('2026-12-06');
    expect(clock.schoolToday()).toBe('2026-12-06');
    expect(clock.schoolTime().slice(0, 2)).toBe('10');
    expect(clock.lessonStarted('2026-12-05', '09:30')).toBe(true);
    expect(clock.lessonStarted('2026-12-06', '11:00')).toBe(false);
  });

  it('goes back to the day the run started with after a test moved it, not to the machine’s day', () => {
    const clock = clockStartedAt('2027-01-05');
    clock.setSchoolClock('2032-10-15T12:00:00+03:00');
    expect(clock.schoolToday()).toBe('2032-10-15');
    clock.setSchoolClock(null);
    expect(clock.schoolToday()).toBe('2027-01-05');
  });

  it('without PARTA_CLOCK keeps the machine’s day, and returns to it', () => {
    const clock = clockStartedAt(undefined);
    const machine = new Intl.DateTimeFormat('en-CA', { timeZone: clock.SCHOOL_TIME_ZONE }).format(new Date());
    expect(clock.schoolToday()).toBe(machine);
    clock.setSchoolClock('2026-12-28');
    clock.setSchoolClock(null);
    expect(clock.schoolToday()).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: clock.SCHOOL_TIME_ZONE }).format(new Date()),
    );
  });

  it('refuses a PARTA_CLOCK it cannot read, in Russian', () => {
    expect(() => clockStartedAt('в понедельник')).toThrow(/PARTA_CLOCK: «в понедельник» — ожидается дата/);
  });
});
