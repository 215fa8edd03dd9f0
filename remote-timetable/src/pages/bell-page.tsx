import { Alert, Button, Loader, Paper } from '@mantine/core';
import { getErrorMessage, notify, PageTitle, useIdParam, usePermissions } from '@parta/shared';
import { useNavigate } from 'react-router-dom';
import { useDeleteBell } from '../features/bells/api/delete-bell';
import { useBell } from '../features/bells/api/get-bell';
import { useSaveBell } from '../features/bells/api/save-bell';
import { BellForm } from '../features/bells/ui/bell-form';
import { paths } from '../lib/paths';

/** bells.create and bells.show: a new bell schedule, or one to view and edit. */
export function BellPage({ creating = false }: { creating?: boolean }) {
  const id = useIdParam();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const bell = useBell(creating ? null : id);
  const editable = can('bells.edit');
  const saveBell = useSaveBell();
  const deleteBell = useDeleteBell();

  if (!creating && bell.error) {
    return <Alert color="red">{getErrorMessage(bell.error, 'Расписание звонков не найдено')}</Alert>;
  }
  if (!creating && !bell.data) return <Loader />;

  return (
    <>
      <PageTitle
        actions={
          !creating && editable ? (
            <Button
              variant="subtle"
              color="red"
              onClick={async () => {
                try {
                  await deleteBell.mutateAsync(bell.data!.id);
                  notify.success('Расписание звонков удалено');
                  navigate(paths.bells);
                } catch (error) {
                  notify.error(getErrorMessage(error));
                }
              }}
            >
              Удалить
            </Button>
          ) : undefined
        }
      >
        {creating ? 'Новое расписание звонков' : (bell.data?.name ?? 'Расписание звонков')}
      </PageTitle>
      <Paper withBorder p="md" radius="md" maw={640}>
        <BellForm
          schedule={creating ? undefined : bell.data}
          readOnly={!editable}
          onSubmit={async (input) => {
            await saveBell.mutateAsync({ input, id: creating ? undefined : bell.data!.id });
            notify.success('Расписание звонков сохранено');
            navigate(paths.bells);
          }}
        />
      </Paper>
    </>
  );
}
