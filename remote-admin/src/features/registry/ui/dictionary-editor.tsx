import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { getErrorMessage, getFieldErrors, notify } from '@parta/shared';
import type { DictionaryItem } from '@parta/shared/domain/contracts/organizations';
import { DICTIONARIES, type DictionaryName } from '@parta/shared/domain/contracts/registry';
import { useState } from 'react';
import { useDeleteDictionaryItem } from '../api/delete-dictionary-item';
import { useSaveDictionaryItem } from '../api/save-dictionary-item';

/** The field message of a 422, or the general message of any other failure. */
function failureText(error: unknown) {
  return getFieldErrors(error).name ?? getErrorMessage(error);
}

function ItemRow({ dictionary, item }: { dictionary: DictionaryName; item: DictionaryItem }) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const saveItem = useSaveDictionaryItem(dictionary);
  const deleteItem = useDeleteDictionaryItem(dictionary);
  const dirty = name.trim() !== item.name;
  const save = async () => {
    try {
      await saveItem.mutateAsync({ id: item.id, name });
      setError(null);
      notify.success('Сохранено');
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const remove = async () => {
    try {
      await deleteItem.mutateAsync(item.id);
      notify.success(`«${item.name}» удалено`);
    } catch (failure) {
      notify.error(getErrorMessage(failure, 'Не удалось удалить'));
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
        <Button variant="light" loading={saveItem.isPending} onClick={() => void save()}>
          Сохранить
        </Button>
      ) : null}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Удалить «${item.name}»`}
        loading={deleteItem.isPending}
        onClick={() => void remove()}
      >
        ✕
      </ActionIcon>
    </Group>
  );
}

export interface DictionaryEditorProps {
  dictionary: DictionaryName;
  items: DictionaryItem[];
}

/** One dictionary of the registry: rename in place, delete an unused item, add a new one. */
export function DictionaryEditor({ dictionary, items }: DictionaryEditorProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saveItem = useSaveDictionaryItem(dictionary);
  const add = async () => {
    try {
      await saveItem.mutateAsync({ name });
      setName('');
      setError(null);
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
          items.map((item) => <ItemRow key={`${item.id}:${item.name}`} dictionary={dictionary} item={item} />)
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
            <Button type="submit" variant="default" loading={saveItem.isPending}>
              Добавить
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
