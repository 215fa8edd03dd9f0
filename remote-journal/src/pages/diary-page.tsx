import { ActionIcon, Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatDate, getErrorMessage, PageTitle, usePermissions } from '@parta/shared';
import { addDays, weekStart } from '@parta/shared/domain/timetable';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDiary } from '../features/diary/api/get-diary';
import { DiaryDay } from '../features/diary/ui/diary-day';
import { SubjectAverages } from '../features/diary/ui/subject-averages';

const todayIso = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });

/**
 * Дневник (diary.index): a student's week, or a parent's chosen child's. The week and the child
 * live in the address (?week=&student=), so a parent can bookmark or share a view.
 */
export function DiaryPage() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(todayIso);
  const week = weekStart(params.get('week') ?? today);
  const studentId = Number(params.get('student')) || undefined;
  const diary = useDiary({ week, student_id: studentId });

  const change = (next: { week?: string; student?: number }) => {
    const merged = new URLSearchParams(params);
    if (next.week) merged.set('week', next.week);
    if (next.student) merged.set('student', String(next.student));
    setParams(merged, { replace: true });
  };

  const data = diary.data;
  const { user } = usePermissions();
  // A pupil hands in work from their own diary; a parent (or anyone else) only reads it.
  const pupil =
    (user?.roles ?? []).length > 0 && (user?.roles ?? []).every((role) => role.code === 'student');
  const days =
    data?.days.filter((day, index) => index < 6 || day.lessons.length > 0 || day.courses.length > 0) ?? [];

  return (
    <>
      <PageTitle
        description={
          data
            ? `${data.student.name}${data.student.group_name ? `, ${data.student.group_name}` : ''}`
            : undefined
        }
      >
        Дневник
      </PageTitle>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap" className="no-print">
          {data && data.students.length > 1 ? (
            <Select
              aria-label="Ребёнок"
              data={data.students.map((student) => ({ value: String(student.id), label: student.name }))}
              value={String(data.student.id)}
              onChange={(value) => value && change({ student: Number(value) })}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
              data-testid="diary-child"
            />
          ) : null}
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Предыдущая неделя"
              onClick={() => change({ week: addDays(week, -7) })}
            >
              ‹
            </ActionIcon>
            <DatePickerInput
              aria-label={`Неделя с ${formatDate(week)}`}
              value={week}
              valueFormat="DD.MM.YY"
              onChange={(value) => value && change({ week: weekStart(value) })}
              w={150}
              leftSection={<Text size="xs">с</Text>}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Следующая неделя"
              onClick={() => change({ week: addDays(week, 7) })}
            >
              ›
            </ActionIcon>
          </Group>
          {week !== weekStart(today) ? (
            <Button variant="subtle" onClick={() => change({ week: weekStart(today) })}>
              Текущая неделя
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          Неделя {formatDate(week)} – {formatDate(addDays(week, 6))}
        </Text>
        {diary.error ? (
          <Alert color="red">{getErrorMessage(diary.error, 'Не удалось загрузить дневник')}</Alert>
        ) : !data ? (
          <Loader />
        ) : (
          <>
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing="md"
              style={{ opacity: diary.isPlaceholderData ? 0.6 : 1 }}
            >
              {days.map((day) => (
                <DiaryDay
                  key={day.date}
                  date={day.date}
                  lessons={day.lessons}
                  courses={day.courses}
                  today={day.date === today}
                  pupil={pupil}
                />
              ))}
            </SimpleGrid>
            {data.period && data.subjects.length > 0 ? (
              <SubjectAverages periodName={data.period.name} subjects={data.subjects} />
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
