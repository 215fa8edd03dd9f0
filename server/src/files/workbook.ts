import ExcelJS from 'exceljs';

/**
 * Reading an uploaded .xlsx, for every import (pupils, КТП): the first sheet or a Russian refusal, and the
 * text of a cell whatever exceljs made of it. Writing workbooks is the reports module's own business.
 */

/** A file that is not a workbook we can read; its message is the Russian refusal. */
export class WorkbookError extends Error {}

/** The first sheet of an uploaded .xlsx (student import, КТП import); a Russian refusal otherwise. */
export async function openFirstSheet(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new WorkbookError('Не удалось прочитать файл: нужен файл Excel (.xlsx)');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new WorkbookError('В файле нет листов');
  return sheet;
}

/** The text of a cell whatever exceljs made of it (rich text, hyperlink, formula result). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value).trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(object.richText))
      return object.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if (object.text !== undefined) return cellText(object.text);
    if (object.result !== undefined) return cellText(object.result);
  }
  return '';
}
