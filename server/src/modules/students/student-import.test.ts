import ExcelJS from 'exceljs';
import { WorkbookError } from '../../files/workbook';
import {
  checkImportRows,
  type ImportContext,
  normalizeGroupName,
  parseBirthDate,
  readStudentWorkbook,
  splitFullName,
  studentKey,
  writeStudentWorkbook,
} from './student-import';

const context = (): ImportContext => ({
  groups: new Map([
    ['5А', 11],
    ['5Б', 12],
  ]),
  existing: new Set([studentKey('Петров', 'Пётр', 'Петрович', '2014-03-01')]),
  today: '2026-11-22',
});

describe('student import rules', () => {
  it('normalizes class names, reading Latin look-alike letters as Cyrillic', () => {
    expect(normalizeGroupName('5 а')).toBe('5А');
    expect(normalizeGroupName('5-A')).toBe('5А');
    expect(normalizeGroupName('11б')).toBe('11Б');
  });

  it('splits ФИО and keeps a multi-word patronymic', () => {
    expect(splitFullName('  Иванов   Иван ')).toEqual({ surname: 'Иванов', name: 'Иван', patronymic: null });
    expect(splitFullName('Алиев Тимур Рустам оглы')).toEqual({
      surname: 'Алиев',
      name: 'Тимур',
      patronymic: 'Рустам оглы',
    });
    expect(splitFullName('Иванов')).toBeNull();
  });

  it('reads birth dates from date cells, serial numbers and Russian text', () => {
    expect(parseBirthDate(new Date(Date.UTC(2014, 4, 9)))).toBe('2014-05-09');
    expect(parseBirthDate(41768)).toBe('2014-05-09');
    expect(parseBirthDate('09.05.2014')).toBe('2014-05-09');
    expect(parseBirthDate('9.5.14')).toBe('2014-05-09');
    expect(parseBirthDate('2014-05-09')).toBe('2014-05-09');
    expect(parseBirthDate('31.02.2014')).toBeNull();
    expect(parseBirthDate('завтра')).toBeNull();
    expect(parseBirthDate('')).toBeUndefined();
    expect(parseBirthDate(null)).toBeUndefined();
  });

  it('answers each row with its problems in Russian and matches classes', () => {
    const rows = checkImportRows(
      [
        { row: 2, fullName: 'Иванов Иван Иванович', birthDate: '01.09.2014', groupName: '5а' },
        { row: 3, fullName: 'Сидоров', birthDate: '32.01.2014', groupName: '9В' },
        { row: 4, fullName: 'Петров Пётр Петрович', birthDate: '01.03.2014', groupName: '5Б' },
        { row: 5, fullName: 'иванов иван иванович', birthDate: '01.09.2014', groupName: '5А' },
        { row: 6, fullName: 'Новикова Анна', birthDate: '01.01.2030', groupName: '' },
      ],
      context(),
    );
    expect(rows[0]).toMatchObject({
      surname: 'Иванов',
      name: 'Иван',
      patronymic: 'Иванович',
      birth_date: '2014-09-01',
      group_name: '5А',
      group_id: 11,
      problems: [],
    });
    expect(rows[1].problems).toEqual([
      'В ФИО нужны хотя бы фамилия и имя',
      'Не удалось прочитать дату рождения «32.01.2014»: нужен формат ДД.ММ.ГГГГ',
      'Класс «9В» не найден',
    ]);
    expect(rows[2].problems).toEqual(['Такой ученик уже есть']);
    expect(rows[3].problems).toEqual(['Повторяет строку 2']);
    expect(rows[4].problems).toEqual(['Дата рождения в будущем', 'Не указан класс']);
  });
});

describe('student workbook', () => {
  it('reads the header in any column order and skips empty rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Список');
    sheet.addRow(['Класс', 'ФИО', 'Дата рождения']);
    sheet.addRow(['5А', 'Иванов Иван', new Date(Date.UTC(2014, 0, 2))]);
    sheet.addRow([]);
    sheet.addRow(['5Б', 'Петрова Мария', '03.04.2014']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    const rows = await readStudentWorkbook(buffer);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ row: 2, fullName: 'Иванов Иван', groupName: '5А' });
    expect(rows[1]).toMatchObject({ row: 4, fullName: 'Петрова Мария', birthDate: '03.04.2014' });
    expect(checkImportRows(rows, context()).map((row) => row.birth_date)).toEqual([
      '2014-01-02',
      '2014-04-03',
    ]);
  });

  it('refuses a file that is not a workbook or has no header', async () => {
    await expect(readStudentWorkbook(Buffer.from('not excel'))).rejects.toBeInstanceOf(WorkbookError);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Пусто').addRow(['что-то']);
    await expect(readStudentWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()))).rejects.toThrow(
      'Не найдена строка заголовков',
    );
  });

  it('exports in the format the import reads back', async () => {
    const buffer = await writeStudentWorkbook([
      {
        surname: 'Иванов',
        name: 'Иван',
        patronymic: null,
        birth_date: '2014-01-02',
        group_name: '5А',
        status: 'active',
      },
    ]);
    const rows = checkImportRows(await readStudentWorkbook(buffer), context());
    expect(rows[0]).toMatchObject({
      full_name: 'Иванов Иван',
      birth_date: '2014-01-02',
      group_id: 11,
      problems: [],
    });
  });
});
