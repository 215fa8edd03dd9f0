import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  EditorModal,
  getErrorMessage,
  notify,
  PageTitle,
  QueryView,
  useCourses,
  useItemEditor,
  usePermissions,
} from '@parta/shared';
import type { Course } from '@parta/shared/domain/contracts/extracurricular';
import { courseScheduleText, courseTeachersText } from '@parta/shared/domain/extracurricular';
import { Link } from 'react-router-dom';
import { CourseForm, useDeleteCourse } from '../features/extracurricular';

/** Внеурочная деятельность: the courses the caller reads; the завуч makes and schedules them. */
export function ExtracurricularPage() {
  const { can } = usePermissions();
  const manages = can('loads.edit');
  const courses = useCourses();
  const editor = useItemEditor<Course>();
  const remove = useDeleteCourse();

  return (
    <>
      <PageTitle
        description="Курсы вне учебного плана: ученики разных классов, занятия после уроков, свой журнал"
        actions={
          <Group gap="xs">
            <Button component={Link} to="/journal/extracurricular/report" variant="light">
              Отчёт о часах
            </Button>
            {manages ? <Button onClick={editor.openNew}>Новый курс</Button> : null}
          </Group>
        }
      >
        Внеурочная деятельность
      </PageTitle>
      <QueryView
        query={courses}
        errorText="Не удалось загрузить курсы"
        isEmpty={(list) => list.length === 0}
        empty={
          manages
            ? 'Курсов пока нет: создайте первый'
            : 'Курсов, которые вы ведёте или где учатся ваши ученики, нет'
        }
      >
        {(list) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {list.map((course) => {
              const groups = [
                ...new Set(course.students.map((student) => student.group_name).filter(Boolean)),
              ].sort((a, b) => String(a).localeCompare(String(b), 'ru'));
              return (
                <Card key={course.id} withBorder radius="md" data-testid="course-card">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={700}>{course.name}</Text>
                      <Badge variant="light" tt="none" style={{ flexShrink: 1 }}>
                        {course.direction}
                      </Badge>
                    </Group>
                    <Text size="sm">
                      {courseTeachersText(course) ?? 'Учитель не назначен'} · {course.hours_per_week} ч в
                      неделю
                    </Text>
                    <Text size="sm" c="dimmed">
                      Учеников: {course.students.length}
                      {groups.length > 0 ? ` (${groups.join(', ')})` : ''}
                    </Text>
                    <Text size="sm" c="dimmed" data-testid="course-schedule">
                      {courseScheduleText(course.slots)}
                    </Text>
                    <Group gap="xs" mt={4}>
                      <Button component={Link} to={`/journal/extracurricular/${course.id}`} size="xs">
                        Журнал
                      </Button>
                      {manages ? (
                        <>
                          <Button size="xs" variant="default" onClick={() => editor.open(course)}>
                            Изменить
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => {
                              if (!window.confirm(`Удалить курс «${course.name}» вместе с его журналом?`))
                                return;
                              remove.mutate(course.id, {
                                onSuccess: () => notify.success('Курс удалён'),
                                onError: (error) => notify.error(getErrorMessage(error)),
                              });
                            }}
                          >
                            Удалить
                          </Button>
                        </>
                      ) : null}
                    </Group>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryView>
      <EditorModal editor={editor} title="Курс" newTitle="Новый курс" size="lg">
        {(course) => (
          <CourseForm
            course={course}
            onSaved={() => {
              editor.close();
              notify.success('Курс сохранён, занятия расставлены по четвертям');
            }}
          />
        )}
      </EditorModal>
    </>
  );
}
