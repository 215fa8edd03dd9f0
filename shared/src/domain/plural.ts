/**
 * The Russian form of a noun after a number: `plural(21, 'место', 'места', 'мест')` → «место»,
 * 3 → «места», 12 → «мест». The one rule every «N учеников», «N мест» of the product uses.
 */
export function plural(count: number, one: string, few: string, many: string): string {
  const mod10 = Math.abs(count) % 10;
  const mod100 = Math.abs(count) % 100;
  if (mod100 >= 11 && mod100 <= 14) return many;
  if (mod10 === 1) return one;
  if (mod10 >= 2 && mod10 <= 4) return few;
  return many;
}
