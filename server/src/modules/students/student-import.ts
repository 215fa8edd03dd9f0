import type { StudentImportRow } from '@parta/shared/domain/contracts/people';
import ExcelJS from 'exceljs';
import { cellText, openFirstSheet, WorkbookError } from '../../files/workbook';

/** One data row of the uploaded workbook, as the sheet holds it. */
export interface RawImportRow {
  row: number;
  fullName: unknown;
  birthDate: unknown;
  groupName: unknown;
}

/** What the rows are checked against: the organization's classes and the students it already has. */
export interface ImportContext {
  /** Class name ("5А") → class id. */
  groups: Map<string, number>;
  /** Keys of students already saved (see `studentKey`). */
  existing: Set<string>;
  /** Today as `YYYY-MM-DD`, so the check is deterministic in tests. */
  today: string;
}

const LATIN_LOOKALIKES: Record<string, string> = {
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
};

/** "5 а", "5-A", "5а" → "5А"; Latin letters that look Cyrillic are read as Cyrillic (a common typing slip). */
export function normalizeGroupName(value: string): string {
  const compact = value.replace(/[\s\-–«»"']/g, '').toUpperCase();
  return compact.replace(/[A-Z]/g, (letter) => LATIN_LOOKALIKES[letter] ?? letter);
}

/** The identity used to find duplicates: ФИО (case-insensitive, ё = е) and birth date. */
export function studentKey(
  surname: string,
  name: string,
  patronymic: string | null,
  birthDate: string | null,
): string {
  const part = (value: string | null) => (value ?? '').trim().toLowerCase().replace(/ё/g, 'е');
  return `${part(surname)}|${part(name)}|${part(patronymic)}|${birthDate ?? ''}`;
}

/** Splits "Иванов Иван Иванович" into its parts; a patronymic may have several words ("Оглы"). */
export function splitFullName(
  value: string,
): { surname: string; name: string; patronymic: string | null } | null {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const [surname, name, ...rest] = words;
  return { surname, name, patronymic: rest.length > 0 ? rest.join(' ') : null };
}

const pad = (value: number) => String(value).padStart(2, '0');

function isoFromParts(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * Reads a birth date from a cell: a date cell, an Excel serial number, or text as ДД.ММ.ГГГГ,
 * ДД.ММ.ГГ or ГГГГ-ММ-ДД. Answers `undefined` when the cell is empty and `null` when it is unreadable.
 */
export function parseBirthDate(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // exceljs reads date cells as UTC midnight
    return isoFromParts(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 1) return null;
    const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(value) * 86_400_000);
    return isoFromParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const textValue = String(value).trim();
  if (textValue === '') return undefined;
  let match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})$/.exec(textValue);
  if (match) {
    let year = Number(match[3]);
    if (match[3].length === 2) year += year > 30 ? 1900 : 2000;
    return isoFromParts(year, Number(match[2]), Number(match[1]));
  }
  match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(textValue);
  if (match) return isoFromParts(Number(match[1]), Number(match[2]), Number(match[3]));
  return null;
}

/** Checks every row and answers it with its problems in Russian; rows without problems can be saved. */
export function checkImportRows(rows: RawImportRow[], context: ImportContext): StudentImportRow[] {
  const seenInFile = new Map<string, number>();
  return rows.map((raw) => {
    const problems: string[] = [];
    const fullName = cellText(raw.fullName).replace(/\s+/g, ' ');
    const groupText = cellText(raw.groupName);
    const groupName = normalizeGroupName(groupText);

    const parts = fullName ? splitFullName(fullName) : null;
    if (!fullName) problems.push('Не указано ФИО');
    else if (!parts) problems.push('В ФИО нужны хотя бы фамилия и имя');
    else if (parts.surname.length > 100 || parts.name.length > 100 || (parts.patronymic?.length ?? 0) > 100)
      problems.push('ФИО слишком длинное');

    const birthDate = parseBirthDate(
      raw.birthDate instanceof Date ? raw.birthDate : cellOrDate(raw.birthDate),
    );
    if (birthDate === undefined) problems.push('Не указана дата рождения');
    else if (birthDate === null)
      problems.push(
        `Не удалось прочитать дату рождения «${cellText(raw.birthDate)}»: нужен формат ДД.ММ.ГГГГ`,
      );
    else if (birthDate > context.today) problems.push('Дата рождения в будущем');

    let groupId: number | null = null;
    if (!groupText) problems.push('Не указан класс');
    else {
      groupId = context.groups.get(groupName) ?? null;
      if (groupId === null) problems.push(`Класс «${groupText}» не найден`);
    }

    if (parts && typeof birthDate === 'string') {
      const key = studentKey(parts.surname, parts.name, parts.patronymic, birthDate);
      const earlierRow = seenInFile.get(key);
      if (context.existing.has(key)) problems.push('Такой ученик уже есть');
      else if (earlierRow !== undefined) problems.push(`Повторяет строку ${earlierRow}`);
      else seenInFile.set(key, raw.row);
    }

    return {
      row: raw.row,
      full_name: fullName,
      surname: parts?.surname ?? '',
      name: parts?.name ?? '',
      patronymic: parts?.patronymic ?? null,
      birth_date: typeof birthDate === 'string' ? birthDate : null,
      group_name: groupText ? groupName : '',
      group_id: groupId,
      problems,
    };
  });
}

/** Keeps a date or a number as it is (parseBirthDate reads them), otherwise the cell's text. */
function cellOrDate(value: unknown): unknown {
  if (value instanceof Date || typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'result' in value)
    return cellOrDate((value as { result: unknown }).result);
  return cellText(value);
}

const HEADER_MATCHERS: Record<'fullName' | 'birthDate' | 'groupName', RegExp> = {
  fullName: /^(фио|ф\.и\.о\.?|ученик)$/i,
  birthDate: /^дата\s*рождения$/i,
  groupName: /^класс$/i,
};

/** Reads the first sheet: the header row names the columns ФИО, Дата рождения, Класс (in any order). */
export async function readStudentWorkbook(buffer: Buffer): Promise<RawImportRow[]> {
  const sheet = await openFirstSheet(buffer);

  const columns = { fullName: 1, birthDate: 2, groupName: 3 };
  let headerRow = 0;
  for (let rowNumber = 1; rowNumber <= Math.min(sheet.rowCount, 5) && headerRow === 0; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const found: Partial<typeof columns> = {};
    row.eachCell((cell, column) => {
      const label = cellText(cell.value).replace(/\s+/g, ' ');
      for (const [key, matcher] of Object.entries(HEADER_MATCHERS)) {
        if (matcher.test(label)) found[key as keyof typeof columns] = column;
      }
    });
    if (found.fullName && found.birthDate && found.groupName) {
      Object.assign(columns, found);
      headerRow = rowNumber;
    }
  }
  if (headerRow === 0)
    throw new WorkbookError('Не найдена строка заголовков: нужны столбцы «ФИО», «Дата рождения», «Класс»');

  const rows: RawImportRow[] = [];
  for (let rowNumber = headerRow + 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const raw = {
      row: rowNumber,
      fullName: row.getCell(columns.fullName).value,
      birthDate: row.getCell(columns.birthDate).value,
      groupName: row.getCell(columns.groupName).value,
    };
    if (!cellText(raw.fullName) && !cellText(raw.birthDate) && !cellText(raw.groupName)) continue;
    rows.push(raw);
  }
  if (rows.length > 2000) throw new WorkbookError('Слишком много строк: не больше 2000 за один раз');
  return rows;
}

/** Builds the export workbook with the same columns the import reads, so an export can be imported back. */
export async function writeStudentWorkbook(
  students: {
    surname: string;
    name: string;
    patronymic: string | null;
    birth_date: string | null;
    group_name: string;
    status: string;
  }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parta';
  const sheet = workbook.addWorksheet('Ученики');
  sheet.columns = [
    { header: 'ФИО', key: 'full_name', width: 40 },
    { header: 'Дата рождения', key: 'birth_date', width: 16 },
    { header: 'Класс', key: 'group_name', width: 10 },
    { header: 'Статус', key: 'status', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const student of students) {
    const [year, month, day] = (student.birth_date ?? '').split('-');
    sheet.addRow({
      full_name: [student.surname, student.name, student.patronymic].filter(Boolean).join(' '),
      birth_date: student.birth_date ? `${day}.${month}.${year}` : '',
      group_name: student.group_name,
      status: student.status === 'left' ? 'Выбыл' : 'Учится',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
