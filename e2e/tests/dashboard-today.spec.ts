import { AppLayout } from '../pages/app-layout.page';
import { DashboardPage } from '../pages/dashboard.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { snapThemes } from '../support/screenshots';
import { expect, test } from '../support/test';

/** The part of GET /api/lessons/today this file reads. */
interface TodayAnswer {
  date: string;
  role: string;
  student: { id: number; name: string } | null;
  children: { id: number; name: string }[];
  lessons: { id: number; subject_name: string; subgroup_name: string | null }[];
}

test("a parent's dashboard has the child's «Уроки сегодня»; a pupil's lists the subgroup lesson the diary does", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  for (const login of ['parent', 'student']) {
    const token = await apiLogin(request, login);
    const answer = (
      await (
        await request.get('/api/lessons/today', { headers: { Authorization: `Bearer ${token}` } })
      ).json()
    ).data as TodayAnswer;
    expect(answer.role).toBe('student');
    await new LoginPage(page).signIn(login);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    // The parent reads whose day it is; the pupil their own («Уроки сегодня» or the next day's).
    if (login === 'parent') await expect(dashboard.todayLessons).toContainText(answer.student!.name);
    await expect(dashboard.todayLessons.getByTestId('today-lesson')).toHaveCount(answer.lessons.length);
    for (const lesson of answer.lessons.filter((item) => item.subgroup_name !== null))
      await expect(dashboard.todayLessons).toContainText(`${lesson.subject_name} · ${lesson.subgroup_name}`);
    await snapThemes(page, `dashboard-today-${login}`, { widths: true });
    await new AppLayout(page).signOut();
  }
});
