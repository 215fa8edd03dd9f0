import { Button, Modal, Paper, Table } from '@mantine/core';
import { notify, PageTitle, QueryView, useGroups, usePermissions } from '@parta/shared';
import type { Room } from '@parta/shared/domain/contracts/timetable-generator';
import { ROOM_KINDS } from '@parta/shared/domain/timetable';
import { useState } from 'react';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { useDeleteRoom } from '../features/rooms/api/delete-room';
import { useRooms } from '../features/rooms/api/get-rooms';
import { useSaveRoom } from '../features/rooms/api/save-room';
import { RoomForm } from '../features/rooms/ui/room-form';
import { RowActions } from '../lib/row-actions';

/** Кабинеты: what the timetable generator books (kind, capacity, a teacher's own room). */
export function RoomsPage() {
  const { can } = usePermissions();
  const { organizationId, select } = useOrganizationChoice();
  const rooms = useRooms(organizationId);
  const staff = useGroups(organizationId, organizationId !== undefined);
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const editable = can('timetables.edit');
  const saveRoom = useSaveRoom();
  const deleteRoom = useDeleteRoom();

  return (
    <>
      <PageTitle
        description="Строка нагрузки может требовать кабинет определённого вида или конкретный кабинет"
        actions={editable ? <Button onClick={() => setEditing('new')}>Добавить кабинет</Button> : undefined}
      >
        Кабинеты
      </PageTitle>
      {select}
      <Paper withBorder p="md" radius="md" mt={select ? 'md' : undefined}>
        <QueryView query={rooms} errorText="Не удалось загрузить кабинеты" empty="Кабинетов пока нет">
          {(list) => (
            <Table.ScrollContainer minWidth={340}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Кабинет</Table.Th>
                    <Table.Th>Вид</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      Мест
                    </Table.Th>
                    <Table.Th visibleFrom="sm">Учитель</Table.Th>
                    {editable ? <Table.Th /> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((room) => (
                    <Table.Tr key={room.id} data-testid="room-row">
                      <Table.Td fw={500}>{room.name}</Table.Td>
                      <Table.Td>{ROOM_KINDS[room.kind]}</Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {room.capacity ?? '—'}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{room.teacher_name ?? '—'}</Table.Td>
                      {editable ? (
                        <RowActions
                          onEdit={() => setEditing(room)}
                          onDelete={async () => (await deleteRoom.mutateAsync(room.id)).message}
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
        title={editing === 'new' ? 'Новый кабинет' : 'Кабинет'}
      >
        {editing !== null ? (
          <RoomForm
            room={editing === 'new' ? undefined : editing}
            teachers={staff.data?.teachers ?? []}
            onSubmit={async (input) => {
              await saveRoom.mutateAsync({
                input: { ...input, organization_id: organizationId },
                id: editing === 'new' ? undefined : editing.id,
              });
              notify.success('Кабинет сохранён');
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
