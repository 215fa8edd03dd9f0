import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { fullName, greeting, PageTitle, usePermissions } from '@parta/shared';
import { Link } from 'react-router-dom';
import { LatestMarks } from '../features/dashboard/ui/latest-marks';
import { SchoolCounts } from '../features/dashboard/ui/school-counts';
import { TodayLessons } from '../features/dashboard/ui/today-lessons';
import { WeekMarks } from '../features/dashboard/ui/week-marks';
import { canSee, MENU } from '../layout/menu';

/** What a school user wants first thing: the school's numbers now and the way to their screens. */
export function DashboardPage() {
  const { user, can, status } = usePermissions();

  const shortcuts = MENU.flatMap((group) => group.items).filter(
    (item) => item.to !== '/dashboard' && canSee(can, item),
  );

  return (
    <>
      <PageTitle description={user?.organization?.name}>Рабочий стол</PageTitle>
      <Text size="lg" mb="lg">
        {user ? greeting(user) : ' '}
      </Text>

      <SchoolCounts />

      {status === 'ready' ? <TodayLessons /> : null}
      {/* Staff see the marks given (a director and a завуч the school's), pupils and parents the marks got. */}
      {status === 'ready' && (can('journals.view') || can('diary.view')) ? <WeekMarks /> : null}
      {status === 'ready' && can('diary.view') ? <LatestMarks /> : null}

      <Card withBorder radius="md" padding="lg">
        <Text fw={600} mb="sm">
          Разделы
        </Text>
        <Group gap="lg">
          {shortcuts.map((item) => (
            <Anchor key={item.to} component={Link} to={item.to}>
              {item.label}
            </Anchor>
          ))}
        </Group>
        {user ? (
          <Stack gap={0} mt="lg">
            <Text size="sm" c="dimmed">
              Вы вошли как {fullName(user)}
              {user.roles.length ? ` · ${user.roles.map((role) => role.name).join(', ')}` : ''}
            </Text>
          </Stack>
        ) : null}
      </Card>
    </>
  );
}
