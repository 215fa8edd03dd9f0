import ExcelJS from 'exceljs';

export interface ReportSheet {
  name: string;
  columns: { header: string; width: number }[];
  rows: (string | number | null)[][];
}

/** A report as .xlsx: one sheet per table, bold header, the same figures as the screen. */
export async function writeReportWorkbook(title: string, sheets: ReportSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parta';
  workbook.title = title;
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.columns = sheet.columns.map((column) => ({ header: column.header, width: column.width }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of sheet.rows) worksheet.addRow(row.map((value) => value ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
