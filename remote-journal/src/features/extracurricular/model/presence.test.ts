import { presenceOf } from '@parta/shared/domain/extracurricular';
import { nextPresence, presenceInput, presenceOfKey } from './presence';

describe('course journal presence', () => {
  it('reads a cell and moves on by a tap', () => {
    expect(presenceOf(undefined)).toBe('none');
    expect(presenceOf({ present: false, excused: true })).toBe('excused');
    expect(nextPresence('none')).toBe('present');
    expect(nextPresence('present')).toBe('absent');
    expect(nextPresence('absent')).toBe('excused');
    expect(nextPresence('excused')).toBe('present');
  });

  it('takes keys of both layouts and builds the save on the version', () => {
    expect(presenceOfKey('н')).toBe('absent');
    expect(presenceOfKey('Y')).toBe('absent');
    expect(presenceOfKey('+')).toBe('present');
    expect(presenceOfKey('у')).toBe('excused');
    expect(presenceOfKey('x')).toBeNull();
    expect(presenceInput('excused', 3)).toEqual({ present: false, excused: true, version: 3 });
  });
});
