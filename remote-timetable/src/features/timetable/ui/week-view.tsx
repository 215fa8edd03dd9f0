import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  classOptions,
  formatDate,
  getErrorMessage,
  LazyDateInput,
  personOptions,
  schoolToday,
  useGroups,
  usePermissions,
  workingDays,
} from '@parta/shared';
import type { Lesson } from '@parta/shared/domain/contracts/timetable';
import { addDays, weekStart } from '@parta/shared/domain/timetable';
import { useState } from 'react';
import { useHolidays } from '../../periods';
import { useSettings } from '../../settings';
import { useLessons } from '../api/get-lessons';
import { weekHolidays } from '../model/week-holidays';
import { CoursesBeside } from './courses-beside';
import { LessonChangeModal } from './lesson-change-modal';
import { WeekGrid } from './week-grid';

/** A class's or a teacher's week of dated lessons with bell times; printable; one-off changes on click. */
export function WeekView({ mode }: { mode: 'class' | 'teacher' }) {
  const { can, user } = usePermissions();
  const options = useGroups();
  const settings = useSettings();
  const [monday, setMonday] = useState(() => weekStart(schoolToday()));
  const [picked, setPicked] = useState<number | null>(null);
  const [changing, setChanging] = useState<Lesson | null>(null);
  const teachers = options.data?.teachers ?? [];
  const ownId =
    mode === 'teacher' && user && teachers.some((teacher) => teacher.id === user.id) ? user.id : null;
  const who = picked ?? ownId;
  const days = workingDays(settings.data?.working_days_per_week);
  const lessons = useLessons({
    group_id: mode === 'class' ? who : null,
    teacher_id: mode === 'teacher' ? who : null,
    from: monday,
    to: addDays(monday, 6),
  });
  const list = who ? (lessons.data ?? []) : [];
  const maxNumber = Math.max(
    settings.data?.max_lessons_per_day ?? 7,
    ...list.map((lesson) => lesson.lesson_number),
  );
  const numbers = Array.from({ length: maxNumber }, (_, index) => index + 1);
  const times = new Map(list.map((lesson) => [lesson.lesson_number, lesson]));
  const editable = can('timetables.edit');
  // Каникулы on the shown days (of the class's grade): named above the grid, with the way to the
  // week school resumes, instead of an empty grid that reads like a lost timetable.
  const group = mode === 'class' ? options.data?.groups.find((item) => item.id === who) : undefined;
  const organizationId = group?.organization_id ?? user?.organization.id;
  const holidays = useHolidays(can('periods.view') ? organizationId : undefined);
  const offDays = who ? weekHolidays(holidays.data ?? [], monday, days.length, group?.number) : [];

  return (
    <Stack>
      <Group justify="space-between" className="no-print">
        <Select
          placeholder={mode === 'class' ? 'Выберите класс' : 'Выберите учителя'}
          aria-label={mode === 'class' ? 'Класс' : 'Учитель'}
          searchable
          w={260}
          data={mode === 'class' ? classOptions(options.data?.groups ?? []) : personOptions(teachers)}
          value={who ? String(who) : null}
          onChange={(value) => setPicked(value ? Number(value) : null)}
        />
        <Group gap="xs">
          <LazyDateInput
            aria-label="Неделя с датой"
            valueFormat="DD.MM.YY"
            w={100}
            value={monday}
            onChange={(value) => value && setMonday(weekStart(value))}
          />
          <ActionIcon
            variant="default"
            aria-label="Предыдущая неделя"
            onClick={() => setMonday(addDays(monday, -7))}
          >
            ‹
          </ActionIcon>
          <Text data-testid="week-range">
            {formatDate(monday)} – {formatDate(addDays(monday, days.length - 1))}
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Следующая неделя"
            onClick={() => setMonday(addDays(monday, 7))}
          >
            ›
          </ActionIcon>
          <Button variant="default" size="xs" onClick={() => window.print()}>
            Печать
          </Button>
        </Group>
      </Group>
      {offDays.map(({ holiday, resumesWeek }) => (
        <Alert key={holiday.id} color="blue" variant="light" data-testid="week-holiday" className="no-print">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {holiday.name}: {formatDate(holiday.start_date)}–{formatDate(holiday.end_date)}
            </Text>
            {resumesWeek > monday ? (
              <Button size="xs" variant="light" onClick={() => setMonday(resumesWeek)}>
                К учебной неделе
              </Button>
            ) : null}
          </Group>
        </Alert>
      ))}
      <Paper withBorder p="xs" radius="md">
        {!who ? (
          <Text c="dimmed" ta="center" py="xl">
            {mode === 'class' ? 'Выберите класс' : 'Выберите учителя'}
          </Text>
        ) : lessons.error ? (
          <Alert color="red">{getErrorMessage(lessons.error, 'Не удалось загрузить уроки')}</Alert>
        ) : !lessons.data ? (
          <Loader />
        ) : (
          <WeekGrid
            days={days.map((day, index) => `${day} ${formatDate(addDays(monday, index)).slice(0, 5)}`)}
            numbers={numbers}
            rowLabel={(number) => {
              const lesson = times.get(number);
              return lesson?.start_time ? `${lesson.start_time}–${lesson.end_time}` : null;
            }}
            cell={(weekday, number) =>
              list
                .filter(
                  (lesson) => lesson.date === addDays(monday, weekday - 1) && lesson.lesson_number === number,
                )
                .map((lesson) => (
                  <UnstyledButton
                    key={lesson.id}
                    display="block"
                    w="100%"
                    data-testid="week-lesson"
                    disabled={!editable}
                    onClick={() => setChanging(lesson)}
                    style={{ textDecoration: lesson.status === 'cancelled' ? 'line-through' : undefined }}
                  >
                    <Text size="sm" fw={600} lh={1.2}>
                      {lesson.subject_name}
                    </Text>
                    <Text size="xs" c={lesson.status === 'replaced' ? 'orange' : 'dimmed'} lh={1.2}>
                      {mode === 'class' ? lesson.teacher_name : lesson.group_name}
                      {lesson.subgroup_name ? ` · ${lesson.subgroup_name}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed" lh={1.2}>
                      {lesson.start_time}–{lesson.end_time}
                    </Text>
                  </UnstyledButton>
                ))
            }
          />
        )}
      </Paper>
      <CoursesBeside groupId={mode === 'class' ? who : null} teacherId={mode === 'teacher' ? who : null} />
      <LessonChangeModal lesson={changing} teachers={teachers} onClose={() => setChanging(null)} />
    </Stack>
  );
}
