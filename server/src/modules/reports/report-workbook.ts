import ExcelJS from 'exceljs';

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
