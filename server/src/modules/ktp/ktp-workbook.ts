import { KTP_COLUMNS, type KtpImportRow, ktpItemInputSchema } from '@parta/shared/domain/contracts/ktp';
import ExcelJS from 'exceljs';
import { cellText, openFirstSheet, WorkbookError } from '../../files/workbook';

/** An item as the workbook carries it (export) and as the import reads it before checking. */
export interface WorkbookItem {
  section: string | null;
  topic: string;
  hours: number;
  homework: string | null;
  control_type: string | null;
  planned_date: string | null;
  actual_date: string | null;
}

type Column = 'section' | 'topic' | 'hours' | 'homework' | 'control_type' | 'planned_date' | 'actual_date';

const HEADER_MATCHERS: Record<Column, RegExp> = {
  section: /^раздел/i,
  topic: /^тема/i,
  hours: /^(часы|кол-?во\s*часов|количество\s*часов)$/i,
  homework: /^(домашнее\s*задание|д\/з|дз)$/i,
  control_type: /^(вид\s*контроля|контроль)$/i,
  planned_date: /^(дата\s*по\s*плану|плановая\s*дата|дата)$/i,
  actual_date: /^(дата\s*факт|фактическая\s*дата)/i,
};

const MAX_ROWS = 500;

/** A date cell: an Excel date, `дд.мм.гггг`, `дд.мм.гг` or `гггг-мм-дд`; '' when empty, null when unreadable. */
function readDateCell(value: unknown): string | null | '' {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = cellText(value);
  if (!text) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const russian = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (russian) {
    [day, month, year] = [Number(russian[1]), Number(russian[2]), Number(russian[3])];
    if (year < 100) year += 2000;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Reads and checks every row of the first sheet (header row found by the column names of
 * KTP_COLUMNS, any order); each row carries its problems in Russian, nothing is saved here.
 */
export async function readKtpWorkbook(buffer: Buffer): Promise<KtpImportRow[]> {
  const sheet = await openFirstSheet(buffer);

  let columns: Partial<Record<Column, number>> = {};
  let headerRow = 0;
  for (let rowNumber = 1; rowNumber <= Math.min(sheet.rowCount, 5) && headerRow === 0; rowNumber += 1) {
    const found: Partial<Record<Column, number>> = {};
    sheet.getRow(rowNumber).eachCell((cell, column) => {
      const label = cellText(cell.value).replace(/\s+/g, ' ');
      for (const [key, matcher] of Object.entries(HEADER_MATCHERS) as [Column, RegExp][]) {
        if (matcher.test(label) && found[key] === undefined) found[key] = column;
      }
    });
    if (found.topic && found.hours) {
      columns = found;
      headerRow = rowNumber;
    }
  }
  if (headerRow === 0)
    throw new WorkbookError(
      `Не найдена строка заголовков: нужны столбцы «Тема» и «Часы» (${KTP_COLUMNS.join(', ')})`,
    );
  if (sheet.rowCount - headerRow > MAX_ROWS)
    throw new WorkbookError(`Слишком много строк: не больше ${MAX_ROWS} тем в плане`);

  const rows: KtpImportRow[] = [];
  for (let rowNumber = headerRow + 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const raw = (column: Column) => (columns[column] ? row.getCell(columns[column]).value : null);
    const texts = (Object.keys(HEADER_MATCHERS) as Column[]).map((column) => cellText(raw(column)));
    if (texts.every((value) => value === '')) continue;
    rows.push(checkRow(rowNumber, raw));
  }
  return rows;
}

function checkRow(rowNumber: number, raw: (column: Column) => unknown): KtpImportRow {
  const problems: string[] = [];
  const hoursText = cellText(raw('hours')).replace(',', '.');
  const hours = hoursText === '' ? Number.NaN : Number(hoursText);
  const dates = {
    planned_date: readDateCell(raw('planned_date')),
    actual_date: readDateCell(raw('actual_date')),
  };
  if (dates.planned_date === null) problems.push('Дата по плану не распознана: нужна дата дд.мм.гггг');
  if (dates.actual_date === null) problems.push('Дата факт не распознана: нужна дата дд.мм.гггг');
  const candidate = {
    section: cellText(raw('section')),
    topic: cellText(raw('topic')),
    hours: hoursText === '' ? undefined : hoursText,
    homework: cellText(raw('homework')),
    control_type: cellText(raw('control_type')),
    planned_date: dates.planned_date || null,
    actual_date: dates.actual_date || null,
  };
  const parsed = ktpItemInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const message = issue.path[0] === 'hours' && hoursText === '' ? 'Укажите часы' : issue.message;
      if (!problems.includes(message)) problems.push(message);
    }
  }
  return {
    row: rowNumber,
    section: candidate.section || null,
    topic: candidate.topic,
    hours: Number.isFinite(hours) ? hours : null,
    homework: candidate.homework || null,
    control_type: candidate.control_type || null,
    planned_date: candidate.planned_date,
    actual_date: candidate.actual_date,
    problems,
  };
}

const ddmmyyyy = (value: string | null) => (value ? value.split('-').reverse().join('.') : '');

/** The export workbook: the columns the import reads, so an exported plan imports back unchanged. */
export async function writeKtpWorkbook(title: string, items: WorkbookItem[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parta';
  const sheet = workbook.addWorksheet('КТП');
  const widths = [6, 24, 48, 8, 40, 18, 14, 14];
  sheet.columns = KTP_COLUMNS.map((header, index) => ({ header, width: widths[index] }));
  sheet.getRow(1).font = { bold: true };
  items.forEach((item, index) => {
    sheet.addRow([
      index + 1,
      item.section ?? '',
      item.topic,
      item.hours,
      item.homework ?? '',
      item.control_type ?? '',
      ddmmyyyy(item.planned_date),
      ddmmyyyy(item.actual_date),
    ]);
  });
  workbook.title = title;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
