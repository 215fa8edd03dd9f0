/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally: every search box uses it. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The words of a search box: at most five (a longer query adds nothing but work), empty when blank. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
}
