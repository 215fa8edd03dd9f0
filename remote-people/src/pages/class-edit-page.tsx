import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  formatDate,
  fullName,
  getErrorMessage,
  notify,
  PageTitle,
  useGroup,
  useGroups,
  useIdParam,
  usePermissions,
} from '@parta/shared';
import { STUDENT_STATUS_LABELS } from '@parta/shared/domain/contracts/people';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteGroup } from '../features/classes/api/delete-group';
import { useUpdateGroup } from '../features/classes/api/update-group';
import { GroupForm } from '../features/classes/ui/group-form';
import { paths } from '../lib/paths';

/** Класс (class.edit): number, letter, manager, its students; deleting is refused while it has students. */
export function ClassEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const group = useGroup(id);
  const list = useGroups();
  const updateGroup = useUpdateGroup(id);
  const deleteGroup = useDeleteGroup(id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const editable = can('classes.edit');

  if (!Number.isFinite(id) || group.error) {
    return <Alert color="red">{getErrorMessage(group.error, 'Класс не найден')}</Alert>;
  }
  if (!group.data || !list.data) return <Loader />;
  const current = group.data;

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteGroup.mutateAsync();
      notify.success(`Класс ${current.name} удалён`);
      navigate(paths.classes);
    } catch (error) {
      setDeleteError(getErrorMessage(error, 'Не удалось удалить класс'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Anchor component={Link} to={paths.classes} size="sm">
        ← Классы
      </Anchor>
      <PageTitle
        description={`Учебный год ${current.academic_year} · учеников: ${current.students_count}`}
        actions={
          <>
            <Button variant="light" component={Link} to={`${paths.subgroups}?group_id=${current.id}`}>
              Подгруппы
            </Button>
            {editable ? (
              <Button color="red" variant="subtle" onClick={() => setConfirmDelete(true)}>
                Удалить класс
              </Button>
            ) : null}
          </>
        }
      >
        {`${current.name} класс`}
      </PageTitle>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <GroupForm
            key={`${current.id}-${current.manager_id}-${current.letter}-${current.number}`}
            group={current}
            teachers={list.data.teachers}
            submitLabel="Сохранить"
            readOnly={!editable}
            onSubmit={async (input) => {
              await updateGroup.mutateAsync(input);
              notify.success('Изменения сохранены');
            }}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>Ученики</Title>
            <Anchor component={Link} to={`${paths.students}?group_id=${current.id}`} size="sm">
              Открыть в списке учеников
            </Anchor>
          </Group>
          {current.students.length === 0 ? (
            <Text c="dimmed" size="sm">
              В классе пока нет учеников. Добавьте их на странице «Ученики» или загрузите список из Excel.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={6}>
                <Table.Tbody>
                  {current.students.map((student, index) => (
                    <Table.Tr key={student.id} data-testid="class-student">
                      <Table.Td w={40} c="dimmed">
                        {index + 1}
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={paths.student(student.id)} size="sm">
                          {fullName(student)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatDate(student.birth_date)}</Table.Td>
                      <Table.Td ta="right">
                        {student.status === 'left' ? (
                          <Badge color="gray" variant="light" tt="none">
                            {STUDENT_STATUS_LABELS.left}
                          </Badge>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
      <Modal
        opened={confirmDelete}
        onClose={() => {
          setConfirmDelete(false);
          setDeleteError(null);
        }}
        title={`Удалить класс ${current.name}?`}
      >
        <Stack>
          {deleteError ? (
            <Alert color="red" title="Класс не удалён" data-testid="delete-refused">
              {deleteError}
            </Alert>
          ) : (
            <Text size="sm">
              Класс без учеников, нагрузки и расписания можно удалить. Это нельзя отменить.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Отмена
            </Button>
            <Button color="red" onClick={remove} loading={deleting} disabled={Boolean(deleteError)}>
              Удалить
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
