import { Anchor, Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { PageTitle, QueryView, usePermissions } from '@parta/shared';
import { Link } from 'react-router-dom';
import { useBells } from '../features/bells/api/get-bells';
import { BellLessonsTable } from '../features/bells/ui/bell-lessons-table';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { paths } from '../lib/paths';

/** Звонки (bells.index): every bell schedule of the school, the default one first. */
export function BellsPage() {
  const { can } = usePermissions();
  const { organizationId, select } = useOrganizationChoice();
  const bells = useBells(organizationId);
  return (
    <>
      <PageTitle
        description="Основное расписание служит всем классам, кроме указанных в других"
        actions={
          can('bells.edit') ? (
            <Button component={Link} to={paths.bellCreate}>
              Новое расписание
            </Button>
          ) : undefined
        }
      >
        Расписание звонков
      </PageTitle>
      {select ? <div style={{ marginBottom: 16 }}>{select}</div> : null}
      <QueryView query={bells} errorText="Не удалось загрузить звонки" empty="Расписаний звонков пока нет">
        {(list) => (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            {list.map((schedule) => (
              <Card key={schedule.id} withBorder radius="md" data-testid="bell-schedule">
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Anchor fw={600} component={Link} to={paths.bell(schedule.id)}>
                    {schedule.name}
                  </Anchor>
                  {schedule.is_default ? <Badge>основное</Badge> : null}
                </Group>
                {schedule.grades.length > 0 ? (
                  <Text size="sm" c="dimmed" mb="xs">
                    Классы: {schedule.grades.join(', ')}
                  </Text>
                ) : null}
                <BellLessonsTable lessons={schedule.lessons} />
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </>
  );
}
