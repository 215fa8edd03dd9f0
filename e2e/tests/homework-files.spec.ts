import AxeBuilder from '@axe-core/playwright';
import { AppLayout } from '../pages/app-layout.page';
import { JournalPage } from '../pages/journal.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { apiGrid, NOTHING_TO_MARK } from '../support/journal';
import { SCREENSHOTS_TAG, SHOT_VIEWPORTS, snap, snapThemes } from '../support/screenshots';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '../support/test';

/**
 * Homework with files (issue 54) on a phone with a finger: the teacher attaches a photo of the
 * worksheet to a lesson's homework from the journal, the pupil opens it in the diary and hands in a
 * photo of the notebook, the teacher accepts it with a «5», and the parent sees the mark.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

/** A tiny JPEG-looking photo (the server reads the type from the bytes: FF D8 FF). */
const photo = (fill: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, fill)]);

async function noSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (item) => item.impact === 'serious' || item.impact === 'critical',
  );
  expect(serious.map((item) => `${item.id}: ${item.nodes[0]?.target}`)).toEqual([]);
}

/** The pupil's class and a whole-class journal of it the teacher keeps, and its lesson of today (or the last before). */
async function pickLesson(request: APIRequestContext) {
  const [teacherToken, studentToken] = await Promise.all([
    apiLogin(request, 'teacher'),
    apiLogin(request, 'student'),
  ]);
  const diary = (
    await (await request.get('/api/diary', { headers: { Authorization: `Bearer ${studentToken}` } })).json()
  ).data as { student: { id: number; group_name: string } };
  const index = (
    await (await request.get('/api/journal', { headers: { Authorization: `Bearer ${teacherToken}` } })).json()
  ).data as {
    loads: { id: number; group_id: number; group_name: string; subgroup_id: number | null; own: boolean }[];
  };
  const load = index.loads.find(
    (item) => item.own && item.subgroup_id === null && item.group_name === diary.student.group_name,
  );
  expect(load).toBeTruthy();
  const journalUrl = `/journal/${load!.group_id}/${load!.id}`;
  const grid = await apiGrid(request, teacherToken, journalUrl);
  // The walk ends with a «5» for the work handed in: a closed term takes none.
  test.skip(grid.period.closed, NOTHING_TO_MARK);
  // The school clock's today, or the last lesson before it (a weekend, a holiday): never the real date.
  let col = -1;
  for (let at = grid.lessons.length - 1; at >= 0 && col < 0; at--)
    if (grid.lessons[at].date <= grid.today) col = at;
  expect(col).toBeGreaterThanOrEqual(0);
  const lesson = grid.lessons[col];
  return { teacherToken, studentToken, diary, journalUrl, grid, col, lesson };
}

async function phonePage(browser: Browser, login: string) {
  const page = await (
    await browser.newContext({ ...PHONE, locale: 'ru-RU', timezoneId: 'Europe/Moscow' })
  ).newPage();
  await new LoginPage(page).signIn(login);
  return page;
}

const MONTHS_OF = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** Picks `day` (ISO) in the «Сдать работу до» calendar, at the picker's 18:00, and confirms it. */
async function pickDeadline(page: Page, editor: Locator, day: string) {
  await editor.getByTestId('homework-deadline').tap();
  const label = `${Number(day.slice(8, 10))} ${MONTHS_OF[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
  const dayButton = page.getByRole('button', { name: label, exact: true });
  for (let step = 0; step < 2 && !(await dayButton.isVisible()); step++)
    await page.getByRole('button', { name: 'Следующий месяц' }).tap();
  await dayButton.tap();
  await page.getByRole('button', { name: 'Готово' }).tap();
  await expect(editor.getByTestId('homework-deadline')).toHaveText(
    `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)} 18:00`,
  );
}

test('a worksheet photo in today’s homework, the pupil’s photo handed in, accepted with a «5» the parent sees', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const { diary, journalUrl, grid, col, lesson } = await pickLesson(request);

  // The teacher attaches a photo of the worksheet, as the phone's camera would hand it over.
  const journal = new JournalPage(page);
  await new LoginPage(page).signIn('teacher');
  await page.goto(journalUrl);
  await journal.ready();
  await journal.lessonHeader(col).locator('button').tap();
  const editor = page.getByRole('dialog');
  await expect(editor.getByTestId('lesson-homework-files')).toBeVisible();
  await expect(editor.getByTestId('pick-camera')).toHaveAttribute('capture', 'environment');
  await editor
    .getByTestId('pick-camera')
    .setInputFiles({ name: 'Рабочий лист.jpg', mimeType: 'image/jpeg', buffer: photo(1) });
  await expect(editor.getByTestId('homework-file').filter({ hasText: 'Рабочий лист.jpg' })).toBeVisible();
  // A deadline a week after the school's today (the lesson may be the last before a holiday).
  const due = new Date(Date.parse(grid.today) + 7 * 86_400_000).toISOString().slice(0, 10);
  await pickDeadline(page, editor, due);
  await editor.getByRole('button', { name: 'Сохранить срок' }).tap();
  await expect(editor.getByRole('button', { name: 'Без срока' })).toBeVisible();
  await noSeriousAxe(page);

  // The pupil opens it in the diary and hands in a photo of the notebook.
  const pupil = await phonePage(browser, 'student');
  await pupil.goto(`/diary?week=${lesson.date}`);
  const block = pupil.getByTestId('diary-homework').filter({ has: pupil.getByText('Рабочий лист.jpg') });
  await expect(block).toBeVisible();
  await expect(block).toContainText(/задано после \d\d:00/);
  await expect(block).toContainText(
    `Сдать до ${due.slice(8, 10)}.${due.slice(5, 7)}.${due.slice(2, 4)} 18:00`,
  );
  const [download] = await Promise.all([
    pupil.waitForEvent('download'),
    block.getByTestId('homework-file').filter({ hasText: 'Рабочий лист.jpg' }).tap(),
  ]);
  expect(download.suggestedFilename()).toBe('Рабочий лист.jpg');
  await block.getByRole('button', { name: 'Сдать работу' }).tap();
  const form = block.getByTestId('hand-in');
  await form
    .getByTestId('pick-camera')
    .setInputFiles({ name: 'Тетрадь.jpg', mimeType: 'image/jpeg', buffer: photo(2) });
  await expect(form.getByTestId('hand-in-files')).toHaveText('Тетрадь.jpg');
  await form.getByRole('textbox', { name: 'Комментарий к работе' }).fill('Сделал упражнение 3');
  await form.getByRole('button', { name: 'Сдать работу' }).tap();
  await expect(block.getByTestId('diary-work')).toContainText('Сдано, ждёт проверки');
  await expect(block.getByTestId('work-file')).toHaveText(/Тетрадь\.jpg/);
  await noSeriousAxe(pupil);

  // The teacher sees the work (a dot in the pupil's cell), opens it and accepts it with a «5».
  await page.keyboard.press('Escape');
  await page.reload();
  await journal.ready();
  const row = grid.students.findIndex((student) => student.id === diary.student.id);
  await expect(journal.cell(row, col)).toHaveAttribute('data-waiting', 'true');
  await journal.lessonHeader(col).locator('button').tap();
  const work = page.getByRole('dialog').getByTestId('submission');
  await expect(work).toContainText('Сдано, ждёт проверки');
  await expect(work).toContainText('Сделал упражнение 3');
  const [opened] = await Promise.all([
    page.waitForEvent('download'),
    work.getByTestId('submission-file').tap(),
  ]);
  expect(opened.suggestedFilename()).toBe('Тетрадь.jpg');
  await work.getByTestId('work-mark').getByText('5', { exact: true }).tap();
  await noSeriousAxe(page);
  await work.getByRole('button', { name: 'Принять' }).tap();
  await expect(work).toContainText('Принято, 5');
  await page.keyboard.press('Escape');
  await expect(journal.cell(row, col)).toContainText('5');
  await expect(journal.cell(row, col)).not.toHaveAttribute('data-waiting', 'true');

  // The parent sees the mark with the accepted work.
  const parent = await phonePage(browser, 'parent');
  await parent.goto(`/diary?week=${lesson.date}&student=${diary.student.id}`);
  const seen = parent.getByTestId('diary-homework').filter({ has: parent.getByText('Рабочий лист.jpg') });
  await expect(seen.getByTestId('diary-work')).toContainText('Принято, оценка 5');
  await expect(seen.getByRole('button', { name: 'Сдать работу' })).toHaveCount(0);
  const lessonRow = parent.getByTestId('diary-lesson').filter({ has: seen });
  await expect(lessonRow.getByTestId('diary-mark').filter({ hasText: '5' }).first()).toBeVisible();
  await noSeriousAxe(parent);
  await pupil.context().close();
  await parent.context().close();
});

test('screenshots of the lesson editor with files and works, and of the diary, light and dark, 1366 and 390 px', {
  tag: SCREENSHOTS_TAG,
}, async ({ page, request }) => {
  test.setTimeout(180_000);
  const { teacherToken, studentToken, journalUrl, col, lesson } = await pickLesson(request);
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const uploaded = await request.post(`/api/lessons/${lesson.id}/homework/files`, {
    headers: auth(teacherToken),
    multipart: { file: { name: 'Рабочий лист.jpg', mimeType: 'image/jpeg', buffer: photo(1) } },
  });
  expect(uploaded.status()).toBe(201);
  const handed = await request.post(`/api/lessons/${lesson.id}/submissions`, {
    headers: auth(studentToken),
    multipart: {
      file: { name: 'Тетрадь.jpg', mimeType: 'image/jpeg', buffer: photo(2) },
      comment: 'Сделал упражнение 3',
    },
  });
  expect([201, 409]).toContain(handed.status());

  await new LoginPage(page).signIn('teacher');
  await page.goto(journalUrl);
  const journal = new JournalPage(page);
  await journal.ready();
  // The editor is a dialog over the grid: the theme is switched with it closed, then it is opened.
  const layout = new AppLayout(page);
  for (const viewport of SHOT_VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of ['light', 'dark'] as const) {
      await layout.setTheme(theme);
      await journal.lessonHeader(col).locator('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('homework-file').first()).toBeVisible();
      await expect(dialog.getByTestId('submission').first()).toBeVisible();
      await page.mouse.move(1, 1);
      await snap(page, `issue54-lesson-editor-${viewport.name}-${theme}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
  await layout.setTheme('light');

  const pupil = await phonePage(page.context().browser()!, 'student');
  await pupil.goto(`/diary?week=${lesson.date}`);
  await expect(pupil.getByTestId('diary-homework').first()).toBeVisible();
  await snapThemes(pupil, 'issue54-diary', { widths: true });
  await pupil.context().close();
});
