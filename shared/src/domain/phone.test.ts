import { formatRussianPhone } from './phone';

describe('formatRussianPhone', () => {
  it.each([
    ['9161234567', '+7 (916) 123-45-67'],
    ['89161234567', '+7 (916) 123-45-67'],
    ['79161234567', '+7 (916) 123-45-67'],
    ['+79161234567', '+7 (916) 123-45-67'],
    ['+7 916 123-45-67', '+7 (916) 123-45-67'],
    [' 8 (496) 555-12-12 ', '+7 (496) 555-12-12'],
    ['+7 (496) 555-12-12', '+7 (496) 555-12-12'],
  ])('writes the Russian number %p as %p', (typed, shown) => {
    expect(formatRussianPhone(typed)).toBe(shown);
  });

  it.each([
    ['+44 20 7946 0958'],
    ['+8 916 123 45 67'],
    ['+9161234567'],
    ['916123456'],
    ['9161234567 доб. 12'],
    ['12'],
  ])('leaves %p as typed (foreign, short or not only a number)', (typed) => {
    expect(formatRussianPhone(typed)).toBe(typed.trim());
  });
});
