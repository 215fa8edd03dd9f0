import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageTitle, QueryView, useClassLabels } from '@parta/shared';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useJournalIndex } from '../features/journal/api/get-journal-index';
import { LoadPicker, loadLabel } from '../features/journal/ui/load-picker';
import { journalPaths } from '../lib/paths';

/** Журнал (journal.organization): pick a class and subject; the teacher's own journals as quick links. */
export function JournalIndexPage() {
  const index = useJournalIndex();
  const navigate = useNavigate();
  const own = index.data?.loads.filter((load) => load.own) ?? [];
  const classLabels = useClassLabels(index.data?.loads ?? []);
  // The grid's code is fetched while the teacher picks a journal, so the click waits only for marks.
  useEffect(() => {
    void import('./journal-page');
  }, []);
  return (
    <>
      <PageTitle
        description="Выберите класс и предмет: свои журналы первыми"
        actions={
          <Group gap="xs">
            <Button component={Link} to={journalPaths.final} variant="light">
              Итоговые
            </Button>
            <Button component={Link} to={journalPaths.topics} variant="light">
              Темы
            </Button>
            <Button component={Link} to={journalPaths.attendance} variant="light">
              Посещаемость
            </Button>
          </Group>
        }
      >
        Журнал
      </PageTitle>
      <QueryView query={index} errorText="Не удалось загрузить журналы">
        {(journals) => (
          <Stack>
            <Paper withBorder p="md" radius="md">
              <LoadPicker
                loads={journals.loads}
                value={null}
                onChange={(load) => navigate(journalPaths.grid(load.group_id, load.id))}
              />
            </Paper>
            {own.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {own.map((load) => (
                  <Paper key={load.id} withBorder p="md" radius="md">
                    <Anchor component={Link} to={journalPaths.grid(load.group_id, load.id)} fw={600}>
                      {loadLabel(load, classLabels)}
                    </Anchor>
                    <Group gap="xs" mt={6}>
                      <Badge variant="light">{load.hours_per_week} ч в неделю</Badge>
                      {load.editable ? null : <Badge color="gray">только чтение</Badge>}
                    </Group>
                  </Paper>
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed">Своих журналов нет: откройте любой журнал школы из списка.</Text>
            )}
          </Stack>
        )}
      </QueryView>
    </>
  );
}
