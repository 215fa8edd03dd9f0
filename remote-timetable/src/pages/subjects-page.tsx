import { Badge, Button, Group, Modal, Paper, Table, Text } from '@mantine/core';
import { notify, PageTitle, QueryView, usePermissions } from '@parta/shared';
import type { Subject } from '@parta/shared/domain/contracts/timetable';
import { useState } from 'react';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { useDeleteSubject } from '../features/subjects/api/delete-subject';
import { useSubjects } from '../features/subjects/api/get-subjects';
import { useSaveSubject } from '../features/subjects/api/save-subject';
import { SubjectForm } from '../features/subjects/ui/subject-form';
import { RowActions } from '../lib/row-actions';

/** Предметы (subject.index): the organization's subjects; a subject in use is archived, not deleted. */
export function SubjectsPage() {
  const { can } = usePermissions();
  const { organizationId, select } = useOrganizationChoice();
  const subjects = useSubjects(organizationId);
  const [editing, setEditing] = useState<Subject | 'new' | null>(null);
  const editable = can('subjects.edit');
  const saveSubject = useSaveSubject();
  const deleteSubject = useDeleteSubject();

  return (
    <>
      <PageTitle
        description="Ранг трудности нужен для проверки дневной нагрузки по СанПиН"
        actions={editable ? <Button onClick={() => setEditing('new')}>Добавить предмет</Button> : undefined}
      >
        Предметы
      </PageTitle>
      {select}
      <Paper withBorder p="md" radius="md" mt={select ? 'md' : undefined}>
        <QueryView query={subjects} errorText="Не удалось загрузить предметы" empty="Предметов пока нет">
          {(list) => (
            <Table.ScrollContainer minWidth={340}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Предмет</Table.Th>
                    <Table.Th visibleFrom="sm">Сокращение</Table.Th>
                    <Table.Th ta="right">Ранг</Table.Th>
                    {editable ? <Table.Th /> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((subject) => (
                    <Table.Tr key={subject.id} data-testid="subject-row">
                      <Table.Td>
                        <Group gap="xs">
                          <Text fw={500}>{subject.name}</Text>
                          {subject.archived ? (
                            <Badge color="gray" variant="light">
                              архив
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{subject.short_name}</Table.Td>
                      <Table.Td ta="right">{subject.rank ?? '—'}</Table.Td>
                      {editable ? (
                        <RowActions
                          onEdit={() => setEditing(subject)}
                          onDelete={async () => (await deleteSubject.mutateAsync(subject.id)).message}
                        />
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryView>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Новый предмет' : 'Предмет'}
      >
        {editing !== null ? (
          <SubjectForm
            subject={editing === 'new' ? undefined : editing}
            onSubmit={async (input) => {
              await saveSubject.mutateAsync({
                input: { ...input, organization_id: organizationId },
                id: editing === 'new' ? undefined : editing.id,
              });
              notify.success('Предмет сохранён');
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
