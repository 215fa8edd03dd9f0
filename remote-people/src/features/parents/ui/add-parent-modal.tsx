import {
  Alert,
  Button,
  Code,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { fullName, getErrorMessage, PersonNameFields, SaveForm, useFormSave } from '@parta/shared';
import {
  type ParentCreated,
  type ParentInput,
  parentInputSchema,
} from '@parta/shared/domain/contracts/people';
import { useState } from 'react';
import { OneTimePassword } from '../../accounts';
import { useAttachParent } from '../api/attach-parent';
import { useCreateParent } from '../api/create-parent';
import { useParentSearch } from '../api/search-parents';

export interface AddParentModalProps {
  studentId: number;
  opened: boolean;
  onClose: () => void;
}

const EMPTY: ParentInput = { surname: '', name: '', patronymic: '', phone: '', email: '' };

/** A new parent (with a diary login shown once) or one the school already has, e.g. a sibling's. */
export function AddParentModal({ studentId, opened, onClose }: AddParentModalProps) {
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [created, setCreated] = useState<ParentCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Добавить родителя" size="lg">
      {created ? (
        <Stack>
          <Alert color="emerald" title="Родитель добавлен" data-testid="parent-created">
            <Text>
              {fullName(created.data)}: логин <Code>{created.login}</Code>
            </Text>
            <Group gap="xs" mt="xs">
              <Text>Пароль:</Text>
              <OneTimePassword password={created.password} testId="parent-password" />
            </Group>
            <Text size="sm" mt={4}>
              Пароль показан один раз: передайте его родителю.
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Готово</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'new' | 'existing')}
            data={[
              { value: 'new', label: 'Новый родитель' },
              { value: 'existing', label: 'Уже есть в школе' },
            ]}
          />
          {mode === 'new' ? (
            <NewParentForm studentId={studentId} onCreated={setCreated} />
          ) : (
            <ExistingParentPicker studentId={studentId} onLinked={close} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

function NewParentForm({
  studentId,
  onCreated,
}: {
  studentId: number;
  onCreated: (answer: ParentCreated) => void;
}) {
  const form = useForm<ParentInput>({
    initialValues: EMPTY,
    validate: schemaResolver(parentInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const createParent = useCreateParent(studentId);

  const submit = form.onSubmit(async (values) => {
    await save.run(async () => {
      onCreated(await createParent.mutateAsync(values));
    });
  });

  return (
    <SaveForm save={save} onSubmit={submit} submitLabel="Добавить" gap="sm">
      <PersonNameFields inputProps={form.getInputProps} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Телефон" type="tel" {...form.getInputProps('phone')} />
        <TextInput label="Эл. почта" type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Родитель получит свой вход в дневник: логин и пароль появятся после сохранения.
      </Text>
    </SaveForm>
  );
}

function ExistingParentPicker({ studentId, onLinked }: { studentId: number; onLinked: () => void }) {
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [query] = useDebouncedValue(typed.trim(), 300);
  const [selected, setSelected] = useState<{ value: string; label: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const found = useParentSearch(query);
  const attachParent = useAttachParent(studentId);
  const options = (query.length >= 2 ? (found.data ?? []) : []).map((parent) => ({
    value: String(parent.id),
    label: [fullName(parent), parent.phone, parent.children.join('; ')].filter(Boolean).join(' · '),
  }));
  // The chosen parent stays an option while the box shows its label instead of what was typed.
  if (selected && !options.some((option) => option.value === selected.value)) options.unshift(selected);

  const changeSearch = (text: string) => {
    setSearch(text);
    if (text !== selected?.label) setTyped(text);
  };

  const link = async () => {
    if (!selected) return;
    setFailure(null);
    setSaving(true);
    try {
      await attachParent.mutateAsync(Number(selected.value));
      onLinked();
    } catch (error) {
      setFailure(getErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      {failure ? <Alert color="red">{failure}</Alert> : null}
      <Select
        label="Родитель"
        placeholder="Фамилия или телефон"
        searchable
        searchValue={search}
        onSearchChange={changeSearch}
        filter={({ options: all }) => all}
        data={options}
        value={selected?.value ?? null}
        onChange={(_value, option) => setSelected(option ?? null)}
        nothingFoundMessage={
          query.length < 2 ? 'Введите не меньше 2 символов' : found.isFetching ? 'Ищем…' : 'Никого не нашли'
        }
      />
      <Group justify="flex-end">
        <Button onClick={link} disabled={!selected} loading={saving}>
          Привязать
        </Button>
      </Group>
    </Stack>
  );
}
