/** No-break space (U+00A0): what ru-RU puts between digit groups and before the currency sign. */
export const NBSP = '\u00a0';

/**
 * Money in roubles as the top bar shows it (SPEC §1, §9): ru-RU grouping, exactly two decimals, ₽.
 * Formatted by hand rather than with Intl so every engine prints the same characters:
 * groups and the sign are separated by U+00A0, the minus is ASCII. `1234.5` → `1 234,50 ₽`.
 * Accepts the string form the API uses for numeric(12,2) columns.
 */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = toAmount(value);
  const negative = amount < 0;
  const [whole, fraction] = Math.abs(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${negative ? '-' : ''}${grouped},${fraction}${NBSP}₽`;
}

/** A money value from the API (number or numeric string) as a number; anything else is 0. */
export function toAmount(value: number | string | null | undefined): number {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(amount) ? amount : 0;
}
