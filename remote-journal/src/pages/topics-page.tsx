import { Alert, Group, Loader, Paper, Select, Table, Text, Textarea, TextInput } from '@mantine/core';
import { formatDate, getErrorMessage, notify, PageTitle, QueryView } from '@parta/shared';
import type { JournalLesson } from '@parta/shared/domain/contracts/journal';
import { useState } from 'react';
import { useJournal } from '../features/journal/api/get-journal';
import { useJournalIndex } from '../features/journal/api/get-journal-index';
import { useUpdateLessonTopic } from '../features/journal/api/update-lesson-topic';
import { LoadPicker } from '../features/journal/ui/load-picker';

/** Темы (journal.topics): topics and homework of every lesson of a load in a period, edited in place. */
export function TopicsPage() {
  const index = useJournalIndex();
  const [loadId, setLoadId] = useState<number | null>(null);
  const [periodId, setPeriodId] = useState<number | undefined>(undefined);
  const load = index.data?.loads.find((item) => item.id === (loadId ?? index.data?.loads[0]?.id)) ?? null;
  return (
    <>
      <PageTitle description="Темы уроков и домашние задания по нагрузке; КТП заполнит их автоматически">
        Темы уроков
      </PageTitle>
      <QueryView query={index} errorText="Не удалось загрузить журналы">
        {(journals) => (
          <>
            <Paper withBorder p="md" radius="md" mb="md">
              <LoadPicker
                loads={journals.loads}
                value={load?.id ?? null}
                onChange={(item) => setLoadId(item.id)}
              />
            </Paper>
            {load ? (
              <TopicsList
                groupId={load.group_id}
                loadId={load.id}
                periodId={periodId}
                onPeriod={setPeriodId}
                editable={load.editable}
              />
            ) : null}
          </>
        )}
      </QueryView>
    </>
  );
}

function TopicsList(props: {
  groupId: number;
  loadId: number;
  periodId?: number;
  onPeriod: (id: number) => void;
  editable: boolean;
}) {
  const journal = useJournal({ groupId: props.groupId, loadId: props.loadId, periodId: props.periodId });
  if (journal.error)
    return <Alert color="red">{getErrorMessage(journal.error, 'Не удалось загрузить уроки')}</Alert>;
  if (!journal.data) return <Loader />;
  const grid = journal.data;
  const editable = props.editable && grid.editable;
  return (
    <Paper withBorder p="md" radius="md">
      <Group mb="sm">
        <Select
          label="Период"
          data={grid.periods
            .filter((p) => p.kind !== 'year')
            .map((p) => ({ value: String(p.id), label: p.name }))}
          value={String(grid.period.id)}
          onChange={(value) => value && props.onPeriod(Number(value))}
          w={220}
        />
        <Text size="sm" c="dimmed" mt="lg">
          Уроков: {grid.lessons.length}, с темой: {grid.lessons.filter((lesson) => lesson.topic).length}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>Дата</Table.Th>
              <Table.Th>Тема</Table.Th>
              <Table.Th>Домашнее задание</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.lessons.map((lesson) => (
              <TopicRow key={lesson.id} lesson={lesson} editable={editable} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** One lesson: saved when a field loses focus with a change. */
function TopicRow({ lesson, editable }: { lesson: JournalLesson; editable: boolean }) {
  const update = useUpdateLessonTopic();
  const [topic, setTopic] = useState(lesson.topic ?? '');
  const [homework, setHomework] = useState(lesson.homework ?? '');
  const save = async () => {
    if (topic === (lesson.topic ?? '') && homework === (lesson.homework ?? '')) return;
    try {
      await update.mutateAsync({ lessonId: lesson.id, input: { topic, homework } });
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось сохранить тему'));
    }
  };
  return (
    <Table.Tr>
      <Table.Td>
        {formatDate(lesson.date)}, {lesson.lesson_number}-й
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Тема"
          value={topic}
          readOnly={!editable}
          onChange={(e) => setTopic(e.currentTarget.value)}
          onBlur={save}
          maxLength={500}
        />
      </Table.Td>
      <Table.Td>
        <Textarea
          aria-label="Домашнее задание"
          value={homework}
          readOnly={!editable}
          autosize
          minRows={1}
          onChange={(e) => setHomework(e.currentTarget.value)}
          onBlur={save}
          maxLength={2000}
        />
      </Table.Td>
    </Table.Tr>
  );
}
