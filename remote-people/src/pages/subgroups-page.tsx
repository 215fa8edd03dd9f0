import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import {
  classOptions,
  getErrorMessage,
  notify,
  PageTitle,
  useGroups,
  useListParams,
  usePermissions,
  useSubgroups,
} from '@parta/shared';
import { useEffect, useMemo, useState } from 'react';
import { useDeleteSubgroups } from '../features/subgroups/api/delete-subgroups';
import { useSaveSubgroups } from '../features/subgroups/api/save-subgroups';
import { initialSplit, type Split } from '../features/subgroups/model/split';
import { SplitEditor } from '../features/subgroups/ui/split-editor';

const FILTERS = ['group_id', 'subject_id'] as const;

/** Подгруппы (student.subgroups): split a class for one subject by moving students between two lists. */
export function SubgroupsPage() {
  const { can } = usePermissions();
  const { values, set } = useListParams(FILTERS);
  const groups = useGroups();
  const groupId = Number(values.group_id) || undefined;
  const subjectId = Number(values.subject_id) || undefined;
  const data = useSubgroups(groupId);
  const saveSubgroups = useSaveSubgroups();
  const deleteSubgroups = useDeleteSubgroups();
  const [split, setSplit] = useState<Split | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editable = can('students.edit');

  const saved = useMemo(
    () => data.data?.sets.find((set) => set.subject_id === subjectId),
    [data.data, subjectId],
  );
  const loadedFor = data.data?.group.id === groupId;

  useEffect(() => {
    setFailure(null);
    setSplit(data.data && loadedFor && subjectId ? initialSplit(data.data.students, saved) : null);
  }, [data.data, loadedFor, subjectId, saved]);

  const save = async () => {
    if (!groupId || !subjectId || !split) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveSubgroups.mutateAsync({
        groupId,
        subjectId,
        input: { subgroups: split.names.map((name, index) => ({ name, student_ids: split.members[index] })) },
      });
      notify.success('Подгруппы сохранены');
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось сохранить подгруппы'));
    } finally {
      setSaving(false);
    }
  };

  const unsplit = async () => {
    if (!groupId || !subjectId) return;
    setSaving(true);
    try {
      await deleteSubgroups.mutateAsync({ groupId, subjectId });
      notify.success('Разделение отменено');
    } catch (error) {
      setFailure(getErrorMessage(error, 'Не удалось отменить разделение'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageTitle description="Деление класса на группы по предмету: иностранный язык, труд, информатика">
        Подгруппы
      </PageTitle>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Класс"
              placeholder="Выберите класс"
              searchable
              allowDeselect={false}
              data={classOptions(groups.data?.groups ?? [])}
              value={values.group_id || null}
              onChange={(value) => set({ group_id: value, subject_id: null })}
              style={{ flex: '0 1 240px' }}
            />
            <Select
              label="Предмет"
              placeholder={groupId ? 'Выберите предмет' : 'Сначала выберите класс'}
              searchable
              allowDeselect={false}
              disabled={!data.data || !loadedFor}
              data={(data.data?.subjects ?? []).map((subject) => ({
                value: String(subject.id),
                label: data.data?.sets.some((set) => set.subject_id === subject.id)
                  ? `${subject.name} (разделён)`
                  : subject.name,
              }))}
              value={values.subject_id || null}
              onChange={(value) => set({ subject_id: value })}
              style={{ flex: '1 1 260px' }}
            />
            {data.isFetching ? <Loader size="sm" mb={8} /> : null}
          </Group>
          {data.data && loadedFor && data.data.sets.length > 0 ? (
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                Уже разделены:
              </Text>
              {data.data.sets.map((set) => (
                <Badge
                  key={set.id}
                  variant={set.subject_id === subjectId ? 'filled' : 'light'}
                  tt="none"
                  style={{ cursor: 'pointer' }}
                  onClick={() => set.subject_id !== subjectId && selectSubject(set.subject_id)}
                >
                  {set.subject_name}
                </Badge>
              ))}
            </Group>
          ) : null}
          {data.error ? (
            <Alert color="red">{getErrorMessage(data.error, 'Не удалось загрузить класс')}</Alert>
          ) : null}
          {failure ? <Alert color="red">{failure}</Alert> : null}
          {!groupId || !subjectId ? (
            <Text c="dimmed" ta="center" py="lg">
              {groupId
                ? 'Выберите предмет, по которому класс учится в подгруппах.'
                : 'Выберите класс и предмет, чтобы разделить учеников на подгруппы.'}
            </Text>
          ) : split && data.data ? (
            <>
              {saved ? null : (
                <Text size="sm" c="dimmed">
                  Предмет ещё не разделён: ниже предложено деление списка пополам. Перенесите учеников и
                  сохраните.
                </Text>
              )}
              <SplitEditor
                students={data.data.students}
                split={split}
                onChange={setSplit}
                readOnly={!editable}
              />
              {editable ? (
                <Group justify="flex-end">
                  {saved ? (
                    <Button variant="subtle" color="red" onClick={unsplit} loading={saving}>
                      Отменить разделение
                    </Button>
                  ) : null}
                  <Button onClick={save} loading={saving}>
                    Сохранить подгруппы
                  </Button>
                </Group>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Paper>
    </>
  );

  function selectSubject(id: number) {
    set({ subject_id: id });
  }
}
