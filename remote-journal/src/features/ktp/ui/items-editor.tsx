import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatDate, getErrorMessage, getFieldErrors, notify, useNarrowList } from '@parta/shared';
import type { KtpItem } from '@parta/shared/domain/contracts/ktp';
import { type KeyboardEvent, memo, useMemo, useRef, useState } from 'react';
import { useSaveKtpItems } from '../api/save-ktp-items';
import { type DraftItem, emptyDraft, errorsByRow, moveItem, toDraft, toInput } from '../model/items';
import classes from './items-editor.module.css';

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

/** The same item on a phone: one card, each text under its name (no table scrolled sideways). */
const ReadOnlyCard = memo(function ReadOnlyCard({ draft, index }: { draft: DraftItem; index: number }) {
  const line = (label: string, value: string | null) =>
    value ? (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span c="dimmed" size="sm">
          {label}:{' '}
        </Text>
        {value}
      </Text>
    ) : null;
  return (
    <Paper withBorder radius="md" className={classes.card} data-testid="ktp-item">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {index + 1}. {draft.topic}
      </Text>
      {line('Раздел', draft.section)}
      {line('Часы', draft.hours.toLocaleString('ru-RU'))}
      {line('Домашнее задание', draft.homework)}
      {line('Вид контроля', draft.control_type)}
      <Text size="sm" c="dimmed">
        По плану: {draft.planned_date ? formatDate(draft.planned_date) : '—'} · Факт:{' '}
        {draft.actual_date ? formatDate(draft.actual_date) : '—'}
      </Text>
    </Paper>
  );
});

type TextField = 'section' | 'topic' | 'homework' | 'control_type';

/**
 * The fields of one item, for the table's row and the phone's card alike: `labelled` shows each
 * field's name above it (the card); in the table the column names it (the field's accessible name).
 */
function itemFields({ draft, index, last, errors, actions }: ItemRowProps, labelled: boolean) {
  const { patch, move, remove } = actions;
  const name = (label: string) => (labelled ? { label } : { 'aria-label': label });
  const text = (field: TextField, label: string) => (
    <Textarea
      size="xs"
      rows={1}
      classNames={{ input: classes.grow }}
      {...name(label)}
      // The whole text on hover, where a browser cannot grow the field with it.
      title={draft[field] ?? undefined}
      value={draft[field] ?? ''}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      onChange={(event) => {
        // A pasted line break is a space: the plan's texts are one line each.
        const value = event.currentTarget.value.replace(/[\r\n]+/g, ' ');
        patch(index, { [field]: field === 'topic' ? value : value || null });
      }}
      error={errors[field]}
    />
  );
  const hours = (
    <NumberInput
      size="xs"
      {...name('Часы')}
      min={0.5}
      max={99}
      step={0.5}
      decimalSeparator=","
      value={draft.hours}
      onChange={(value) => patch(index, { hours: Number(value) || 0 })}
      error={errors.hours}
    />
  );
  const actual = (
    <DateInput
      size="xs"
      label={labelled ? 'Факт' : undefined}
      aria-label="Дата факт"
      clearable
      valueFormat="DD.MM.YY"
      value={draft.actual_date}
      onChange={(value) => patch(index, { actual_date: value })}
    />
  );
  // A thumb's 34 px on the phone's card, 28 px in the table's narrow column.
  const size = labelled ? 'lg' : 'md';
  const buttons = (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size={size}
        aria-label="Выше"
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size={size}
        aria-label="Ниже"
        disabled={last}
        onClick={() => move(index, index + 1)}
      >
        ↓
      </ActionIcon>
      <Tooltip label="Удалить тему">
        <ActionIcon
          variant="subtle"
          size={size}
          color="red"
          aria-label="Удалить тему"
          onClick={() => remove(index)}
        >
          ✕
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  return { text, hours, actual, buttons };
}

/** Alt+↑ / Alt+↓ inside an item moves it. */
function moveKeys(index: number, move: RowActions['move']) {
  return (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
}

/**
 * One item's fields. Memoized: typing in a row redraws that row, not the plan's other rows (each
 * has six fields; redrawing a year's plan on every keystroke made typing lag on a phone).
 */
const ItemRow = memo(function ItemRow(props: ItemRowProps) {
  const { draft, index, dragged, actions } = props;
  const { drag, drop } = actions;
  const { text, hours, actual, buttons } = itemFields(props, false);
  return (
    <Table.Tr
      onKeyDown={moveKeys(index, actions.move)}
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
      <Table.Td>{hours}</Table.Td>
      <Table.Td>{text('homework', 'Домашнее задание')}</Table.Td>
      <Table.Td>{text('control_type', 'Вид контроля')}</Table.Td>
      <Table.Td>{draft.planned_date ? formatDate(draft.planned_date) : '—'}</Table.Td>
      <Table.Td>{actual}</Table.Td>
      <Table.Td>{buttons}</Table.Td>
    </Table.Tr>
  );
});

/** The same fields on a phone: a card, each field under its name, the order buttons on its first line. */
const ItemCard = memo(function ItemCard(props: ItemRowProps) {
  const { draft, index, dragged, actions } = props;
  const { text, hours, actual, buttons } = itemFields(props, true);
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.card}
      onKeyDown={moveKeys(index, actions.move)}
      data-dragged={dragged || undefined}
      data-testid="ktp-item"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            № {index + 1}
          </Text>
          {buttons}
        </Group>
        {text('topic', 'Тема')}
        {text('section', 'Раздел')}
        {text('homework', 'Домашнее задание')}
        {text('control_type', 'Вид контроля')}
        <SimpleGrid cols={3} spacing="xs">
          {hours}
          <div>
            <Text size="xs" fw={500}>
              По плану
            </Text>
            <Text size="sm" mt={6}>
              {draft.planned_date ? formatDate(draft.planned_date) : '—'}
            </Text>
          </div>
          {actual}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
});

const NO_ERRORS: Record<string, string | undefined> = {};

/**
 * The plan's items edited in place. Reorder by dragging the ⋮⋮ handle, with the ↑ ↓ buttons, or
 * with Alt+↑ / Alt+↓ inside a row; «Сохранить» saves the whole ordered list. Someone who may only
 * read the plan sees its text, not fields. On a phone each item is a card (issue 48: the table
 * scrolled sideways there).
 */
export function ItemsEditor({ planId, items, readOnly }: ItemsEditorProps) {
  const [drafts, setDrafts] = useState<DraftItem[]>(() => items.map(toDraft));
  const [dragged, setDragged] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const save = useSaveKtpItems(planId);
  const fieldErrors = useMemo(() => (save.error ? getFieldErrors(save.error) : {}), [save.error]);
  const rowErrors = useMemo(() => errorsByRow(fieldErrors), [fieldErrors]);
  const narrow = useNarrowList();

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
  const itemProps = (draft: DraftItem, index: number): ItemRowProps => ({
    draft,
    index,
    last: index === drafts.length - 1,
    dragged: dragged === index,
    errors: rowErrors.get(index) ?? NO_ERRORS,
    actions,
  });

  return (
    <>
      {save.error && Object.keys(fieldErrors).length === 0 ? (
        <Alert color="red" mb="sm">
          {getErrorMessage(save.error, 'Не удалось сохранить темы')}
        </Alert>
      ) : null}
      {narrow ? (
        <Stack gap="xs" data-testid="ktp-items">
          {drafts.map((draft, index) =>
            readOnly ? (
              <ReadOnlyCard key={draft.key} draft={draft} index={index} />
            ) : (
              <ItemCard key={draft.key} {...itemProps(draft, index)} />
            ),
          )}
        </Stack>
      ) : (
        // Its own scroll box with a sticky header: the sideways scrollbar stays on screen however long
        // the plan. At 1366 px every column fits beside the sidebar (the text fields wrap); only a
        // narrower window scrolls.
        <Table.ScrollContainer minWidth={readOnly ? 760 : 980} maxHeight="calc(100dvh - 230px)">
          <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} stickyHeader data-testid="ktp-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={52}>№</Table.Th>
                <Table.Th w={150}>Раздел</Table.Th>
                <Table.Th>Тема</Table.Th>
                <Table.Th w={72}>Часы</Table.Th>
                <Table.Th w={136}>Домашнее задание</Table.Th>
                <Table.Th w={142}>Вид контроля</Table.Th>
                <Table.Th w={80}>По плану</Table.Th>
                <Table.Th w={readOnly ? 80 : 116}>Факт</Table.Th>
                {readOnly ? null : <Table.Th w={98} aria-label="Порядок и удаление" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drafts.map((draft, index) =>
                readOnly ? (
                  <ReadOnlyRow key={draft.key} draft={draft} index={index} />
                ) : (
                  <ItemRow key={draft.key} {...itemProps(draft, index)} />
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
