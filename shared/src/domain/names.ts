/** A person as the API names them (SPEC §3: surname, name, patronymic). */
export interface PersonName {
  surname?: string | null;
  name?: string | null;
  patronymic?: string | null;
}

/** A class as the API describes it: number 1–11 and a letter. */
export interface GroupLabel {
  number?: number | string | null;
  letter?: string | null;
}

/** Full name in SPEC order: surname, name, patronymic; missing parts are skipped. */
export function fullName(person: PersonName | null | undefined): string {
  if (!person) return '';
  return [person.surname, person.name, person.patronymic]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** Short form for tables: «Иванова А. П.». */
export function shortName(person: PersonName | null | undefined): string {
  if (!person) return '';
  return [person.surname?.trim(), initials(person)].filter(Boolean).join(' ');
}

/** The initials of the name and patronymic: «А. П.»; empty when neither is known. */
export function initials(person: PersonName | null | undefined): string {
  if (!person) return '';
  return [person.name, person.patronymic]
    .map((part) => part?.trim())
    .filter(Boolean)
    .map((part) => `${part!.charAt(0).toUpperCase()}.`)
    .join(' ');
}

/** The columns a repository selects for the teacher it joins to a row (`users` left-joined by teacher id). */
export interface JoinedTeacher {
  teacherSurname: string | null;
  teacherName: string | null;
  teacherPatronymic: string | null;
}

/** «Иванова А. П.» of the teacher joined to a row; null when the row has none (the left join found nobody). */
export function joinedTeacherName(row: JoinedTeacher): string | null {
  if (row.teacherSurname === null) return null;
  return shortName({ surname: row.teacherSurname, name: row.teacherName, patronymic: row.teacherPatronymic });
}

/** Class name: the number followed by the letter, «5А» (SPEC §3). */
export function groupName(group: GroupLabel | null | undefined): string {
  if (!group) return '';
  return `${group.number ?? ''}${group.letter?.trim() ?? ''}`;
}

/**
 * The dashboard's greeting. A pupil is a child: «Здравствуй, Алиса!» by first name, as a school
 * speaks to one; everyone else (staff, parents) «Здравствуйте, Ольга Николаевна!».
 */
export function greeting(person: PersonName & { roles?: readonly { code: string | null }[] }): string {
  const pupil =
    (person.roles ?? []).length > 0 && (person.roles ?? []).every((role) => role.code === 'student');
  if (pupil) return person.name?.trim() ? `Здравствуй, ${person.name.trim()}!` : 'Здравствуй!';
  const call = [person.name, person.patronymic]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return call ? `Здравствуйте, ${call}!` : 'Здравствуйте!';
}

/** Subjects a school writes short by custom, as timetables print them. */
const SUBJECT_ABBREVIATIONS: Record<string, string> = {
  'Изобразительное искусство': 'ИЗО',
  'Физическая культура': 'Физ-ра',
  'Литературное чтение': 'Лит. чтение',
  'Основы безопасности и защиты Родины': 'ОБЗР',
  'Основы безопасности жизнедеятельности': 'ОБЖ',
  Обществознание: 'Обществ.',
};

const VOWELS = 'аеёиоуыэюяaeiouy';

/** A word cut as Russian abbreviations are: after a consonant before a vowel, at most `keep` letters kept, with a dot. */
function abbreviateWord(word: string, keep: number): string {
  const lower = word.toLowerCase();
  const consonant = (char: string) => /\p{L}/u.test(char) && !VOWELS.includes(char) && !'ьъй'.includes(char);
  for (let at = keep; at >= 3; at--) {
    if (consonant(lower[at - 1]) && VOWELS.includes(lower[at])) return `${word.slice(0, at)}.`;
  }
  return `${word.slice(0, keep)}.`;
}

/**
 * A subject's name for a narrow grid cell: the school's customary short form, else every word longer
 * than `longest` letters cut to a proper abbreviation («Математика» → «Матем.», «Английский язык» →
 * «Англ. язык»), so a name wraps only between words and never inside one. Show the full name beside
 * it (a title).
 */
export function subjectShortName(name: string, longest = 8): string {
  const custom = SUBJECT_ABBREVIATIONS[name.trim()];
  if (custom) return custom;
  return name
    .trim()
    .split(/\s+/)
    .map((word) => (word.length > longest ? abbreviateWord(word, 6) : word))
    .join(' ');
}
