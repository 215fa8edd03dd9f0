import { ActionIcon, Button, Group, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { SaveForm, useFormSave } from '@parta/shared';
import {
  type BellSchedule,
  type BellScheduleInput,
  bellScheduleInputSchema,
} from '@parta/shared/domain/contracts/timetable';
import { minutesBetween } from '@parta/shared/domain/timetable';
import { nextLesson } from '../model/next-lesson';

export interface BellFormProps {
  schedule?: BellSchedule;
  readOnly?: boolean;
  onSubmit: (input: BellScheduleInput) => Promise<unknown>;
}

const GRADES = Array.from({ length: 11 }, (_, index) => String(index + 1));

/** Name, default flag, the grades that use it and numbered lessons with 24-hour times. */
export function BellForm({ schedule, readOnly, onSubmit }: BellFormProps) {
  const form = useForm<BellScheduleInput>({
    initialValues: {
      name: schedule?.name ?? '',
      is_default: schedule?.is_default ?? false,
      grades: schedule?.grades ?? [],
      lessons: schedule?.lessons ?? [nextLesson([])],
    },
    validate: schemaResolver(bellScheduleInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const lessons = form.values.lessons;
  const renumber = (list: BellScheduleInput['lessons']) =>
    list.map((lesson, index) => ({ ...lesson, number: index + 1 }));

  return (
    <SaveForm
      save={save}
      onSubmit={form.onSubmit((values) => save.run(() => onSubmit(values)))}
      readOnly={readOnly}
      aside={
        <Button
          variant="light"
          disabled={lessons.length >= 12}
          onClick={() => form.setFieldValue('lessons', [...lessons, nextLesson(lessons)])}
        >
          Добавить урок
        </Button>
      }
    >
      <TextInput label="Название" withAsterisk readOnly={readOnly} {...form.getInputProps('name')} />
      <Group grow align="flex-start">
        <MultiSelect
          label="Для классов (параллели)"
          placeholder="Все остальные"
          data={GRADES}
          readOnly={readOnly}
          value={(form.values.grades ?? []).map(String)}
          onChange={(value) => form.setFieldValue('grades', value.map(Number))}
          error={form.errors.grades}
        />
      </Group>
      <Switch
        label="Основное расписание"
        disabled={readOnly}
        {...form.getInputProps('is_default', { type: 'checkbox' })}
      />
      <Text fw={600}>Уроки</Text>
      {lessons.map((lesson, index) => (
        <Stack key={lesson.number} gap={4}>
          {index > 0 ? (
            <Text size="xs" c="dimmed">
              Перемена {minutesBetween(lessons[index - 1].end_time, lesson.start_time)} мин
            </Text>
          ) : null}
          <Group gap="xs" align="flex-start" wrap="nowrap" data-testid="bell-lesson">
            <Text w={28} pt={6} fw={600}>
              {lesson.number}
            </Text>
            <TimePicker
              aria-label={`Начало урока ${lesson.number}`}
              format="24h"
              readOnly={readOnly}
              hoursInputLabel="Часы"
              minutesInputLabel="Минуты"
              {...form.getInputProps(`lessons.${index}.start_time`)}
            />
            <TimePicker
              aria-label={`Конец урока ${lesson.number}`}
              format="24h"
              readOnly={readOnly}
              hoursInputLabel="Часы"
              minutesInputLabel="Минуты"
              {...form.getInputProps(`lessons.${index}.end_time`)}
              error={form.errors[`lessons.${index}.end_time`] ?? form.errors[`lessons.${index}`]}
            />
            {readOnly ? null : (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={`Удалить урок ${lesson.number}`}
                disabled={lessons.length === 1}
                onClick={() =>
                  form.setFieldValue('lessons', renumber(lessons.filter((_, other) => other !== index)))
                }
              >
                ✕
              </ActionIcon>
            )}
          </Group>
        </Stack>
      ))}
      {form.errors.lessons ? (
        <Text c="red" size="sm">
          {form.errors.lessons}
        </Text>
      ) : null}
    </SaveForm>
  );
}
