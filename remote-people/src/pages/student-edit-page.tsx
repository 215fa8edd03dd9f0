import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack } from '@mantine/core';
import {
  formatDate,
  fullName,
  getErrorMessage,
  notify,
  PageTitle,
  useGroups,
  useIdParam,
  usePermissions,
} from '@parta/shared';
import { STUDENT_STATUS_LABELS, type StudentInputParsed } from '@parta/shared/domain/contracts/people';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ParentsPanel } from '../features/parents/ui/parents-panel';
import { useStudent } from '../features/students/api/get-student';
import { useUpdateStudent } from '../features/students/api/update-student';
import { DiaryLoginPanel } from '../features/students/ui/diary-login-panel';
import { StudentForm } from '../features/students/ui/student-form';
import { paths } from '../lib/paths';

/** Карточка ученика (student.edit): data, class (moving), parents, diary login, «выбыл». */
export function StudentEditPage() {
  const id = useIdParam();
  const { can } = usePermissions();
  const student = useStudent(id);
  const groups = useGroups();
  const updateStudent = useUpdateStudent(id);
  const [changingStatus, setChangingStatus] = useState(false);
  const editable = can('students.edit');

  if (!Number.isFinite(id) || student.error) {
    return <Alert color="red">{getErrorMessage(student.error, 'Ученик не найден')}</Alert>;
  }
  if (!student.data || !groups.data) return <Loader />;
  const current = student.data;

  const save = async (input: StudentInputParsed) => {
    await updateStudent.mutateAsync(input);
    notify.success('Изменения сохранены');
  };

  const setStatus = async (status: 'active' | 'left') => {
    setChangingStatus(true);
    try {
      await save({
        surname: current.surname,
        name: current.name,
        patronymic: current.patronymic,
        birth_date: current.birth_date,
        group_id: current.group_id,
        status,
      });
    } catch (error) {
      notify.error(getErrorMessage(error));
    } finally {
      setChangingStatus(false);
    }
  };

  return (
    <>
      <Anchor component={Link} to={paths.students} size="sm">
        ← Ученики
      </Anchor>
      <PageTitle
        description={
          <Group gap="xs" component="span">
            <span>{current.group_name ? `${current.group_name} класс` : 'Без класса'}</span>
            <Badge color={current.status === 'active' ? 'emerald' : 'gray'} variant="light">
              {STUDENT_STATUS_LABELS[current.status]}
              {current.left_at ? ` ${formatDate(current.left_at)}` : ''}
            </Badge>
          </Group>
        }
        actions={
          editable ? (
            current.status === 'active' ? (
              <Button color="red" variant="light" loading={changingStatus} onClick={() => setStatus('left')}>
                Отметить выбывшим
              </Button>
            ) : (
              <Button variant="light" loading={changingStatus} onClick={() => setStatus('active')}>
                Вернуть в списки
              </Button>
            )
          ) : undefined
        }
      >
        {fullName(current)}
      </PageTitle>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <StudentForm
            key={`${current.id}-${current.status}-${current.group_id}`}
            student={current}
            groups={groups.data.groups.filter((group) => group.organization_id === current.organization_id)}
            submitLabel="Сохранить"
            readOnly={!editable}
            onSubmit={save}
          />
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md" radius="md">
            <ParentsPanel studentId={current.id} parents={current.parents} editable={editable} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <DiaryLoginPanel studentId={current.id} login={current.login} editable={editable} />
          </Paper>
        </SimpleGrid>
      </Stack>
    </>
  );
}
