import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useCourses, usePermissions } from '@parta/shared';
import { courseScheduleText, courseTeachersText } from '@parta/shared/domain/extracurricular';

export interface CoursesBesideProps {
  /** The class shown: its pupils' courses. */
  groupId?: number | null;
  /** The teacher shown: the courses they lead. */
  teacherId?: number | null;
}

/**
 * Внеурочная деятельность beside a week of lessons: the courses of the class's pupils (or the
 * teacher's), with their weekly times, apart from the lessons — they are not part of the load nor of
 * the timetable's grid. Shown to those who read the courses (journals.view); nothing when none match.
 */
export function CoursesBeside({ groupId = null, teacherId = null }: CoursesBesideProps) {
  const { can } = usePermissions();
  const readable = can('journals.view') && (groupId !== null || teacherId !== null);
  const courses = useCourses(readable);
  const shown = (courses.data ?? []).filter((course) =>
    groupId !== null
      ? course.students.some((pupil) => pupil.group_id === groupId)
      : course.teacher_id === teacherId || course.co_teachers.some((teacher) => teacher.id === teacherId),
  );
  if (!readable || shown.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="courses-beside">
      <Text fw={600} mb={4}>
        Внеурочная деятельность
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Курсы идут после уроков и не входят в нагрузку и расписание уроков.
      </Text>
      <Stack gap={6}>
        {shown.map((course) => {
          const ofClass =
            groupId === null ? null : course.students.filter((pupil) => pupil.group_id === groupId).length;
          return (
            <Group key={course.id} gap="xs" wrap="wrap" data-testid="course-beside">
              <Text size="sm" fw={600}>
                {course.name}
              </Text>
              <Badge variant="light" size="sm">
                {course.direction}
              </Badge>
              <Text size="sm">{courseScheduleText(course.slots)}</Text>
              <Text size="xs" c="dimmed">
                {groupId !== null
                  ? `${courseTeachersText(course) ?? 'учитель не назначен'} · учеников класса: ${ofClass}`
                  : `учеников: ${course.students.length}`}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
