import { Button, Group, Modal, Paper, SegmentedControl, Select } from '@mantine/core';
import {
  classOptions,
  getErrorMessage,
  ListSearch,
  notify,
  PagedQueryView,
  PageTitle,
  useGroups,
  useListParams,
  usePermissions,
} from '@parta/shared';
import type { StudentListQuery } from '@parta/shared/domain/contracts/people';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateStudent } from '../features/students/api/create-student';
import { useExportStudents } from '../features/students/api/export-students';
import { useStudents } from '../features/students/api/get-students';
import { ImportStudentsModal } from '../features/students/ui/import-students-modal';
import { StudentForm } from '../features/students/ui/student-form';
import { StudentsTable } from '../features/students/ui/students-table';
import { paths } from '../lib/paths';

const FILTERS = ['search', 'group_id', 'status'] as const;

/** Ученики (student.index): class filter, search and status, paged by the server; create, import, export. */
export function StudentsPage() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const { values, page, set } = useListParams(FILTERS);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);

  const status = (values.status || 'active') as NonNullable<StudentListQuery['status']>;
  const groupId = Number(values.group_id) || undefined;
  const groups = useGroups();
  const students = useStudents({
    page,
    per_page: 15,
    search: values.search || undefined,
    group_id: groupId,
    status,
  });
  const createStudent = useCreateStudent();
  const exportStudents = useExportStudents();
  const editable = can('students.edit');

  const runExport = () =>
    exportStudents.mutate(
      { group_id: groupId, search: values.search || undefined, status },
      { onError: (error) => notify.error(getErrorMessage(error, 'Не удалось выгрузить список')) },
    );

  return (
    <>
      <PageTitle
        description="Списки классов, карточки учеников, импорт и выгрузка в Excel"
        actions={
          <>
            <Button variant="default" onClick={runExport} loading={exportStudents.isPending}>
              Экспорт в Excel
            </Button>
            {editable ? (
              <>
                <Button variant="light" onClick={() => setImporting(true)}>
                  Импорт из Excel
                </Button>
                <Button onClick={() => setCreating(true)}>Добавить ученика</Button>
              </>
            ) : null}
          </>
        }
      >
        Ученики
      </PageTitle>
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <ListSearch
            placeholder="Фамилия, имя или отчество"
            value={values.search}
            onSearch={(search) => set({ search })}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Класс"
            placeholder="Все классы"
            clearable
            searchable
            data={classOptions(groups.data?.groups ?? [])}
            value={values.group_id || null}
            onChange={(value) => set({ group_id: value })}
            style={{ flex: '0 1 240px' }}
          />
          <SegmentedControl
            value={status}
            onChange={(value) => set({ status: value === 'active' ? null : value })}
            data={[
              { value: 'active', label: 'Учатся' },
              { value: 'left', label: 'Выбывшие' },
              { value: 'all', label: 'Все' },
            ]}
          />
        </Group>
        <PagedQueryView
          query={students}
          errorText="Не удалось загрузить учеников"
          empty="Учеников не нашлось. Измените поиск или фильтр."
          onPage={(next) => set({ page: next })}
        >
          {(rows) => <StudentsTable students={rows} />}
        </PagedQueryView>
      </Paper>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Новый ученик" size="lg">
        <StudentForm
          groups={groups.data?.groups ?? []}
          defaultGroupId={groupId}
          submitLabel="Добавить"
          onSubmit={async (input) => {
            const student = await createStudent.mutateAsync(input);
            notify.success('Ученик добавлен');
            setCreating(false);
            navigate(paths.student(student.id));
          }}
        />
      </Modal>
      <ImportStudentsModal opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
