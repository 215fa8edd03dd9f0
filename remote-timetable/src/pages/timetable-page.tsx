import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  TextInput,
} from '@mantine/core';
import { getErrorMessage, notify, PageTitle, QueryView, usePermissions } from '@parta/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useBells } from '../features/bells/api/get-bells';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { useCreateTemplate } from '../features/timetable/api/create-template';
import { useTemplates } from '../features/timetable/api/get-templates';
import { WeekView } from '../features/timetable/ui/week-view';
import { paths } from '../lib/paths';

/** Расписание (timetable.index): templates, and the class's and teacher's week the school uses daily. */
export function TimetablePage() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const { organizationId, select } = useOrganizationChoice();
  const templates = useTemplates(organizationId);
  const bells = useBells(organizationId);
  const createTemplate = useCreateTemplate();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [bellId, setBellId] = useState<string | null>(null);
  const editable = can('timetables.edit');

  return (
    <>
      <PageTitle
        description="Шаблон — недельная сетка; применённый к периоду, он даёт уроки по датам"
        actions={
          <Group gap="xs">
            <Button variant="default" component={Link} to={paths.rooms}>
              Кабинеты
            </Button>
            <Button variant="default" component={Link} to={paths.availability}>
              Недоступность
            </Button>
            {editable ? (
              <>
                <Button variant="light" component={Link} to={paths.generator}>
                  Составить расписание
                </Button>
                <Button onClick={() => setCreating(true)}>Новый шаблон</Button>
              </>
            ) : null}
          </Group>
        }
      >
        Расписание
      </PageTitle>
      <Tabs defaultValue="class" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="class">Неделя класса</Tabs.Tab>
          <Tabs.Tab value="teacher">Неделя учителя</Tabs.Tab>
          <Tabs.Tab value="templates">Шаблоны</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="class">
          <WeekView mode="class" />
        </Tabs.Panel>
        <Tabs.Panel value="teacher">
          <WeekView mode="teacher" />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          {select ? <div style={{ marginBottom: 16 }}>{select}</div> : null}
          <Paper withBorder p="md" radius="md">
            <QueryView query={templates} errorText="Не удалось загрузить шаблоны">
              {(list) => (
                <Table.ScrollContainer minWidth={340}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Шаблон</Table.Th>
                        <Table.Th visibleFrom="sm">Учебный год</Table.Th>
                        <Table.Th ta="right">Уроков в неделю</Table.Th>
                        {editable ? <Table.Th /> : null}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.map((template) => (
                        <Table.Tr key={template.id} data-testid="template-row">
                          <Table.Td>
                            <Group gap="xs">
                              <Anchor component={Link} to={paths.template(template.id)} fw={500}>
                                {template.name}
                              </Anchor>
                              {template.active ? <Badge variant="light">действует</Badge> : null}
                            </Group>
                          </Table.Td>
                          <Table.Td visibleFrom="sm">{template.academic_year}</Table.Td>
                          <Table.Td ta="right">{template.slots_count}</Table.Td>
                          {editable ? (
                            <Table.Td ta="right">
                              <Button
                                size="compact-sm"
                                variant="light"
                                component={Link}
                                to={paths.timetableCreate(template.id)}
                              >
                                Применить
                              </Button>
                            </Table.Td>
                          ) : null}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </QueryView>
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Новый шаблон расписания">
        <Stack>
          <TextInput
            label="Название"
            withAsterisk
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            label="Расписание звонков"
            placeholder="Основное"
            clearable
            data={(bells.data ?? []).map((bell) => ({ value: String(bell.id), label: bell.name }))}
            value={bellId}
            onChange={setBellId}
          />
          <Group justify="flex-end">
            <Button
              onClick={async () => {
                try {
                  const template = await createTemplate.mutateAsync({
                    organization_id: organizationId,
                    name,
                    academic_year: templates.data?.[0]?.academic_year ?? '2026/2027',
                    bell_schedule_id: bellId ? Number(bellId) : null,
                  });
                  notify.success('Шаблон создан');
                  navigate(paths.template(template.id));
                } catch (error) {
                  notify.error(getErrorMessage(error));
                }
              }}
            >
              Создать
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
