import { formatMoney, NBSP, toAmount } from './money';

describe('formatMoney', () => {
  it('groups thousands with a no-break space, keeps two decimals and appends ₽', () => {
    expect(formatMoney(1234.5)).toBe(`1${NBSP}234,50${NBSP}₽`);
  });

  it('prints zero, small amounts and millions', () => {
    expect(formatMoney(0)).toBe(`0,00${NBSP}₽`);
    expect(formatMoney(7)).toBe(`7,00${NBSP}₽`);
    expect(formatMoney(1234567.891)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
  });

  it('keeps the sign of a debt', () => {
    expect(formatMoney(-1500)).toBe(`-1${NBSP}500,00${NBSP}₽`);
  });

  it('accepts the numeric strings the API sends for numeric(12,2)', () => {
    expect(formatMoney('98765.40')).toBe(`98${NBSP}765,40${NBSP}₽`);
  });

  it('treats missing or broken values as zero', () => {
    expect(formatMoney(null)).toBe(`0,00${NBSP}₽`);
    expect(formatMoney('abc')).toBe(`0,00${NBSP}₽`);
    expect(toAmount(undefined)).toBe(0);
  });
});
