import { Button, Paper, Table } from '@mantine/core';
import {
  EditorModal,
  ItemsTable,
  notify,
  PageTitle,
  QueryView,
  useGroups,
  useItemEditor,
  usePermissions,
} from '@parta/shared';
import type { Room } from '@parta/shared/domain/contracts/timetable-generator';
import { ROOM_KINDS } from '@parta/shared/domain/timetable';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { useDeleteRoom } from '../features/rooms/api/delete-room';
import { useRooms } from '../features/rooms/api/get-rooms';
import { useSaveRoom } from '../features/rooms/api/save-room';
import { RoomForm } from '../features/rooms/ui/room-form';

/** Кабинеты: what the timetable generator books (kind, capacity, a teacher's own room). */
export function RoomsPage() {
  const { can } = usePermissions();
  const { organizationId, select } = useOrganizationChoice();
  const rooms = useRooms(organizationId);
  const staff = useGroups(organizationId, organizationId !== undefined);
  const editor = useItemEditor<Room>();
  const editable = can('timetables.edit');
  const saveRoom = useSaveRoom();
  const deleteRoom = useDeleteRoom();

  return (
    <>
      <PageTitle
        description="Строка нагрузки может требовать кабинет определённого вида или конкретный кабинет"
        actions={editable ? <Button onClick={editor.openNew}>Добавить кабинет</Button> : undefined}
      >
        Кабинеты
      </PageTitle>
      {select}
      <Paper withBorder p="md" radius="md" mt={select ? 'md' : undefined}>
        <QueryView query={rooms} errorText="Не удалось загрузить кабинеты" empty="Кабинетов пока нет">
          {(list) => (
            <ItemsTable
              items={list}
              rowTestId="room-row"
              head={
                <>
                  <Table.Th>Кабинет</Table.Th>
                  <Table.Th>Вид</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Мест
                  </Table.Th>
                  <Table.Th visibleFrom="sm">Учитель</Table.Th>
                </>
              }
              cells={(room) => (
                <>
                  <Table.Td fw={500}>{room.name}</Table.Td>
                  <Table.Td>{ROOM_KINDS[room.kind]}</Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {room.capacity ?? '—'}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{room.teacher_name ?? '—'}</Table.Td>
                </>
              )}
              edit={
                editable
                  ? {
                      onEdit: editor.open,
                      onDelete: async (room) => (await deleteRoom.mutateAsync(room.id)).message,
                    }
                  : undefined
              }
            />
          )}
        </QueryView>
      </Paper>
      <EditorModal editor={editor} title="Кабинет" newTitle="Новый кабинет">
        {(room) => (
          <RoomForm
            room={room}
            teachers={staff.data?.teachers ?? []}
            onSubmit={async (input) => {
              await saveRoom.mutateAsync({
                input: { ...input, organization_id: organizationId },
                id: room?.id,
              });
              notify.success('Кабинет сохранён');
              editor.close();
            }}
          />
        )}
      </EditorModal>
    </>
  );
}
