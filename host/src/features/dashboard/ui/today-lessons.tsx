import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, schoolToday, usePermissions, useRevealInSlices, WEEK_DAYS } from '@parta/shared';
import type { TodayLessons as Day } from '@parta/shared/domain/contracts/timetable';
import { isoWeekday, LESSON_STATUSES } from '@parta/shared/domain/timetable';
import { Link } from 'react-router-dom';
import { useTodayLessons } from '../api/get-today-lessons';
import classes from './today-lessons.module.css';

type DayLesson = Day['lessons'][number];

/**
 * The journal of a teacher's lesson, opened at the lesson's day (the journal's `?date=`): the
 * teacher's most frequent path, one tap from the dashboard. Null for a lesson with no load line.
 */
export function lessonJournalPath(lesson: DayLesson, date: string): string | null {
  if (lesson.load_id === null) return null;
  return `/journal/${lesson.group_id}/${lesson.load_id}?date=${date}`;
}

/**
 * «Уроки сегодня»: a teacher's lessons (with the class) or a student's (with the teacher), with bell
 * times; a parent's child's, one card per child when there are several (`studentId`: that child's).
 */
export function TodayLessons({ studentId }: { studentId?: number }) {
  const { data, isPending, isError } = useTodayLessons(studentId);
  const { can } = usePermissions();

  // The answer is drawn in a transition (in slices), not in the blocking render that brings it.
  const revealed = useRevealInSlices(!isPending);
  if (isPending || !revealed) return <Skeleton h={160} radius="md" mb="xl" />;
  if (isError || data.role === 'none') return null;
  if (studentId === undefined && data.children.length > 1)
    return data.children.map((child) => <TodayLessons key={child.id} studentId={child.id} />);
  const isToday = data.date === schoolToday();
  const day = isToday
    ? 'Уроки сегодня'
    : `Ближайшие уроки: ${WEEK_DAYS[isoWeekday(data.date) - 1].toLowerCase()}, ${formatDate(data.date)}`;
  // A parent reads whose day it is: «Уроки сегодня: Соколов Миша».
  const title = data.student ? `${day}: ${data.student.name}` : day;

  return (
    <Card withBorder radius="md" padding="lg" mb="xl" data-testid="today-lessons">
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {data.lessons.length === 0 ? (
        <Text c="dimmed">Уроков нет</Text>
      ) : (
        <Stack gap="xs">
          {data.lessons.map((lesson) => {
            const journal =
              data.role === 'teacher' && can('journals.view') ? lessonJournalPath(lesson, data.date) : null;
            // A teacher's lesson is a link to its journal: the whole row, a thumb-sized target.
            const link = journal ? { component: Link, to: journal, className: classes.link } : {};
            return (
              <Group key={lesson.id} gap="sm" wrap="nowrap" data-testid="today-lesson" {...link}>
                <Text w={120} size="sm" c="dimmed" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                  {lesson.lesson_number}. {lesson.start_time}–{lesson.end_time}
                </Text>
                <div style={{ minWidth: 0 }}>
                  {/* The subject wraps, never cut: «Вероятность и статистика · Группа 1» read «Вероятность и стат…». */}
                  <Text size="sm" fw={600}>
                    {lesson.subject_name}
                    {lesson.subgroup_name ? ` · ${lesson.subgroup_name}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {data.role === 'teacher' ? lesson.group_name : lesson.teacher_name}
                  </Text>
                </div>
                {lesson.status !== 'scheduled' ? (
                  <Badge color={lesson.status === 'cancelled' ? 'red' : 'orange'} variant="light" ml="auto">
                    {LESSON_STATUSES[lesson.status]}
                  </Badge>
                ) : null}
                {/* Says the row opens something, beyond its colour on hover. */}
                {journal ? (
                  <Text
                    c="dimmed"
                    fz="xl"
                    lh={1}
                    ml={lesson.status === 'scheduled' ? 'auto' : 0}
                    aria-hidden="true"
                  >
                    ›
                  </Text>
                ) : null}
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
