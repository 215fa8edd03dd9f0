import { plural } from './plural';

describe('plural', () => {
  test('one, few and many by the last digits, 11–14 always many', () => {
    const form = (n: number) => plural(n, 'место', 'места', 'мест');
    expect([0, 1, 2, 4, 5, 11, 12, 14, 16, 21, 22, 25, 101, 111, 112].map(form)).toEqual([
      'мест',
      'место',
      'места',
      'места',
      'мест',
      'мест',
      'мест',
      'мест',
      'мест',
      'место',
      'места',
      'мест',
      'место',
      'мест',
      'мест',
    ]);
  });
});
