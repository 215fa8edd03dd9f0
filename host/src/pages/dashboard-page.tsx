import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { fullName, greeting, PageTitle, usePermissions } from '@parta/shared';
import { Link } from 'react-router-dom';
import { useSchoolCounts } from '../features/dashboard/api/get-school-counts';
import { LatestMarks } from '../features/dashboard/ui/latest-marks';
import { TodayLessons } from '../features/dashboard/ui/today-lessons';
import { WeekMarks } from '../features/dashboard/ui/week-marks';
import { canSee, MENU } from '../layout/menu';

/** What a school user wants first thing: the school's numbers now and the way to their screens. */
export function DashboardPage() {
  const { user, can, status } = usePermissions();
  const counts = useSchoolCounts(can, status === 'ready');

  const shortcuts = MENU.flatMap((group) => group.items).filter(
    (item) => item.to !== '/dashboard' && canSee(can, item),
  );

  return (
    <>
      <PageTitle description={user?.organization?.name}>Рабочий стол</PageTitle>
      <Text size="lg" mb="lg">
        {user ? greeting(user) : ' '}
      </Text>

      {counts === null || counts.length > 0 ? (
        <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} mb="xl" data-testid="school-counts">
          {(counts ?? [null, null, null]).map((count, index) =>
            count ? (
              <Card
                key={count.key}
                withBorder
                radius="md"
                padding="md"
                component={Link}
                to={count.to}
                data-testid={`count-${count.key}`}
              >
                <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" truncate>
                  {count.label}
                </Text>
                <Text fz={{ base: 24, sm: 32 }} fw={700} lh={1.2} data-testid="count-value">
                  {count.value ?? '—'}
                </Text>
              </Card>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while loading
              <Skeleton key={index} h={92} radius="md" />
            ),
          )}
        </SimpleGrid>
      ) : null}

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
