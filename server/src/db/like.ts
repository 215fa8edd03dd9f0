/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally: every search box uses it. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
