import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { getErrorMessage, getFieldErrors, notify } from '@parta/shared';
import type { DictionaryItem } from '@parta/shared/domain/contracts/organizations';
import { DICTIONARIES, type DictionaryName } from '@parta/shared/domain/contracts/registry';
import { useState } from 'react';
import { deleteDictionaryItem } from '../api/delete-dictionary-item';
import { saveDictionaryItem } from '../api/save-dictionary-item';

/** The first field message of a 422, or the general message of any other failure. */
function failureText(error: unknown) {
  return getFieldErrors(error).name ?? getErrorMessage(error);
}

function ItemRow({
  dictionary,
  item,
  onChanged,
}: {
  dictionary: DictionaryName;
  item: DictionaryItem;
  onChanged: () => void;
}) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const dirty = name.trim() !== item.name;
  const save = async () => {
    try {
      await saveDictionaryItem(dictionary, { id: item.id, name });
      setError(null);
      notify.success('Сохранено');
      onChanged();
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="dictionary-item">
      <TextInput
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
        aria-label="Название"
        style={{ flex: 1 }}
      />
      {dirty ? (
        <Button variant="light" onClick={() => void save()}>
          Сохранить
        </Button>
      ) : null}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Удалить «${item.name}»`}
        onClick={async () => {
          try {
            await deleteDictionaryItem(dictionary, item.id);
            notify.success(`«${item.name}» удалено`);
            onChanged();
          } catch (failure) {
            notify.error(getErrorMessage(failure, 'Не удалось удалить'));
          }
        }}
      >
        ✕
      </ActionIcon>
    </Group>
  );
}

export interface DictionaryEditorProps {
  dictionary: DictionaryName;
  items: DictionaryItem[];
  onChanged: () => void;
}

/** One dictionary of the registry: rename in place, delete an unused item, add a new one. */
export function DictionaryEditor({ dictionary, items, onChanged }: DictionaryEditorProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    try {
      await saveDictionaryItem(dictionary, { name });
      setName('');
      setError(null);
      onChanged();
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" aria-label={DICTIONARIES[dictionary]} component="section">
      <Title order={4} mb="sm">
        {DICTIONARIES[dictionary]}
      </Title>
      <Stack gap="xs">
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            Пусто
          </Text>
        ) : (
          items.map((item) => (
            <ItemRow
              key={`${item.id}:${item.name}`}
              dictionary={dictionary}
              item={item}
              onChanged={onChanged}
            />
          ))
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start" mt="xs">
            <TextInput
              placeholder="Новое значение"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={error}
              aria-label={`Новое значение: ${DICTIONARIES[dictionary]}`}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default">
              Добавить
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
