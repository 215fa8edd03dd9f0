import { Button, MantineProvider, TextInput } from '@mantine/core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { EditorModal, type ItemEditor, useItemEditor } from './editor-modal';

interface Room {
  id: number;
  name: string;
}

const ROOMS: Room[] = [
  { id: 1, name: '101' },
  { id: 2, name: 'Спортзал' },
];

/** A form that keeps what is typed in its own state, as Mantine's useForm does. */
function RoomForm({ room, onDone }: { room: Room | undefined; onDone: () => void }) {
  const [name, setName] = useState(room?.name ?? '');
  return (
    <>
      <TextInput label="Название" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <Button onClick={onDone}>Сохранить</Button>
    </>
  );
}

function RoomsList({ newTitle }: { newTitle?: string }) {
  const editor = useItemEditor<Room>();
  return (
    <>
      <Button onClick={editor.openNew}>Добавить кабинет</Button>
      {ROOMS.map((room) => (
        <Button key={room.id} onClick={() => editor.open(room)}>
          Изменить {room.name}
        </Button>
      ))}
      <EditorModal editor={editor} title="Кабинет" newTitle={newTitle}>
        {(room) => <RoomForm room={room} onDone={editor.close} />}
      </EditorModal>
    </>
  );
}

function show(newTitle?: string) {
  return render(
    <MantineProvider env="test">
      <RoomsList newTitle={newTitle} />
    </MantineProvider>,
  );
}

const nameField = () => screen.getByRole('textbox', { name: 'Название' }) as HTMLInputElement;

describe('useItemEditor', () => {
  it('is closed at first, then creating, editing one item, and closed again', () => {
    const { result } = renderHook(() => useItemEditor<Room>());
    const state = (editor: ItemEditor<Room>) => ({ opened: editor.opened, item: editor.item });
    expect(state(result.current)).toEqual({ opened: false, item: undefined });
    act(() => result.current.openNew());
    expect(state(result.current)).toEqual({ opened: true, item: undefined });
    act(() => result.current.open(ROOMS[1]));
    expect(state(result.current)).toEqual({ opened: true, item: ROOMS[1] });
    act(() => result.current.close());
    expect(state(result.current)).toEqual({ opened: false, item: undefined });
  });

  it('keeps its handlers across renders, so they can be passed straight to buttons', () => {
    const { result, rerender } = renderHook(() => useItemEditor<Room>());
    const { openNew, open, close } = result.current;
    act(() => result.current.open(ROOMS[0]));
    rerender();
    expect([result.current.openNew, result.current.open, result.current.close]).toEqual([
      openNew,
      open,
      close,
    ]);
  });
});

describe('EditorModal', () => {
  it('shows no dialog until the editor opens', () => {
    show('Новый кабинет');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('opens on a new item under the new title, with an empty form', () => {
    show('Новый кабинет');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить кабинет' }));
    expect(screen.getByRole('dialog', { name: 'Новый кабинет' })).toBeTruthy();
    expect(nameField().value).toBe('');
  });

  it('opens on an item of the list under its title, with the item in the form', () => {
    show('Новый кабинет');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить Спортзал' }));
    expect(screen.getByRole('dialog', { name: 'Кабинет' })).toBeTruthy();
    expect(nameField().value).toBe('Спортзал');
  });

  it('uses the one title for new items too when no new title is given', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить кабинет' }));
    expect(screen.getByRole('dialog', { name: 'Кабинет' })).toBeTruthy();
  });

  it('closes from the form, and the next opening starts from the item again, not from what was typed', () => {
    show('Новый кабинет');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить 101' }));
    fireEvent.change(nameField(), { target: { value: '102' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить 101' }));
    expect(nameField().value).toBe('101');
  });

  it('closes from its own close button', () => {
    const { container } = show('Новый кабинет');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить кабинет' }));
    const closeButton = screen.getByRole('dialog').querySelector('.mantine-Modal-close');
    expect(closeButton).not.toBeNull();
    fireEvent.click(closeButton as Element);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.ownerDocument.querySelector('.mantine-Modal-content')).toBeNull();
  });
});
