/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally: every search box uses it. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Words a search box matches at most (each is one more ILIKE). */
export const MAX_SEARCH_WORDS = 5;

/** The words of a search box: split on spaces, at most {@link MAX_SEARCH_WORDS}; none for empty text. */
export function searchWords(search: string | undefined | null): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}
