import { Modal, type ModalProps } from '@mantine/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';

/** What a list's modal editor has open: nothing, a new item, or one item of the list. */
export interface ItemEditor<T> {
  opened: boolean;
  /** The item being edited; undefined while a new one is being created (and while closed). */
  item: T | undefined;
  /** Opens the editor on a new item («Добавить …»). */
  openNew: () => void;
  /** Opens the editor on an item of the list (its «Изменить»). */
  open: (item: T) => void;
  close: () => void;
}

/**
 * The state of a list's modal editor (rooms, subjects, periods, load lines): closed, creating, or
 * editing one item. Pass it to EditorModal; the list's buttons call `openNew` and `open(item)`.
 */
export function useItemEditor<T>(): ItemEditor<T> {
  const [editing, setEditing] = useState<{ item: T | undefined } | null>(null);
  const openNew = useCallback(() => setEditing({ item: undefined }), []);
  const open = useCallback((item: T) => setEditing({ item }), []);
  const close = useCallback(() => setEditing(null), []);
  return useMemo(
    () => ({ opened: editing !== null, item: editing?.item, openNew, open, close }),
    [editing, openNew, open, close],
  );
}

export interface EditorModalProps<T> extends Omit<ModalProps, 'opened' | 'onClose' | 'title' | 'children'> {
  editor: ItemEditor<T>;
  /** The title over an item of the list («Кабинет»). */
  title: ReactNode;
  /** The title over a new item («Новый кабинет»); `title` when absent. */
  newTitle?: ReactNode;
  /**
   * The form, given the item (undefined for a new one). It is mounted each time the editor opens,
   * so it starts from the item's values, and unmounted when it closes.
   */
  children: (item: T | undefined) => ReactNode;
}

/** The dialog of a list's editor: open while `editor` is, titled for a new item or an old one. */
export function EditorModal<T>({ editor, title, newTitle = title, children, ...modal }: EditorModalProps<T>) {
  const creating = editor.opened && editor.item === undefined;
  return (
    <Modal {...modal} opened={editor.opened} onClose={editor.close} title={creating ? newTitle : title}>
      {editor.opened ? children(editor.item) : null}
    </Modal>
  );
}
