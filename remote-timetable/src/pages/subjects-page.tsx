import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import {
  EditorModal,
  ItemsTable,
  notify,
  PageTitle,
  QueryView,
  useItemEditor,
  usePermissions,
} from '@parta/shared';
import type { Subject } from '@parta/shared/domain/contracts/timetable';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { useDeleteSubject } from '../features/subjects/api/delete-subject';
import { useSubjects } from '../features/subjects/api/get-subjects';
import { useSaveSubject } from '../features/subjects/api/save-subject';
import { SubjectForm } from '../features/subjects/ui/subject-form';

/** Предметы (subject.index): the organization's subjects; a subject in use is archived, not deleted. */
export function SubjectsPage() {
  const { can } = usePermissions();
  const { organizationId, select } = useOrganizationChoice();
  const subjects = useSubjects(organizationId);
  const editor = useItemEditor<Subject>();
  const editable = can('subjects.edit');
  const saveSubject = useSaveSubject();
  const deleteSubject = useDeleteSubject();

  return (
    <>
      <PageTitle
        description="Ранг трудности нужен для проверки дневной нагрузки по СанПиН"
        actions={editable ? <Button onClick={editor.openNew}>Добавить предмет</Button> : undefined}
      >
        Предметы
      </PageTitle>
      {select}
      <Paper withBorder p="md" radius="md" mt={select ? 'md' : undefined}>
        <QueryView query={subjects} errorText="Не удалось загрузить предметы" empty="Предметов пока нет">
          {(list) => (
            <ItemsTable
              items={list}
              rowTestId="subject-row"
              head={
                <>
                  <Table.Th>Предмет</Table.Th>
                  <Table.Th visibleFrom="sm">Сокращение</Table.Th>
                  <Table.Th ta="right">Ранг</Table.Th>
                </>
              }
              cells={(subject) => (
                <>
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
                </>
              )}
              edit={
                editable
                  ? {
                      onEdit: editor.open,
                      onDelete: async (subject) => (await deleteSubject.mutateAsync(subject.id)).message,
                    }
                  : undefined
              }
            />
          )}
        </QueryView>
      </Paper>
      <EditorModal editor={editor} title="Предмет" newTitle="Новый предмет">
        {(subject) => (
          <SubjectForm
            subject={subject}
            onSubmit={async (input) => {
              await saveSubject.mutateAsync({
                input: { ...input, organization_id: organizationId },
                id: subject?.id,
              });
              notify.success('Предмет сохранён');
              editor.close();
            }}
          />
        )}
      </EditorModal>
    </>
  );
}
