/**
 * Logins made from a person's name (GOST-like transliteration): `ivanova.ea` for Иванова Елена
 * Андреевна. The seed and the server's "create a diary login" use the same rule.
 */

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Latin letters for Russian text, lower case; characters without a rule stay as they are. */
export function transliterate(text: string): string {
  return [...text.toLowerCase()].map((char) => TRANSLIT[char] ?? char).join('');
}

/**
 * `surname.initials` in Latin letters, only characters a login may hold, at least 3 of them
 * (a unique suffix such as `2` is the caller's business).
 */
export function loginBase(person: { surname: string; name: string; patronymic?: string | null }): string {
  const initials = [person.name, person.patronymic ?? '']
    .map((part) => transliterate(part.slice(0, 1)))
    .join('');
  const base = `${transliterate(person.surname)}.${initials}`.replace(/[^a-z0-9._-]/g, '');
  return base.length >= 3 ? base : `${base}uch`;
}
