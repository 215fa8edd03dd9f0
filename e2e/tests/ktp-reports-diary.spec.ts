import ExcelJS from 'exceljs';
import { AppLayout } from '../pages/app-layout.page';
import { DiaryPage } from '../pages/diary.page';
import { JournalPage } from '../pages/journal.page';
import { KtpPage } from '../pages/ktp.page';
import { LoginPage } from '../pages/login.page';
import { ReportsPage } from '../pages/reports.page';
import { apiLogin } from '../support/demo';
import { apiGrid, NOTHING_TO_MARK } from '../support/journal';
import { snap } from '../support/screenshots';
import { expect, schoolToday, test } from '../support/test';

/** A КТП as a teacher keeps it in Excel: the second row misses its topic, so the first try saves nothing. */
async function ktpWorkbook(withMistake: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('КТП');
  sheet.addRow([
    '№',
    'Раздел',
    'Тема',
    'Часы',
    'Домашнее задание',
    'Вид контроля',
    'Дата по плану',
    'Дата факт',
  ]);
  sheet.addRow([1, 'Натуральные числа', 'Импорт: ряд натуральных чисел', 1, '§1, № 1–5', 'Опрос', '', '']);
  sheet.addRow([
    2,
    'Натуральные числа',
    withMistake ? '' : 'Импорт: сравнение чисел',
    1,
    '§2, № 6–9',
    '',
    '',
    '',
  ]);
  for (let index = 3; index <= 40; index += 1)
    sheet.addRow([index, 'Натуральные числа', `Импорт: тема ${index}`, 1, `§${index}`, '', '', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Opens a downloaded workbook and returns the first sheet's rows as text. */
async function readDownload(file: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  // The first row is the report's title; the header and the figures follow.
  return rows.slice(1);
}

/** The part of GET /api/diary this file reads. */
type DiaryWeekBody = { data: { days: { date: string; lessons: { marks: { value: string }[] }[] }[] } };

test.describe('КТП, reports and the diary', () => {
  test('teacher imports a КТП from .xlsx and applies it; the journal and the student’s diary show the topics', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const login = new LoginPage(page);
    const ktp = new KtpPage(page);
    await login.signIn('teacher');
    await ktp.openPlan('Математика, 5А');
    await expect(ktp.items.first()).toBeVisible();

    await ktp.chooseImportFile({ name: 'ктп-5А.xlsx', buffer: await ktpWorkbook(true) });
    await expect(ktp.importDialog.getByTestId('ktp-import-problems')).toContainText('Строк с ошибками: 1');
    await expect(ktp.importDialog.getByText('Укажите тему урока')).toBeVisible();
    await expect(ktp.importDialog.getByRole('button', { name: 'Загрузить' })).toBeDisabled();
    await snap(page, 'ktp-import-problems');

    await ktp.importDialog.locator('input[type="file"]').setInputFiles({
      name: 'ктп-5А.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await ktpWorkbook(false),
    });
    await expect(ktp.importDialog.getByText('Ошибок нет: строк 40')).toBeVisible();
    await ktp.importDialog.getByRole('button', { name: 'Загрузить' }).click();
    await expect(ktp.importDialog).toBeHidden();
    await expect(ktp.items).toHaveCount(40);
    await expect(ktp.items.first().getByLabel('Тема')).toHaveValue('Импорт: ряд натуральных чисел');

    await ktp.apply(true);
    await expect(ktp.applyDialog.getByTestId('ktp-apply-result')).toContainText('40');
    await snap(page, 'ktp-applied');
    await ktp.applyDialog.getByRole('button', { name: 'Готово' }).click();
    await snap(page, 'ktp-edit');

    // The journal of 5А's mathematics shows each lesson's topic under its date, from the first lesson on.
    const journal = new JournalPage(page);
    await journal.openOwn(/^5А · Математика/);
    await journal.choosePeriod('I четверть');
    await expect(journal.lessonHeader(0).getByTestId('lesson-topic')).toHaveText(
      'Импорт: ряд натуральных чисел',
    );
    await expect(journal.lessonHeader(0).getByTestId('lesson-topic')).toBeVisible();
    await expect(journal.lessonHeader(1).getByTestId('lesson-topic')).toHaveText('Импорт: сравнение чисел');
    await snap(page, 'journal-topics');

    const studentPage = await browser.newPage();
    await new LoginPage(studentPage).signIn('student');
    const diary = new DiaryPage(studentPage);
    await diary.openWeek('2026-09-01');
    await expect(studentPage.getByText('Импорт: ряд натуральных чисел').first()).toBeVisible();
    await expect(studentPage.getByText('§1, № 1–5').first()).toBeVisible();
    await studentPage.close();
  });

  test('zavuch makes one КТП for a whole parallel from the screen and applies it to a class of it', async ({
    page,
  }) => {
    const ktp = new KtpPage(page);
    await new LoginPage(page).signIn('zavuch');
    const label = await ktp.createPlan(async (listbox) => {
      const parallels = listbox.getByRole('group', { name: 'Параллель' }).getByRole('option');
      await expect(parallels.first()).toBeVisible();
      const option = parallels.filter({ hasText: /^Вся параллель 5-х классов/ }).first();
      const text = (await option.textContent()) ?? '';
      await option.click();
      return text;
    });
    // «Вся параллель 5-х классов (5А, 5Б) · Предмет · Учитель»
    const [, classList, subject] = /\((.+)\) · ([^·]+) ·/.exec(label)!;
    await expect(page.getByText(`${subject.trim()} · 5-е классы ·`)).toBeVisible();

    await page.goto('/ktp');
    const row = ktp.plans.getByRole('row').filter({ hasText: `${subject.trim()}, 5-е классы` });
    await expect(row.getByRole('cell', { name: '5-е классы', exact: true })).toBeVisible();
    await row.getByRole('link').click();

    // A parallel's plan asks which class of the parallel it fills.
    await page.getByRole('button', { name: 'Применить к урокам' }).click();
    await ktp.applyDialog.getByRole('combobox', { name: 'Класс параллели' }).click();
    for (const name of classList.split(', '))
      await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
    await snap(page, 'ktp-parallel-apply');
  });

  test('zavuch opens each report, filters it by class and downloads the same figures as .xlsx', async ({
    page,
  }) => {
    // Three reports, each with its .xlsx read back.
    test.slow();
    const login = new LoginPage(page);
    const reports = new ReportsPage(page);
    await login.signIn('zavuch');

    await reports.open('Классификация учащихся');
    await expect(page.getByTestId('classification-school')).toBeVisible();
    await reports.filterClass('5А');
    await expect(page.getByTestId('classification-class')).toHaveCount(1);
    await expect(page.getByTestId('classification-school')).toHaveCount(0);
    const classRow = await page.getByTestId('classification-class').locator('td').allInnerTexts();
    await snap(page, 'report-classification');
    const classification = await reports.download();
    const classificationRows = await readDownload(await classification.path());
    expect(classificationRows[0][0]).toBe('Класс');
    // The .xlsx holds numbers (84.6), the screen writes them the Russian way (84,6).
    expect(classificationRows[1].slice(0, 3)).toEqual(
      classRow.slice(0, 3).map((text) => text.replace(',', '.')),
    );

    await reports.open('Академическая успеваемость');
    await reports.filterClass('5А');
    await expect(page.getByTestId('performance-table').locator('tbody tr').first()).toContainText('5А');
    await expect(page.getByTestId('quality-chart')).toBeVisible();
    await snap(page, 'report-performance', { fullPage: true });
    const rowsOnScreen = await page.getByTestId('performance-table').locator('tbody tr').count();
    const performance = await readDownload(await (await reports.download()).path());
    expect(performance[0].slice(0, 3)).toEqual(['Класс', 'Предмет', 'Учитель']);
    expect(performance.length - 1).toBe(rowsOnScreen);

    await reports.open('Заполняемость журнала');
    await page.goto('/reports/journal-completion?from=2026-09-01&to=2026-10-24');
    await reports.filterClass('5А');
    await expect(page.getByTestId('completion-table').locator('tbody tr').first()).toContainText('5А');
    await snap(page, 'report-completion', { fullPage: true });
    const completion = await readDownload(await (await reports.download()).path());
    expect(completion[0][0]).toBe('Учитель');
    expect(completion.slice(1).every((row) => row[1] === '5А')).toBe(true);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await snap(page, 'report-completion-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('student and parent open the diary, on a phone too; the dashboard shows the latest marks', async ({
    page,
    browser,
  }) => {
    const login = new LoginPage(page);
    const layout = new AppLayout(page);
    const diary = new DiaryPage(page);
    await login.signIn('student');
    await expect(page.getByTestId('latest-marks')).toBeVisible();
    await diary.openWeek('2026-09-14');
    await expect(diary.days).toHaveCount(6);
    await expect(diary.lessons.first()).toBeVisible();
    await snap(page, 'diary-student', { fullPage: true });
    await page.getByRole('button', { name: 'Следующая неделя' }).click();
    await expect(page).toHaveURL(/week=2026-09-21/);
    await expect(diary.day('2026-09-21')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await diary.openWeek('2026-09-14');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // «Итог» in sight without scrolling sideways, and no status or mark cut to «ОТ…» (issue 20).
    const averages = page.getByTestId('diary-averages');
    await averages.scrollIntoViewIfNeeded();
    await expect(averages.getByRole('columnheader', { name: 'Итог' })).toBeInViewport({ ratio: 1 });
    await expect(averages.getByTestId('diary-final').first()).toBeInViewport({ ratio: 1 });
    const cut = await page
      .locator(
        '[data-testid="diary-day"] .mantine-Badge-label, [data-testid="diary-averages"] .mantine-Badge-label',
      )
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
    await snap(page, 'diary-mobile', { fullPage: true });
    await layout.themeToggle.click();
    await snap(page, 'diary-mobile-dark', { fullPage: true });
    await layout.themeToggle.click();

    const parentPage = await browser.newPage();
    await new LoginPage(parentPage).signIn('parent');
    const parentDiary = new DiaryPage(parentPage);
    await parentDiary.openWeek('2026-09-14');
    await expect(parentPage.getByText(/, 5А$/)).toBeVisible();
    await expect(parentDiary.lessons.first()).toBeVisible();
    await snap(parentPage, 'diary-parent');
    await parentPage.close();
  });

  test('a mark the teacher types in the journal appears in the student’s and the parent’s diary', async ({
    page,
    browser,
    request,
  }) => {
    const asStudent = await apiLogin(request, 'student');
    const studentId = (
      (await (
        await request.get('/api/diary', { headers: { Authorization: `Bearer ${asStudent}` } })
      ).json()) as {
        data: { student: { id: number } };
      }
    ).data.student.id;

    await new LoginPage(page).signIn('teacher');
    // 5А's mathematics, the whole class: the first «5А» link may be a subgroup's journal without the pupil.
    const journal = new JournalPage(page);
    await journal.openOwn(/^5А · Математика/);
    const asTeacher = await apiLogin(request, 'teacher');
    const grid = await apiGrid(request, asTeacher, page.url());
    test.skip(grid.period.closed, NOTHING_TO_MARK);
    const row = grid.students.findIndex((student) => student.id === studentId);
    expect(row).toBeGreaterThanOrEqual(0);
    // The latest lesson already given (lessons to come refuse marks) on a day the pupil has no mark
    // yet in any subject, so the diary's day shows exactly the one typed here.
    const today = schoolToday();
    const marksOfDay = async (day: string) => {
      const week = (
        (await (
          await request.get(`/api/diary?week=${day}`, { headers: { Authorization: `Bearer ${asStudent}` } })
        ).json()) as DiaryWeekBody
      ).data;
      return (week.days.find((entry) => entry.date === day)?.lessons ?? []).flatMap((lesson) => lesson.marks);
    };
    let col = -1;
    for (let index = grid.lessons.length - 1; index >= 0 && col < 0; index--) {
      const day = grid.lessons[index].date;
      if (day <= today && (await marksOfDay(day)).length === 0) col = index;
    }
    expect(col, 'a lesson already given with no marks that day').toBeGreaterThanOrEqual(0);
    const date = grid.lessons[col].date;

    await journal.select(row, col);
    await journal.type('4');
    await expect(journal.cell(row, col)).toHaveText('4');
    await expect(journal.cell(row, col)).toHaveAttribute('data-state', 'saved');

    const studentPage = await browser.newPage();
    await new LoginPage(studentPage).signIn('student');
    const studentDiary = new DiaryPage(studentPage);
    await studentDiary.openWeek(date);
    await expect(studentDiary.day(date).getByTestId('diary-mark')).toHaveText(['4']);
    await studentPage.close();

    const parentPage = await browser.newPage();
    await new LoginPage(parentPage).signIn('parent');
    await parentPage.goto(`/diary?week=${date}&student=${studentId}`);
    const parentDiary = new DiaryPage(parentPage);
    await expect(parentDiary.day(date).getByTestId('diary-mark')).toHaveText(['4']);
    await parentPage.close();
  });
});
