import ExcelJS from 'exceljs';
import { addDays, monthName, monthRange } from '../../shared/src/domain/timetable';
import { DashboardPage } from '../pages/dashboard.page';
import { DiaryPage } from '../pages/diary.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { snap, snapThemes } from '../support/screenshots';
import { expect, type Page, schoolToday, test } from '../support/test';

/** The part of GET /api/lessons/today this file reads. */
type TodayAnswer = { date: string; lessons: { id: number }[] };

/**
 * A new page signed in as `login` on the dashboard, its «Уроки сегодня» asked for `day`: the widget
 * shows the server's today (or the next day with lessons), and a test cannot set the school clock. The
 * sick day is never today in this walk (today's lessons may have started, and a Sunday has none), so
 * the walk asks for it as the dashboard does on that morning: the widget's own request, its date given.
 * `shown` is the day the server answered.
 */
async function dashboardOn(page: Page, login: string, day: string) {
  const other = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1366, height: 850 } });
  await other.route('**/api/lessons/today*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('date', day);
    return route.continue({ url: url.toString() });
  });
  // Signing in lands on the dashboard and open() loads it again: the first page's answer may lose its
  // body to that navigation, so every answer is read as it comes and any one read is kept (both are
  // the same day's, the route above fixes it).
  const answers: TodayAnswer[] = [];
  other.on('response', (response) => {
    if (!response.url().includes('/api/lessons/today')) return;
    response.json().then(
      (body: { data: TodayAnswer }) => answers.push(body.data),
      () => undefined,
    );
  });
  await new LoginPage(other).signIn(login);
  await new DashboardPage(other).open();
  const shown = (async () => {
    await expect
      .poll(() => answers.length, { message: 'the dashboard asked for «Уроки сегодня»' })
      .toBeGreaterThan(0);
    return answers[answers.length - 1];
  })();
  return { page: other, shown };
}

const ddmmyy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;

/** The «Итого» row of a sheet of the downloaded report: its figures. */
async function totalsOf(file: string, sheet: string): Promise<number[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  let totals: number[] = [];
  book.getWorksheet(sheet)!.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    if (values[0] === 'Итого') totals = values.slice(1).map(Number);
  });
  return totals;
}

/** The figures of the report's totals line on the screen, in its order. */
async function screenTotals(page: Page): Promise<number[]> {
  const text = (await page.getByTestId('report-totals').textContent()) ?? '';
  return [...text.matchAll(/\d+/g)].map((match) => Number(match[0]));
}

test('a завуч on a phone marks the mathematics teacher absent, distributes the day, changes one choice; the substitute gets the lesson', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const teacherToken = await apiLogin(request, 'teacher');
  const headers = { Authorization: `Bearer ${teacherToken}` };
  const me = (await (await request.post('/api/auth/me', { headers })).json()).data;
  // The teacher's next day with lessons after today: tomorrow may be a Sunday, and a term's last day
  // is followed by up to two weeks of каникулы.
  const lessons = (
    await (
      await request.get(
        `/api/lessons?teacher_id=${me.id}&from=${addDays(schoolToday(), 1)}&to=${addDays(schoolToday(), 28)}`,
        { headers },
      )
    ).json()
  ).data as { date: string; group_name: string }[];
  // A day with a lesson in 5А: the demo pupil's class reads it in the diary.
  const day = lessons.find((lesson) => lesson.group_name === '5А')!.date;

  await page.setViewportSize({ width: 390, height: 844 });
  await new LoginPage(page).signIn('zavuch');
  await page.goto('/timetable/substitutions');
  await expect(page.getByRole('heading', { name: 'Замены' })).toBeVisible();
  await page.getByTestId('absence-teacher').click();
  await page.getByTestId('absence-teacher').fill(me.surname);
  await page
    .getByRole('option', { name: new RegExp(me.surname) })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'С', exact: true }).fill(ddmmyy(day));
  await page.getByRole('textbox', { name: 'По', exact: true }).fill(ddmmyy(day));
  await page.getByRole('heading', { name: 'Замены' }).click();
  await page.getByRole('button', { name: 'Отметить отсутствие' }).click();
  const open = page.getByTestId('absence-open-count');
  await expect(open).toContainText(/Открыто уроков: [1-9]/);
  const cards = page.getByTestId('cover-lesson');
  await expect(cards.first()).toContainText('ведёт этот предмет');
  // Beside the candidates: a swap with a later lesson of the class (a merge when a parallel fits).
  await expect(page.getByTestId('move-option').first()).toContainText(/Перенести на \d+-й урок/);
  await snapThemes(page, 'substitutions-open-phone');
  await page.setViewportSize({ width: 1366, height: 850 });
  await snapThemes(page, 'substitutions-open-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  // Opened again, as the завуч comes back to it: the screen opens on the absence with open lessons
  // by itself, and keeps it open, with who was assigned, once «Распределить всё» has covered them.
  await page.reload();
  await expect(page.getByRole('heading', { name: new RegExp(me.surname) })).toBeVisible();
  await expect(open).toContainText(/Открыто уроков: [1-9]/);
  const lessonsCount = await cards.count();
  await page.getByRole('button', { name: 'Распределить всё' }).click();
  await expect(open).toContainText('Открыто уроков: 0');
  await expect(page.getByRole('heading', { name: new RegExp(me.surname) })).toBeVisible();
  await expect(cards).toHaveCount(lessonsCount);
  await expect(cards.first()).toContainText('замена:');
  await expect(page.getByTestId('absence-list')).toContainText('всё решено');
  // Change one choice: the next candidate of the first lesson.
  const first = cards.first();
  const before = await first.locator('.mantine-Badge-root').first().textContent();
  await first.getByTestId('candidate').first().click();
  await expect(first.locator('.mantine-Badge-root').first()).not.toHaveText(before ?? '');
  await expect(first).toContainText('замена:');
  await snapThemes(page, 'substitutions-phone');

  // The substitute finds the lesson among the day's lessons, with its journal.
  const zavuchToken = await apiLogin(request, 'zavuch');
  const absences = (
    await (
      await request.get(`/api/substitutions/absences?from=${day}&to=${day}`, {
        headers: { Authorization: `Bearer ${zavuchToken}` },
      })
    ).json()
  ).data as { id: number; teacher_id: number }[];
  const absence = absences.find((item) => item.teacher_id === me.id)!;
  const detail = (
    await (
      await request.get(`/api/substitutions/absences/${absence.id}`, {
        headers: { Authorization: `Bearer ${zavuchToken}` },
      })
    ).json()
  ).data;
  const covered = detail.days[0].lessons[0].lesson;
  expect(covered.status).toBe('replaced');

  // The substitute finds the lesson on the dashboard, marked «Замена», and opens its journal from there;
  // the absent teacher's dashboard does not list it.
  const zavuchHeaders = { Authorization: `Bearer ${zavuchToken}` };
  const substitute = (
    await (await request.get(`/api/users/${covered.teacher_id}`, { headers: zavuchHeaders })).json()
  ).data as { login: string };
  const substitutePage = await dashboardOn(page, substitute.login, day);
  const substituteDay = await substitutePage.shown;
  expect(substituteDay.date).toBe(day);
  const dashboard = new DashboardPage(substitutePage.page);
  await expect(dashboard.todayLessons).toContainText(ddmmyy(day));
  const row = dashboard.lessonLinks
    .filter({ hasText: `${covered.lesson_number}. ${covered.start_time}` })
    .filter({ hasText: covered.group_name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(covered.subject_name);
  await expect(row).toContainText('Замена');
  await substitutePage.page.evaluate(() => window.scrollTo(0, 0));
  await snap(substitutePage.page, 'substitutions-substitute-dashboard', { fullPage: true });
  await row.click();
  await expect(substitutePage.page).toHaveURL(
    new RegExp(`/journal/${covered.group_id}/${covered.load_id}\\?date=${day}`),
  );
  await expect(
    substitutePage.page
      .getByTestId('lesson-header')
      .filter({ hasText: `${day.slice(8, 10)}.${day.slice(5, 7)}` }),
  ).not.toHaveCount(0);
  await substitutePage.page.close();
  const absentPage = await dashboardOn(page, 'teacher', day);
  const absentDay = await absentPage.shown;
  expect(absentDay.lessons.map((lesson) => lesson.id)).not.toContain(covered.id);
  const absentDashboard = new DashboardPage(absentPage.page);
  if (absentDay.date === day)
    await expect(
      absentDashboard.todayLessons
        .getByTestId('today-lesson')
        .filter({ hasText: `${covered.lesson_number}. ${covered.start_time}` }),
    ).toHaveCount(0);
  // Every lesson of hers that day covered: the widget goes on to her next day with lessons.
  else await expect(absentDashboard.todayLessons).not.toContainText(ddmmyy(day));
  await absentPage.page.close();

  // A pupil of 5А reads the замена (or the cancellation) in the diary.
  const inClass = detail.days[0].lessons
    .map((item: { lesson: typeof covered }) => item.lesson)
    .find((lesson: typeof covered) => lesson.group_name === '5А');
  const pupilPage = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await new LoginPage(pupilPage).signIn('student');
  const diary = new DiaryPage(pupilPage);
  await diary.openWeek(day);
  const pupilLesson = diary
    .day(day)
    .getByTestId('diary-lesson')
    .filter({ hasText: inClass.subject_name })
    .filter({ hasText: inClass.status === 'cancelled' ? /Отменён/i : /Замена:/i });
  await expect(pupilLesson.first()).toContainText(
    inClass.status === 'cancelled' ? /отменён/i : new RegExp(`замена: ${inClass.teacher_name}`, 'i'),
  );
  await pupilPage.close();

  await page.setViewportSize({ width: 1366, height: 850 });
  await snapThemes(page, 'substitutions-desktop');
  await page.getByRole('tab', { name: 'Замещения за месяц' }).click();
  await expect(page.getByTestId('report-totals')).toContainText('Замещено часов');
  // The month of the sick day, downloaded: the file's totals are the screen's.
  const month = monthRange(day);
  await page.getByRole('textbox', { name: 'С', exact: true }).fill(ddmmyy(month.from));
  await page.getByRole('textbox', { name: 'По', exact: true }).fill(ddmmyy(month.to));
  await page.getByRole('heading', { name: 'Замены' }).click();
  const report = (
    await (
      await request.get(`/api/substitutions/report?from=${month.from}&to=${month.to}`, {
        headers: zavuchHeaders,
      })
    ).json()
  ).data as {
    totals: {
      substituted_hours: number;
      specialty_hours: number;
      missed_hours: number;
      cancelled_hours: number;
      planned_substituted_hours: number;
      planned_missed_hours: number;
    };
    substitutes: { teacher_id: number; hours: number }[];
    absent: { teacher_id: number; hours: number }[];
  };
  const { totals } = report;
  expect(totals.missed_hours + totals.planned_missed_hours).toBeGreaterThan(0);
  await expect
    .poll(() => screenTotals(page))
    .toEqual([totals.substituted_hours, totals.specialty_hours, totals.missed_hours, totals.cancelled_hours]);
  const onScreen = await screenTotals(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать .xlsx' }).click();
  const file = await (await download).path();
  // The sick day is after today: its substitutions are planned, shown apart and not yet paid.
  expect(totals.planned_substituted_hours).toBeGreaterThan(0);
  await expect(page.getByTestId('report-planned')).toContainText(
    `замен ${totals.planned_substituted_hours}, пропусков ${totals.planned_missed_hours}`,
  );
  expect(await totalsOf(file, 'Заменяющие')).toEqual([
    onScreen[0],
    onScreen[1],
    totals.planned_substituted_hours,
  ]);
  expect(await totalsOf(file, 'Отсутствовавшие')).toEqual([
    onScreen[2],
    onScreen[3],
    totals.planned_missed_hours,
  ]);
  await snapThemes(page, 'substitutions-report');

  // The load screen: the month's missed hours of the absent teacher, the substitute's extra hours.
  await page.goto('/load');
  await page.getByRole('tab', { name: 'По учителям' }).click();
  await page.getByTestId('load-month').click();
  await page.getByRole('option', { name: monthName(day) }).click();
  await expect(page.getByTestId('load-month-totals')).toHaveText(
    `Замещено ${totals.substituted_hours} ч, пропущено ${totals.missed_hours} ч`,
  );
  const missed = report.absent.find((entry) => entry.teacher_id === me.id)?.hours ?? 0;
  const absentRow = page.getByTestId('load-teacher').filter({ hasText: me.surname });
  // Hours held only: a sick day still to come is not yet missed hours (shown «—»).
  await expect(absentRow.getByTestId('load-missed')).toHaveText(missed ? String(missed) : '—');
  const taken = report.substitutes.find((entry) => entry.teacher_id === covered.teacher_id)?.hours ?? 0;
  const substituteRow = page.getByTestId('load-teacher').filter({ hasText: covered.teacher_name });
  await expect(substituteRow.getByTestId('load-substituted')).toHaveText(taken ? `+${taken}` : '—');
  await snapThemes(page, 'substitutions-load-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  // The table scrolls within its card: the page itself is no wider than the phone (once re-laid out).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snapThemes(page, 'substitutions-load-phone');
});
