import { Button, Modal, Paper } from '@mantine/core';
import { notify, PageTitle, QueryView, useGroups, usePermissions } from '@parta/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateGroup } from '../features/classes/api/create-group';
import { GroupForm } from '../features/classes/ui/group-form';
import { GroupsTable } from '../features/classes/ui/groups-table';
import { paths } from '../lib/paths';

/** Классы (class.index): every class of the organization with its manager and size. */
export function ClassesPage() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const groups = useGroups();
  const createGroup = useCreateGroup();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageTitle
        description="Классы текущего учебного года и их классные руководители"
        actions={
          can('classes.edit') ? <Button onClick={() => setCreating(true)}>Добавить класс</Button> : undefined
        }
      >
        Классы
      </PageTitle>
      <Paper withBorder p="md" radius="md">
        <QueryView
          query={groups}
          errorText="Не удалось загрузить классы"
          empty="Классов пока нет"
          isEmpty={(loaded) => loaded.groups.length === 0}
        >
          {(loaded) => <GroupsTable groups={loaded.groups} />}
        </QueryView>
      </Paper>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Новый класс">
        <GroupForm
          teachers={groups.data?.teachers ?? []}
          submitLabel="Создать"
          onSubmit={async (input) => {
            const group = await createGroup.mutateAsync(input);
            notify.success(`Класс ${group.name} создан`);
            setCreating(false);
            navigate(paths.classEdit(group.id));
          }}
        />
      </Modal>
    </>
  );
}
