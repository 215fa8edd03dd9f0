import { XLSX_MIME } from '@parta/shared/domain/contracts/people';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface ReportSheet {
  name: string;
  columns: { header: string; width: number }[];
  rows: (string | number | null)[][];
}

/**
 * A report as .xlsx: one sheet per table, the report's title (what it counts and from which marks)
 * in the first row, the bold header in the second, the same figures as the screen.
 */
export async function writeReportWorkbook(title: string, sheets: ReportSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parta';
  workbook.title = title;
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.columns = sheet.columns.map((column) => ({ width: column.width }));
    worksheet.addRow([title]).font = { bold: true };
    worksheet.addRow(sheet.columns.map((column) => column.header)).font = { bold: true };
    worksheet.views = [{ state: 'frozen', ySplit: 2 }];
    for (const row of sheet.rows) worksheet.addRow(row.map((value) => value ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends a workbook as a download named `fileName` (RFC 5987 for the Cyrillic name). */
export function sendWorkbook(reply: FastifyReply, buffer: Buffer, fileName: string) {
  return reply
    .header('Content-Type', XLSX_MIME)
    .header(
      'Content-Disposition',
      `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'no-store')
    .send(buffer);
}
