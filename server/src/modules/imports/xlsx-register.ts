import { type ImportKind, REGISTER_KINDS } from '@parta/shared/domain/contracts/imports';
import { LOGIN_PATTERN } from '@parta/shared/domain/contracts/people';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { cellText, openFirstSheet, WorkbookError } from '../../files/workbook';
import { classNames, type FetPlan, loadKey, type PlannedLoad, splitTeacherName } from './fet-plan';
import { ImportFileError } from './import-file-error';

/**
 * The Excel registers a school moves in with (issue 50): staff, classes, the load. Each is the first
 * sheet of a workbook, its first row the Russian column headers (in any order; a register is told
 * from the others by them), one record a row. A register becomes the same plan as a FET or an aSc
 * file (fet-plan.ts), with what it does not say left empty. A value that cannot be read refuses the
 * file with its row and column. The template workbook (`registerTemplate`) has the headers and a
 * sheet «Пояснения» explaining each column.
 */
export type RegisterKind = (typeof REGISTER_KINDS)[number];

interface Column {
  key: string;
  header: string;
  /** Other headers read as this column (lower case, ё as е). */
  aliases?: string[];
  required: boolean;
  note: string;
  example: string;
}

const REGISTERS: Record<RegisterKind, { sheet: string; columns: Column[] }> = {
  'xlsx-staff': {
    sheet: 'Сотрудники',
    columns: [
      { key: 'surname', header: 'Фамилия', required: true, note: 'Обязательно', example: 'Иванова' },
      { key: 'name', header: 'Имя', required: true, note: 'Обязательно', example: 'Анна' },
      { key: 'patronymic', header: 'Отчество', required: false, note: 'Если есть', example: 'Петровна' },
      {
        key: 'login',
        header: 'Логин',
        required: false,
        note: 'Латинские буквы, цифры, точка, дефис; пусто — Parta придумает сама',
        example: 'ivanova.ap',
      },
      {
        key: 'roles',
        header: 'Роли',
        aliases: ['роль'],
        required: false,
        note: 'Через запятую, как в Parta: Учитель, Завуч, Классный руководитель…; пусто — Учитель',
        example: 'Учитель, Классный руководитель',
      },
      {
        key: 'email',
        header: 'Эл. почта',
        aliases: ['e-mail', 'email', 'почта', 'электронная почта'],
        required: false,
        note: 'Если есть; письма не отправляются',
        example: 'ivanova@school.ru',
      },
    ],
  },
  'xlsx-classes': {
    sheet: 'Классы',
    columns: [
      {
        key: 'number',
        header: 'Номер',
        aliases: ['параллель'],
        required: true,
        note: 'От 1 до 11',
        example: '5',
      },
      { key: 'letter', header: 'Буква', required: true, note: 'Русская буква', example: 'А' },
      {
        key: 'manager',
        header: 'Классный руководитель',
        required: false,
        note: 'ФИО сотрудника, уже заведённого в Parta (или в реестре сотрудников)',
        example: 'Иванова Анна Петровна',
      },
    ],
  },
  'xlsx-load': {
    sheet: 'Нагрузка',
    columns: [
      { key: 'class', header: 'Класс', required: true, note: 'Номер и буква', example: '5А' },
      {
        key: 'subject',
        header: 'Предмет',
        required: true,
        note: 'Как в учебном плане',
        example: 'Математика',
      },
      {
        key: 'teacher',
        header: 'Учитель',
        required: false,
        note: 'ФИО; пусто — учитель не назначен',
        example: 'Иванова Анна Петровна',
      },
      {
        key: 'hours',
        header: 'Часов в неделю',
        aliases: ['часы', 'часов'],
        required: true,
        note: 'От 0,5 до 40, можно с половиной',
        example: '5',
      },
      {
        key: 'subgroup',
        header: 'Подгруппа',
        required: false,
        note: 'Пусто — весь класс; иначе название подгруппы класса по этому предмету',
        example: '',
      },
    ],
  },
};

const MAX_ROWS = 5000;
const MAX_TEXT = 100;
const headerKey = (s: string) =>
  s.toLowerCase().replace(/ё/g, 'е').replace(/[*:]/g, '').replace(/\s+/g, ' ').trim();
const fileError = (message: string, details: string[] = [message]) =>
  new ImportFileError(message, { file: details });

/** The column positions of a header row for a register, or null when its required headers are absent. */
function columnsOf(kind: RegisterKind, headers: string[]): Map<string, number> | null {
  const at = new Map<string, number>();
  for (const column of REGISTERS[kind].columns) {
    const names = [column.header, ...(column.aliases ?? [])].map(headerKey);
    const index = headers.findIndex((h) => names.includes(h));
    if (index >= 0) at.set(column.key, index);
    else if (column.required) return null;
  }
  return at;
}

/** The register a workbook is (its first sheet's header row), read into a plan. */
export async function readRegister(
  asked: ImportKind | null,
  bytes: Uint8Array,
): Promise<{ kind: RegisterKind; plan: FetPlan }> {
  let sheet: ExcelJS.Worksheet;
  try {
    sheet = await openFirstSheet(Buffer.from(bytes));
  } catch (error) {
    if (error instanceof WorkbookError) throw fileError(error.message);
    throw error;
  }
  const headerRow = sheet.getRow(1);
  const headers: string[] = [];
  for (let c = 1; c <= Math.min(headerRow.cellCount, 50); c++)
    headers.push(headerKey(cellText(headerRow.getCell(c).value)));
  const kinds: readonly RegisterKind[] = asked ? [asked as RegisterKind] : REGISTER_KINDS;
  const found = kinds.map((kind) => ({ kind, at: columnsOf(kind, headers) })).find((k) => k.at);
  if (!REGISTER_KINDS.includes(kinds[0]) || !found) {
    const wanted = kinds
      .map((k) =>
        REGISTERS[k].columns
          .filter((c) => c.required)
          .map((c) => `«${c.header}»`)
          .join(', '),
      )
      .join(' или ');
    throw fileError(`Не узнать реестр по первой строке: нужны столбцы ${wanted}`);
  }
  if (sheet.rowCount - 1 > MAX_ROWS) throw fileError(`В реестре больше ${MAX_ROWS} строк`);
  const { kind, at } = found as { kind: RegisterKind; at: Map<string, number> };
  const columns = REGISTERS[kind].columns;
  const errors: string[] = [];
  const rows: { row: number; get: (key: string) => string }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values = new Map(
      [...at].map(([key, index]) => [key, cellText(row.getCell(index + 1).value).replace(/\s+/g, ' ')]),
    );
    if ([...values.values()].every((v) => v === '')) continue;
    const get = (key: string) => values.get(key) ?? '';
    for (const column of columns) {
      const value = get(column.key);
      if (column.required && value === '')
        errors.push(`Строка ${r}, столбец «${column.header}»: не заполнено`);
      else if (value.length > MAX_TEXT)
        errors.push(`Строка ${r}, столбец «${column.header}»: длиннее ${MAX_TEXT} знаков`);
    }
    rows.push({ row: r, get });
  }
  const bad = (r: number, key: string, why: string) =>
    errors.push(`Строка ${r}, столбец «${columns.find((c) => c.key === key)!.header}»: ${why}`);
  const plan: FetPlan = {
    days: null,
    lessonsPerDay: null,
    teachers: [],
    subjects: [],
    classes: [],
    rooms: [],
    subgroups: [],
    loads: [],
    unavailable: [],
    slots: [],
    unsupported: [],
  };
  if (kind === 'xlsx-staff') readStaff(rows, plan, bad);
  if (kind === 'xlsx-classes') readClasses(rows, plan, bad);
  if (kind === 'xlsx-load') readLoad(rows, plan, bad);
  if (errors.length > 0)
    throw new ImportFileError(`В реестре есть ошибки: ${errors[0]}`, { file: errors.slice(0, 20) });
  if (rows.length === 0) throw fileError('В реестре нет ни одной строки после заголовков');
  return { kind, plan };
}

type Rows = { row: number; get: (key: string) => string }[];
type Bad = (row: number, key: string, why: string) => void;

function readStaff(rows: Rows, plan: FetPlan, bad: Bad) {
  const seen = new Map<string, number>();
  for (const { row, get } of rows) {
    const source = [get('surname'), get('name'), get('patronymic')].filter(Boolean).join(' ');
    const login = get('login') || null;
    const email = get('email') || null;
    if (login && !LOGIN_PATTERN.test(login))
      bad(row, 'login', `«${login}» — нужны от 3 до 50 латинских букв, цифр, точек, дефисов`);
    if (email && !z.email().safeParse(email).success) bad(row, 'email', `«${email}» — неверный адрес`);
    const earlier = seen.get(source.toLowerCase());
    if (earlier !== undefined) bad(row, 'surname', `«${source}» уже есть в строке ${earlier}`);
    seen.set(source.toLowerCase(), row);
    const roles = get('roles')
      .split(/[,;]/)
      .map((r) => r.trim())
      .filter(Boolean);
    plan.teachers.push({
      source,
      surname: get('surname'),
      name: get('name'),
      patronymic: get('patronymic') || null,
      login,
      email,
      roles,
      row,
    });
  }
}

function readClasses(rows: Rows, plan: FetPlan, bad: Bad) {
  const seen = new Map<string, number>();
  for (const { row, get } of rows) {
    const number = Number(get('number'));
    const letter = get('letter').toUpperCase();
    if (!Number.isInteger(number) || number < 1 || number > 11)
      bad(row, 'number', `«${get('number')}» — не число от 1 до 11`);
    if (!/^[А-ЯЁ]$/.test(letter)) bad(row, 'letter', `«${get('letter')}» — нужна одна русская буква`);
    const source = `${number}${letter}`;
    const earlier = seen.get(source);
    if (earlier !== undefined) bad(row, 'letter', `класс ${source} уже есть в строке ${earlier}`);
    seen.set(source, row);
    plan.classes.push({ source, number, letter, manager: get('manager') || null, row });
  }
}

function readLoad(rows: Rows, plan: FetPlan, bad: Bad) {
  const classSources: string[] = [];
  const loads = new Map<string, PlannedLoad>();
  for (const { row, get } of rows) {
    const classSource = get('class').replace(/[\s-]/g, '').toUpperCase();
    const match = /^(\d{1,2})([А-ЯЁ])$/.exec(classSource);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 11)
      bad(row, 'class', `«${get('class')}» — нужен номер и буква, например 5А`);
    const hours = Number(get('hours').replace(',', '.'));
    if (!Number.isFinite(hours) || hours < 0.5 || hours > 40 || Math.round(hours * 2) !== hours * 2)
      bad(row, 'hours', `«${get('hours')}» — не число от 0,5 до 40 (с шагом 0,5)`);
    if (!classSources.includes(classSource)) classSources.push(classSource);
    const subject = get('subject');
    if (subject && !plan.subjects.includes(subject)) plan.subjects.push(subject);
    const teacher = get('teacher') || null;
    if (teacher && !plan.teachers.some((t) => t.source === teacher)) {
      plan.teachers.push({ source: teacher, ...splitTeacherName(teacher), row });
    }
    const subgroup = get('subgroup').slice(0, 50) || null;
    const line = { classSource, subgroup, subject, teacher };
    const key = loadKey(line);
    if (loads.has(key)) bad(row, 'subject', `эта строка нагрузки уже есть в строке ${loads.get(key)!.row}`);
    loads.set(key, { ...line, key, hours, row });
    if (
      subgroup &&
      !plan.subgroups.some(
        (s) => JSON.stringify(s) === JSON.stringify({ classSource, subject, name: subgroup }),
      )
    )
      plan.subgroups.push({ classSource, subject, name: subgroup });
  }
  plan.classes = classSources.every((c) => /^\d{1,2}[А-ЯЁ]$/.test(c)) ? classNames(classSources) : [];
  plan.loads = [...loads.values()];
}

/** The template workbook of a register: its headers, an example row, and a sheet explaining each column. */
export async function registerTemplate(kind: RegisterKind): Promise<Buffer> {
  const { sheet: title, columns } = REGISTERS[kind];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  const notes = workbook.addWorksheet('Пояснения');
  notes.addRow(['Столбец', 'Что писать', 'Пример']).font = { bold: true };
  for (const c of columns) notes.addRow([c.header, c.note, c.example]);
  notes.addRow([]);
  notes.addRow([
    `Первая строка листа «${title}» — заголовки; данные — со второй строки. Пустые строки пропускаются.`,
  ]);
  notes.columns.forEach((column, i) => {
    column.width = i === 1 ? 70 : 24;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The headers of a register (for the template and the tests). */
export const registerHeaders = (kind: RegisterKind) => REGISTERS[kind].columns.map((c) => c.header);
