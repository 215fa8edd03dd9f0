/**
 * Checks of Russian organization requisites (ИНН, КПП, ОГРН) by their published control-digit
 * rules, shared by the public application form, the registry and the server's contracts.
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function controlDigit(digits: number[], weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * digits[index], 0);
  return (sum % 11) % 10;
}

/** ИНН of an organization (10 digits) or of a person (12 digits) with correct control digits. */
export function isValidInn(value: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(value)) return false;
  const digits = [...value].map(Number);
  if (digits.length === 10) return controlDigit(digits, INN10_WEIGHTS) === digits[9];
  return (
    controlDigit(digits, INN12_WEIGHTS_11) === digits[10] &&
    controlDigit(digits, INN12_WEIGHTS_12) === digits[11]
  );
}

/** КПП: 4 digits of the tax office, 2 digits or capital Latin letters of the reason, 3 digits. */
export function isValidKpp(value: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value);
}

/** ОГРН (13 digits, remainder by 11) or ОГРНИП (15 digits, remainder by 13), last digit = remainder mod 10. */
export function isValidOgrn(value: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(value)) return false;
  const divisor = value.length === 13 ? 11n : 13n;
  const body = BigInt(value.slice(0, -1));
  return Number((body % divisor) % 10n) === Number(value.slice(-1));
}
