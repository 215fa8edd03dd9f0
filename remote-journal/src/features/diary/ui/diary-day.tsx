import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatDate, MarkBadge, WEEK_DAYS } from '@parta/shared';
import type { DiaryLesson } from '@parta/shared/domain/contracts/diary';
import type { DiaryCourse } from '@parta/shared/domain/contracts/extracurricular';
import { isoWeekday, LESSON_STATUSES } from '@parta/shared/domain/timetable';
import { DiaryHomeworkBlock } from '../../homework';

const ATTENDANCE_LABELS = { н: 'Отсутствовал', б: 'Болел' } as const;

export interface DiaryDayProps {
  /** ISO date of the day. */
  date: string;
  lessons: DiaryLesson[];
  /** The pupil's внеурочная деятельность that day, shown apart from the lessons. */
  courses?: DiaryCourse[];
  /** Highlights today. */
  today: boolean;
  /** The diary's own pupil reads it (they hand in work; a parent only reads). */
  pupil?: boolean;
}

/** One day of the diary: its lessons with time, subject, topic, homework, grades and attendance. */
export function DiaryDay({ date, lessons, courses = [], today, pupil = false }: DiaryDayProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="diary-day" data-date={date} className="diary-day">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>
          {WEEK_DAYS[isoWeekday(date) - 1]}, {formatDate(date)}
        </Text>
        {today ? (
          <Badge variant="filled" size="sm">
            сегодня
          </Badge>
        ) : null}
      </Group>
      {lessons.length === 0 ? (
        <Text c="dimmed" size="sm">
          Уроков нет
        </Text>
      ) : (
        <Stack gap={0}>
          {lessons.map((lesson, index) => (
            <Group
              key={lesson.id}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              py={8}
              data-testid="diary-lesson"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Stack gap={0} w={76} style={{ flexShrink: 0 }}>
                <Text size="sm" fw={600}>
                  {lesson.lesson_number} урок
                </Text>
                <Text size="xs" c="dimmed">
                  {lesson.start_time ?? ''}
                  {lesson.end_time ? `–${lesson.end_time}` : ''}
                </Text>
              </Stack>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6}>
                  <Text
                    size="sm"
                    fw={600}
                    td={lesson.status === 'cancelled' ? 'line-through' : undefined}
                    c={lesson.status === 'cancelled' ? 'dimmed' : undefined}
                  >
                    {lesson.subject_name}
                  </Text>
                  {lesson.status !== 'scheduled' ? (
                    // Whole words on a phone: an upper-case badge cut to «ОТ…» said nothing.
                    <Badge
                      size="md"
                      fz={12}
                      tt="none"
                      h="auto"
                      maw="100%"
                      variant="light"
                      color={lesson.status === 'cancelled' ? 'red' : 'orange'}
                      styles={{ label: { whiteSpace: 'normal' } }}
                    >
                      {LESSON_STATUSES[lesson.status]}
                      {lesson.status === 'replaced' && lesson.teacher_name ? `: ${lesson.teacher_name}` : ''}
                    </Badge>
                  ) : null}
                </Group>
                {lesson.topic ? (
                  <Text size="xs" c="dimmed">
                    {lesson.topic}
                  </Text>
                ) : null}
                {lesson.homework ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    <Text span c="dimmed" size="sm">
                      Д/з:{' '}
                    </Text>
                    {lesson.homework}
                  </Text>
                ) : null}
                <DiaryHomeworkBlock lessonId={lesson.id} details={lesson.homework_details} pupil={pupil} />
              </Stack>
              <Group gap={4} justify="flex-end" style={{ flexShrink: 0, maxWidth: 96 }}>
                {lesson.attendance ? (
                  <Badge
                    color="gray"
                    variant="outline"
                    radius="sm"
                    title={ATTENDANCE_LABELS[lesson.attendance]}
                  >
                    {lesson.attendance}
                  </Badge>
                ) : null}
                {lesson.marks.map((mark) => (
                  <MarkBadge
                    key={mark.id}
                    value={mark.value}
                    size="lg"
                    hint={[mark.work_type, mark.comment].filter(Boolean).join(' · ') || null}
                    data-testid="diary-mark"
                  />
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {courses.length > 0 ? (
        <Stack
          gap={4}
          mt="xs"
          pt="xs"
          style={{ borderTop: '1px dashed var(--mantine-color-default-border)' }}
        >
          <Text size="xs" fw={600} c="dimmed">
            Внеурочная деятельность
          </Text>
          {courses.map((course) => (
            <Group
              key={course.session_id}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="diary-course"
            >
              <Text size="xs" c="dimmed" w={76} style={{ flexShrink: 0 }}>
                {course.start_time ?? ''}
                {course.end_time ? `–${course.end_time}` : ''}
              </Text>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {course.name}
                  {course.room ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {course.room}
                    </Text>
                  ) : null}
                </Text>
                {course.topic ? (
                  <Text size="xs" c="dimmed">
                    {course.topic}
                  </Text>
                ) : null}
              </Stack>
              {course.present === false ? (
                <Badge
                  color="gray"
                  variant="outline"
                  radius="sm"
                  title={course.excused ? 'Не был, уважительная причина' : 'Не был'}
                >
                  {course.excused ? 'уваж.' : 'н'}
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}
