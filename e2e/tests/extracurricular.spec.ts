import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { snap, snapThemes } from '../support/screenshots';
import { expect, type Page, schoolToday, test } from '../support/test';

/**
 * Внеурочная деятельность (issue 51): the завуч makes «Юный шахматист» for pupils of 5А and 5Б and
 * schedules it for the school clock's weekday after lessons (support/test.ts); the course's teacher
 * marks who came on a phone; the pupil sees it in the diary; the завуч downloads the hours report.
 * On a day the pupils have no lessons (a Sunday, a holiday: PARTA_CLOCK set so) the course is made
 * for Monday and nothing can be marked yet (a session ahead of today is refused): the walks that mark
 * are skipped, saying why; the run's default clock (playwright.config.ts) is a school day.
 */
const COURSE = 'Юный шахматист';
const WEEK_DAYS = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const sessionDay = schoolToday();
const weekday = ((new Date(`${sessionDay}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const ddmmyy = `${sessionDay.slice(8, 10)}.${sessionDay.slice(5, 7)}.${sessionDay.slice(2, 4)}`;

async function noSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (item) => item.impact === 'serious' || item.impact === 'critical',
  );
  expect(serious.map((item) => `${item.id}: ${item.nodes[0]?.target}`)).toEqual([]);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

let pupilName = '';
/** Whether the pupils have lessons on the school's today, so the course meets today. */
let schoolDay = false;
const NO_SESSION_TODAY = 'на часах школы сегодня нет уроков: у курса нет занятия, отмечать нечего';

test.describe.configure({ mode: 'serial' });

test('the завуч makes «Юный шахматист» for 5А and 5Б and schedules it after lessons', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const teacherToken = await apiLogin(request, 'teacher');
  const me = (
    await (
      await request.post('/api/auth/me', { headers: { Authorization: `Bearer ${teacherToken}` } })
    ).json()
  ).data as { surname: string };
  const studentToken = await apiLogin(request, 'student');
  const diary = (
    await (await request.get('/api/diary', { headers: { Authorization: `Bearer ${studentToken}` } })).json()
  ).data as { student: { name: string }; days: { date: string; lessons: unknown[] }[] };
  pupilName = diary.student.name;
  schoolDay = (diary.days.find((day) => day.date === sessionDay)?.lessons.length ?? 0) > 0;
  // The pupil's whole week without lessons: каникулы on the school's clock.
  const holidayWeek = diary.days.every((day) => day.lessons.length === 0);

  await new LoginPage(page).signIn('zavuch');
  await page.getByRole('link', { name: 'Внеурочная деятельность' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Внеурочная деятельность' })).toBeVisible();
  await page.getByRole('button', { name: 'Новый курс' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название').fill(COURSE);
  await pick(page, 'Направление', 'Общеинтеллектуальное');
  await dialog.getByRole('combobox', { name: 'Учитель' }).fill(me.surname);
  await page.getByRole('option').filter({ hasText: me.surname }).first().click();

  await pick(page, 'Добавить учеников класса', '5А');
  await dialog.getByRole('button', { name: 'Отметить весь класс' }).click();
  await pick(page, 'Добавить учеников класса', '5Б');
  const pupils5b = dialog.getByTestId('course-pupils').getByRole('checkbox');
  await pupils5b.nth(0).check();
  await pupils5b.nth(1).check();
  await expect(dialog.getByText(/Ученики: \d+/)).toBeVisible();

  await dialog.getByRole('button', { name: 'Добавить занятие' }).click();
  const slot = dialog.getByTestId('course-slot');
  await slot.getByRole('combobox', { name: 'День' }).click();
  await page.getByRole('option', { name: WEEK_DAYS[schoolDay ? weekday - 1 : 0], exact: true }).click();
  await slot.getByLabel('Начало').fill('18:00');
  await slot.getByLabel('Конец').fill('18:45');
  await slot.getByLabel('Кабинет').fill('Шахматный клуб');
  // The dialog's overlay covers the theme switch: the editor is taken as it is.
  await snap(page, 'extracurricular-editor-1366-light');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('course-card').filter({ hasText: COURSE });
  await expect(card).toBeVisible();
  await expect(card).toContainText('5А, 5Б');
  await expect(card.getByTestId('course-schedule')).toContainText('18:00–18:45, Шахматный клуб');
  await noSeriousAxe(page);
  await snapThemes(page, 'extracurricular-courses', { widths: true });

  // The timetable's week of 5А lists the course beside its lessons, apart from the grid.
  await page.goto('/timetable');
  await pick(page, 'Класс', '5А');
  if (holidayWeek) {
    // In the holidays the week says so and leads to the week school resumes.
    const holiday = page.getByTestId('week-holiday').first();
    await expect(holiday).toContainText('каникулы');
    await snapThemes(page, 'timetable-week-holiday', { widths: true });
    await holiday.getByRole('button', { name: 'К учебной неделе' }).click();
  }
  await expect(page.getByTestId('week-lesson').first()).toBeVisible();
  const beside = page.getByTestId('course-beside').filter({ hasText: COURSE });
  await expect(beside).toContainText('18:00–18:45, Шахматный клуб');
  await expect(beside).toContainText('учеников класса:');
  await expect(page.getByTestId('week-grid')).not.toContainText(COURSE);
  await noSeriousAxe(page);
  await snapThemes(page, 'extracurricular-timetable-week', { widths: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the teacher marks who came by taps, and the marks are there after a reload', async ({ page }) => {
    test.skip(!schoolDay, NO_SESSION_TODAY);
    test.setTimeout(120_000);
    await new LoginPage(page).signIn('teacher');
    await page.goto('/journal/extracurricular');
    await page
      .getByTestId('course-card')
      .filter({ hasText: COURSE })
      .getByRole('link', { name: 'Журнал' })
      .tap();
    await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
    const grid = page.getByTestId('course-journal');
    await expect(grid).toBeVisible();

    const saved = () =>
      page.waitForResponse(
        (response) => response.request().method() === 'PUT' && /\/students\/\d+$/.test(response.url()),
      );
    const came = grid.getByRole('button', { name: `${pupilName}, ${ddmmyy}: не отмечено` });
    const box = await came.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    let answer = saved();
    await came.tap();
    expect((await answer).status()).toBe(200);
    await expect(grid.getByRole('button', { name: `${pupilName}, ${ddmmyy}: был` })).toBeVisible();
    const cells = grid.locator(`[data-testid="presence-cell"][aria-label*="${ddmmyy}"]`);
    const labels = await cells.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('aria-label') ?? ''),
    );
    const otherLabel = labels.find((label) => !label.startsWith(pupilName))!.replace(/: .*$/, '');
    answer = saved();
    await grid.getByRole('button', { name: `${otherLabel}: не отмечено` }).tap();
    expect((await answer).status()).toBe(200);
    answer = saved();
    await grid.getByRole('button', { name: `${otherLabel}: был` }).tap();
    expect((await answer).status()).toBe(200);
    await expect(grid.getByRole('button', { name: `${otherLabel}: не был` })).toBeVisible();
    await noSeriousAxe(page);
    await snapThemes(page, 'extracurricular-journal', { widths: true });

    await page.reload();
    await expect(grid.getByRole('button', { name: `${pupilName}, ${ddmmyy}: был` })).toBeVisible();
    await expect(grid.getByRole('button', { name: `${otherLabel}: не был` })).toBeVisible();
  });

  test('the pupil sees the course on its day in the diary', async ({ page }) => {
    test.skip(!schoolDay, NO_SESSION_TODAY);
    await new LoginPage(page).signIn('student');
    await page.goto('/diary');
    const day = page.locator(`[data-testid="diary-day"][data-date="${sessionDay}"]`);
    await expect(day.getByTestId('diary-course')).toContainText(COURSE);
    await expect(day.getByTestId('diary-course')).toContainText('18:00–18:45');
    await snapThemes(page, 'extracurricular-diary', { widths: true });
  });
});

test('the завуч downloads the hours report with the pupil’s hour', async ({ page }) => {
  test.skip(!schoolDay, NO_SESSION_TODAY);
  test.setTimeout(90_000);
  await new LoginPage(page).signIn('zavuch');
  // The завуч marks too, by keyboard: «+» sets «был» and goes down the column, «у» the next pupil.
  await page.goto('/journal/extracurricular');
  await page
    .getByTestId('course-card')
    .filter({ hasText: COURSE })
    .getByRole('link', { name: 'Журнал' })
    .click();
  const cells = page.locator(`[data-testid="presence-cell"][aria-label*="${ddmmyy}"]`);
  await expect(cells.first()).toBeVisible();
  const free = await cells.evaluateAll((nodes) =>
    nodes.findIndex(
      (node, index) =>
        index > 0 &&
        node.getAttribute('data-presence') === 'none' &&
        nodes[index + 1]?.getAttribute('data-presence') === 'none',
    ),
  );
  expect(free).toBeGreaterThan(0);
  await cells.nth(free).focus();
  await page.keyboard.press('+');
  await expect(cells.nth(free)).toHaveAttribute('data-presence', 'present');
  await expect(cells.nth(free + 1)).toBeFocused();
  // «у» on the Russian layout is the key E: a Latin layout's «e» means the same.
  await page.keyboard.press('e');
  await expect(cells.nth(free + 1)).toHaveAttribute('data-presence', 'excused');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(cells.nth(free)).toBeFocused();

  await page.goto('/journal/extracurricular/report');
  await expect(page.getByTestId('hours-students')).toContainText(pupilName);
  const row = page.getByTestId('hours-students').getByRole('row').filter({ hasText: pupilName });
  await expect(row).toContainText('Общеинтеллектуальное: 1');
  await noSeriousAxe(page);
  await snapThemes(page, 'extracurricular-report', { widths: true });

  const waiting = page.waitForEvent('download');
  await page.getByTestId('hours-xlsx').click();
  const file = await (await waiting).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((line) =>
    rows.push((line.values as unknown[]).slice(1).map((value) => String(value ?? ''))),
  );
  expect(rows[1]).toEqual(['Ученик', 'Класс', 'Часов', 'По направлениям']);
  expect(rows.find((line) => line[0] === pupilName)?.slice(1, 3)).toEqual(['5А', '1']);
});
