/**
 * A Russian phone number in the one form the school reads it: +7 (916) 123-45-67. Shared by the
 * public application form (which shows the number so when the field is left) and its contract (the
 * server stores it so), so «9161234567», «89161234567» and «+7 916 123 45 67» are one number.
 */

/**
 * The number as +7 (XXX) XXX-XX-XX when it is a Russian one: ten digits, or eleven beginning with
 * 7 or 8. Anything else (a foreign number, an extension, a half-typed one) is returned as typed,
 * trimmed: the form's checks speak of it.
 */
export function formatRussianPhone(value: string): string {
  const typed = value.trim();
  // Only the characters a phone is written with: letters or other marks are the checks' business.
  if (!/^\+?[\d\s()-]+$/.test(typed)) return typed;
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8') && !typed.startsWith('+8')) {
    digits = digits.slice(1);
  } else if (digits.length !== 10 || typed.startsWith('+')) {
    return typed;
  }
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}
