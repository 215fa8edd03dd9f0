import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatDate, getErrorMessage, getFieldErrors, notify } from '@parta/shared';
import type { KtpItem } from '@parta/shared/domain/contracts/ktp';
import { type KeyboardEvent, memo, useMemo, useRef, useState } from 'react';
import { useSaveKtpItems } from '../api/save-ktp-items';
import { type DraftItem, emptyDraft, errorsByRow, moveItem, toDraft, toInput } from '../model/items';

export interface ItemsEditorProps {
  planId: number;
  items: KtpItem[];
  readOnly: boolean;
}

/** What a row tells the editor; the same functions for every row and every drawing (rows are memoized). */
interface RowActions {
  patch: (index: number, values: Partial<DraftItem>) => void;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  drag: (index: number | null) => void;
  drop: (index: number) => void;
}

interface ItemRowProps {
  draft: DraftItem;
  index: number;
  last: boolean;
  dragged: boolean;
  /** Field errors of this row from the last save (`items.N.field` of the 422 answer). */
  errors: Record<string, string | undefined>;
  actions: RowActions;
}

/** A read-only cell: the text wraps, so a long section or control type is never cut. */
function TextCell({ value }: { value: string | null }) {
  return <Table.Td style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Table.Td>;
}

/** One item read by someone who may not change the plan: text, no fields (a year is ~170 rows). */
const ReadOnlyRow = memo(function ReadOnlyRow({ draft, index }: { draft: DraftItem; index: number }) {
  return (
    <Table.Tr data-testid="ktp-item">
      <Table.Td>{index + 1}</Table.Td>
      <TextCell value={draft.section} />
      <TextCell value={draft.topic} />
      <Table.Td>{draft.hours.toLocaleString('ru-RU')}</Table.Td>
      <TextCell value={draft.homework} />
      <TextCell value={draft.control_type} />
      <Table.Td>{draft.planned_date ? formatDate(draft.planned_date) : '—'}</Table.Td>
      <Table.Td>{draft.actual_date ? formatDate(draft.actual_date) : '—'}</Table.Td>
    </Table.Tr>
  );
});

/**
 * One item's fields. Memoized: typing in a row redraws that row, not the plan's other rows (each
 * has six fields; redrawing a year's plan on every keystroke made typing lag on a phone).
 */
const ItemRow = memo(function ItemRow({ draft, index, last, dragged, errors, actions }: ItemRowProps) {
  const { patch, move, remove, drag, drop } = actions;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  const text = (field: 'section' | 'topic' | 'homework' | 'control_type', label: string) => (
    <TextInput
      size="xs"
      aria-label={label}
      // The whole text on hover, where the column is narrower than it.
      title={draft[field] ?? undefined}
      value={draft[field] ?? ''}
      onChange={(event) =>
        patch(index, {
          [field]: field === 'topic' ? event.currentTarget.value : event.currentTarget.value || null,
        })
      }
      error={errors[field]}
    />
  );
  return (
    <Table.Tr
      onKeyDown={onKeyDown}
      onDragOver={(event) => event.preventDefault()}
      onDrop={() => drop(index)}
      style={dragged ? { opacity: 0.5 } : undefined}
      data-testid="ktp-item"
    >
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text
            c="dimmed"
            style={{ cursor: 'grab', userSelect: 'none' }}
            draggable
            onDragStart={() => drag(index)}
            onDragEnd={() => drag(null)}
            aria-hidden
          >
            ⋮⋮
          </Text>
          <Text size="sm">{index + 1}</Text>
        </Group>
      </Table.Td>
      <Table.Td>{text('section', 'Раздел')}</Table.Td>
      <Table.Td>{text('topic', 'Тема')}</Table.Td>
      <Table.Td>
        <NumberInput
          size="xs"
          aria-label="Часы"
          min={0.5}
          max={99}
          step={0.5}
          decimalSeparator=","
          value={draft.hours}
          onChange={(value) => patch(index, { hours: Number(value) || 0 })}
          error={errors.hours}
        />
      </Table.Td>
      <Table.Td>{text('homework', 'Домашнее задание')}</Table.Td>
      <Table.Td>{text('control_type', 'Вид контроля')}</Table.Td>
      <Table.Td>{draft.planned_date ? formatDate(draft.planned_date) : '—'}</Table.Td>
      <Table.Td>
        <DateInput
          size="xs"
          aria-label="Дата факт"
          clearable
          valueFormat="DD.MM.YY"
          value={draft.actual_date}
          onChange={(value) => patch(index, { actual_date: value })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label="Выше"
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label="Ниже"
            disabled={last}
            onClick={() => move(index, index + 1)}
          >
            ↓
          </ActionIcon>
          <Tooltip label="Удалить тему">
            <ActionIcon variant="subtle" color="red" aria-label="Удалить тему" onClick={() => remove(index)}>
              ✕
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

const NO_ERRORS: Record<string, string | undefined> = {};

/**
 * The plan's items edited in place. Reorder by dragging the ⋮⋮ handle, with the ↑ ↓ buttons, or
 * with Alt+↑ / Alt+↓ inside a row; «Сохранить» saves the whole ordered list. Someone who may only
 * read the plan sees its text, not fields.
 */
export function ItemsEditor({ planId, items, readOnly }: ItemsEditorProps) {
  const [drafts, setDrafts] = useState<DraftItem[]>(() => items.map(toDraft));
  const [dragged, setDragged] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const save = useSaveKtpItems(planId);
  const fieldErrors = useMemo(() => (save.error ? getFieldErrors(save.error) : {}), [save.error]);
  const rowErrors = useMemo(() => errorsByRow(fieldErrors), [fieldErrors]);

  const draggedRef = useRef<number | null>(null);
  const actions = useMemo<RowActions & { add: () => void }>(() => {
    const update = (change: (current: DraftItem[]) => DraftItem[]) => {
      setDrafts(change);
      setDirty(true);
    };
    return {
      patch: (index, values) =>
        update((current) => current.map((draft, at) => (at === index ? { ...draft, ...values } : draft))),
      move: (from, to) => update((current) => moveItem(current, from, to)),
      remove: (index) => update((current) => current.filter((_, at) => at !== index)),
      add: () => update((current) => [...current, emptyDraft(current.at(-1)?.section ?? null)]),
      drag: (index) => {
        draggedRef.current = index;
        setDragged(index);
      },
      drop: (index) => {
        const from = draggedRef.current;
        if (from !== null) update((current) => moveItem(current, from, index));
        draggedRef.current = null;
        setDragged(null);
      },
    };
  }, []);
  const hoursTotal = drafts.reduce((sum, draft) => sum + (Number(draft.hours) || 0), 0);

  return (
    <>
      {save.error && Object.keys(fieldErrors).length === 0 ? (
        <Alert color="red" mb="sm">
          {getErrorMessage(save.error, 'Не удалось сохранить темы')}
        </Alert>
      ) : null}
      {/* Its own scroll box with a sticky header: the sideways scrollbar stays on screen however long the plan. */}
      <Table.ScrollContainer minWidth={readOnly ? 980 : 1220} maxHeight="calc(100dvh - 230px)">
        <Table fz="sm" verticalSpacing={4} stickyHeader data-testid="ktp-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>№</Table.Th>
              <Table.Th w={180}>Раздел</Table.Th>
              <Table.Th>Тема</Table.Th>
              <Table.Th w={76}>Часы</Table.Th>
              <Table.Th w={170}>Домашнее задание</Table.Th>
              <Table.Th w={160}>Вид контроля</Table.Th>
              <Table.Th w={80}>По плану</Table.Th>
              <Table.Th w={readOnly ? 80 : 120}>Факт</Table.Th>
              {readOnly ? null : <Table.Th w={100} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.map((draft, index) =>
              readOnly ? (
                <ReadOnlyRow key={draft.key} draft={draft} index={index} />
              ) : (
                <ItemRow
                  key={draft.key}
                  draft={draft}
                  index={index}
                  last={index === drafts.length - 1}
                  dragged={dragged === index}
                  errors={rowErrors.get(index) ?? NO_ERRORS}
                  actions={actions}
                />
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          Тем: {drafts.length}, часов: {hoursTotal.toLocaleString('ru-RU')}
        </Text>
        {readOnly ? null : (
          <Group gap="xs">
            <Button variant="default" onClick={actions.add}>
              Добавить тему
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate(drafts.map(toInput), {
                  onSuccess: () => {
                    setDirty(false);
                    notify.success('Темы сохранены');
                  },
                })
              }
            >
              Сохранить
            </Button>
          </Group>
        )}
      </Group>
    </>
  );
}
