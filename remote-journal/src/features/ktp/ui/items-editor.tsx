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
import { type KeyboardEvent, useState } from 'react';
import { useSaveKtpItems } from '../api/save-ktp-items';
import { type DraftItem, emptyDraft, moveItem, toDraft, toInput } from '../model/items';

export interface ItemsEditorProps {
  planId: number;
  items: KtpItem[];
  readOnly: boolean;
}

/**
 * The plan's items edited in place. Reorder by dragging the ⋮⋮ handle, with the ↑ ↓ buttons, or
 * with Alt+↑ / Alt+↓ inside a row; «Сохранить» saves the whole ordered list.
 */
export function ItemsEditor({ planId, items, readOnly }: ItemsEditorProps) {
  const [drafts, setDrafts] = useState<DraftItem[]>(() => items.map(toDraft));
  const [dragged, setDragged] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const save = useSaveKtpItems(planId);
  const errors = save.error ? getFieldErrors(save.error) : {};

  const update = (next: DraftItem[]) => {
    setDrafts(next);
    setDirty(true);
  };
  const patch = (index: number, values: Partial<DraftItem>) =>
    update(drafts.map((draft, at) => (at === index ? { ...draft, ...values } : draft)));
  const move = (from: number, to: number) => update(moveItem(drafts, from, to));
  const onRowKey = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  const hoursTotal = drafts.reduce((sum, draft) => sum + (Number(draft.hours) || 0), 0);

  return (
    <>
      {save.error && Object.keys(errors).length === 0 ? (
        <Alert color="red" mb="sm">
          {getErrorMessage(save.error, 'Не удалось сохранить темы')}
        </Alert>
      ) : null}
      {/* Its own scroll box with a sticky header: the sideways scrollbar stays on screen however long the plan. */}
      <Table.ScrollContainer minWidth={1180} maxHeight="calc(100dvh - 230px)">
        <Table fz="sm" verticalSpacing={4} stickyHeader data-testid="ktp-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>№</Table.Th>
              <Table.Th w={130}>Раздел</Table.Th>
              <Table.Th>Тема</Table.Th>
              <Table.Th w={76}>Часы</Table.Th>
              <Table.Th w={160}>Домашнее задание</Table.Th>
              <Table.Th w={130}>Вид контроля</Table.Th>
              <Table.Th w={80}>По плану</Table.Th>
              <Table.Th w={120}>Факт</Table.Th>
              {readOnly ? null : <Table.Th w={100} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.map((draft, index) => {
              const error = (field: string) => errors[`items.${index}.${field}`];
              return (
                <Table.Tr
                  key={draft.key}
                  onKeyDown={readOnly ? undefined : onRowKey(index)}
                  onDragOver={(event) => dragged !== null && event.preventDefault()}
                  onDrop={() => {
                    if (dragged !== null) move(dragged, index);
                    setDragged(null);
                  }}
                  style={dragged === index ? { opacity: 0.5 } : undefined}
                  data-testid="ktp-item"
                >
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {readOnly ? null : (
                        <Text
                          c="dimmed"
                          style={{ cursor: 'grab', userSelect: 'none' }}
                          draggable
                          onDragStart={() => setDragged(index)}
                          onDragEnd={() => setDragged(null)}
                          aria-hidden
                        >
                          ⋮⋮
                        </Text>
                      )}
                      <Text size="sm">{index + 1}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label="Раздел"
                      readOnly={readOnly}
                      value={draft.section ?? ''}
                      onChange={(event) => patch(index, { section: event.currentTarget.value || null })}
                      error={error('section')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label="Тема"
                      readOnly={readOnly}
                      value={draft.topic}
                      onChange={(event) => patch(index, { topic: event.currentTarget.value })}
                      error={error('topic')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label="Часы"
                      readOnly={readOnly}
                      min={0.5}
                      max={99}
                      step={0.5}
                      decimalSeparator=","
                      value={draft.hours}
                      onChange={(value) => patch(index, { hours: Number(value) || 0 })}
                      error={error('hours')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label="Домашнее задание"
                      readOnly={readOnly}
                      value={draft.homework ?? ''}
                      onChange={(event) => patch(index, { homework: event.currentTarget.value || null })}
                      error={error('homework')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label="Вид контроля"
                      readOnly={readOnly}
                      value={draft.control_type ?? ''}
                      onChange={(event) => patch(index, { control_type: event.currentTarget.value || null })}
                      error={error('control_type')}
                    />
                  </Table.Td>
                  <Table.Td>{draft.planned_date ? formatDate(draft.planned_date) : '—'}</Table.Td>
                  <Table.Td>
                    <DateInput
                      size="xs"
                      aria-label="Дата факт"
                      readOnly={readOnly}
                      clearable
                      valueFormat="DD.MM.YY"
                      value={draft.actual_date}
                      onChange={(value) => patch(index, { actual_date: value })}
                    />
                  </Table.Td>
                  {readOnly ? null : (
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
                          disabled={index === drafts.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          ↓
                        </ActionIcon>
                        <Tooltip label="Удалить тему">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label="Удалить тему"
                            onClick={() => update(drafts.filter((_, at) => at !== index))}
                          >
                            ✕
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          Тем: {drafts.length}, часов: {hoursTotal.toLocaleString('ru-RU')}
        </Text>
        {readOnly ? null : (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => update([...drafts, emptyDraft(drafts.at(-1)?.section ?? null)])}
            >
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
