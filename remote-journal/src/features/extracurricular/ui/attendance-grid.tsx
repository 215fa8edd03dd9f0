import { Button, Group, Modal, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { formatDate } from '@parta/shared';
import type { CourseJournal, CourseSession } from '@parta/shared/domain/contracts/extracurricular';
import {
  PRESENCE_LABEL,
  PRESENCE_TEXT,
  type Presence,
  presenceOf,
} from '@parta/shared/domain/extracurricular';
import { type KeyboardEvent, useState } from 'react';
import { useSaveAttendance, useSaveSessionTopic } from '../api/course-journal';
import { nextPresence, presenceInput, presenceOfKey } from '../model/presence';

const COLORS: Record<Presence, string | undefined> = {
  none: undefined,
  present: 'var(--mantine-color-emerald-light)',
  absent: 'var(--mantine-color-red-light)',
  excused: 'var(--mantine-color-yellow-light)',
};

export interface AttendanceGridProps {
  journal: CourseJournal;
  sessions: CourseSession[];
  /** Sessions after this date are not marked yet (the server refuses them too). */
  today: string;
}

/**
 * The course's journal: pupils × sessions. A tap on a cell moves its mark on (был → не был →
 * уважительная причина); on the keyboard the arrows move, «+»/«н»/«у» (or Space) set the mark, as
 * in the class journal. A session's date opens its topic.
 */
export function AttendanceGrid({ journal, sessions, today }: AttendanceGridProps) {
  const save = useSaveAttendance(journal.course.id);
  const [topicOf, setTopicOf] = useState<CourseSession | null>(null);
  const editable = journal.course.can_edit;
  const cellOf = (sessionId: number, studentId: number) =>
    journal.cells.find((cell) => cell.session_id === sessionId && cell.student_id === studentId);

  const mark = (session: CourseSession, studentId: number, presence: Exclude<Presence, 'none'>) => {
    if (!editable || session.date > today) return;
    const cell = cellOf(session.id, studentId);
    save.mutate({ sessionId: session.id, studentId, input: presenceInput(presence, cell?.version ?? 0) });
  };

  const focusCell = (row: number, column: number) => {
    document.querySelector<HTMLButtonElement>(`[data-cell="${row}:${column}"]`)?.focus();
  };

  const onKey = (event: KeyboardEvent, row: number, column: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(row + move[0], column + move[1]);
      return;
    }
    const presence = presenceOfKey(event.key);
    if (presence) {
      event.preventDefault();
      mark(sessions[column], journal.students[row].id, presence);
      focusCell(row + 1, column);
    }
  };

  return (
    <>
      <Table.ScrollContainer minWidth={Math.max(320, 180 + sessions.length * 64)}>
        <Table withTableBorder withColumnBorders fz="sm" data-testid="course-journal">
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={160}>Ученик</Table.Th>
              {sessions.map((session) => (
                <Table.Th key={session.id} ta="center" p={4}>
                  <UnstyledButton
                    onClick={() => setTopicOf(session)}
                    aria-label={`Занятие ${formatDate(session.date)}: тема`}
                    title={session.topic ?? 'Тема не указана'}
                    fz="xs"
                    fw={600}
                  >
                    {formatDate(session.date)}
                    {session.topic ? ' •' : ''}
                  </UnstyledButton>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {journal.students.map((student, row) => (
              <Table.Tr key={student.id}>
                <Table.Td>
                  <Text size="sm">{student.name}</Text>
                  <Text size="xs" c="dimmed">
                    {student.group_name ?? ''}
                  </Text>
                </Table.Td>
                {sessions.map((session, column) => {
                  const presence = presenceOf(cellOf(session.id, student.id));
                  const future = session.date > today;
                  return (
                    <Table.Td key={session.id} p={0} bg={COLORS[presence]}>
                      <UnstyledButton
                        data-cell={`${row}:${column}`}
                        data-testid="presence-cell"
                        data-presence={presence}
                        aria-label={`${student.name}, ${formatDate(session.date)}: ${PRESENCE_LABEL[presence]}`}
                        disabled={!editable || future}
                        onClick={() => mark(session, student.id, nextPresence(presence))}
                        onKeyDown={(event) => onKey(event, row, column)}
                        w="100%"
                        h={44}
                        ta="center"
                        fw={700}
                        style={{ cursor: editable && !future ? 'pointer' : 'default' }}
                      >
                        {PRESENCE_TEXT[presence]}
                      </UnstyledButton>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        ✓ был · н не был · у уважительная причина. Касание меняет отметку; с клавиатуры: стрелки, «+», «н»,
        «у».
      </Text>
      <TopicModal
        courseId={journal.course.id}
        session={topicOf}
        editable={editable}
        onClose={() => setTopicOf(null)}
      />
    </>
  );
}

function TopicModal({
  courseId,
  session,
  editable,
  onClose,
}: {
  courseId: number;
  session: CourseSession | null;
  editable: boolean;
  onClose: () => void;
}) {
  const save = useSaveSessionTopic(courseId);
  const [topic, setTopic] = useState('');
  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      title={session ? `Занятие ${formatDate(session.date)}` : ''}
      onEnterTransitionEnd={() => setTopic(session?.topic ?? '')}
    >
      {session ? (
        <Stack>
          <Text size="sm" c="dimmed">
            {session.start_time}–{session.end_time}
            {session.room ? `, ${session.room}` : ''}
          </Text>
          <TextInput
            label="Тема занятия"
            value={topic}
            onChange={(event) => setTopic(event.currentTarget.value)}
            readOnly={!editable}
            data-autofocus
          />
          {editable ? (
            <Group justify="flex-end">
              <Button
                loading={save.isPending}
                onClick={() => save.mutate({ sessionId: session.id, topic }, { onSuccess: onClose })}
              >
                Сохранить
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
