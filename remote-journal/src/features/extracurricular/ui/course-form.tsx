import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { SaveForm, shortName, useFormSave, useGroup, useGroups, WEEK_DAYS } from '@parta/shared';
import type { Course, CourseStudent } from '@parta/shared/domain/contracts/extracurricular';
import { useState } from 'react';
import { useDirections, useSaveCourse, useSaveSchedule } from '../api/courses';

interface SlotDraft {
  weekday: string;
  start_time: string;
  end_time: string;
  room: string;
}

const WEEKDAY_OPTIONS = WEEK_DAYS.slice(0, 6).map((day, index) => ({ value: String(index + 1), label: day }));

/** Pupils of one class to tick, the class chosen first: a course gathers pupils of several classes. */
function PupilsPicker({
  chosen,
  onChange,
}: {
  chosen: CourseStudent[];
  onChange: (students: CourseStudent[]) => void;
}) {
  const groups = useGroups();
  const [groupId, setGroupId] = useState<number | null>(null);
  const group = useGroup(groupId);
  const chosenIds = new Set(chosen.map((student) => student.id));
  const pupils = (group.data?.students ?? []).filter((student) => student.status === 'active');
  const toggle = (student: (typeof pupils)[number], on: boolean) => {
    const name = `${student.surname} ${student.name}`;
    onChange(
      on
        ? [...chosen, { id: student.id, name, group_id: groupId, group_name: group.data?.name ?? null }]
        : chosen.filter((item) => item.id !== student.id),
    );
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Ученики: {chosen.length}
      </Text>
      <Group gap={4}>
        {chosen.map((student) => (
          <Badge
            key={student.id}
            variant="light"
            tt="none"
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={`Убрать ${student.name}`}
                onClick={() => onChange(chosen.filter((item) => item.id !== student.id))}
              >
                ×
              </ActionIcon>
            }
          >
            {student.name}
            {student.group_name ? `, ${student.group_name}` : ''}
          </Badge>
        ))}
      </Group>
      <Select
        label="Добавить учеников класса"
        placeholder="Выберите класс"
        searchable
        data={(groups.data?.groups ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
        value={groupId === null ? null : String(groupId)}
        onChange={(value) => setGroupId(value ? Number(value) : null)}
        data-testid="course-class"
      />
      {pupils.length > 0 ? (
        <Stack gap={4} mah={220} style={{ overflowY: 'auto' }} data-testid="course-pupils">
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() =>
              onChange([
                ...chosen,
                ...pupils
                  .filter((student) => !chosenIds.has(student.id))
                  .map((student) => ({
                    id: student.id,
                    name: `${student.surname} ${student.name}`,
                    group_id: groupId,
                    group_name: group.data?.name ?? null,
                  })),
              ])
            }
          >
            Отметить весь класс
          </Button>
          {pupils.map((student) => (
            <Checkbox
              key={student.id}
              label={`${student.surname} ${student.name}`}
              checked={chosenIds.has(student.id)}
              onChange={(event) => toggle(student, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** A course's editor: name, direction, teacher, hours, pupils of any classes and the weekly slots. */
export function CourseForm({ course, onSaved }: { course?: Course; onSaved: () => void }) {
  const directions = useDirections();
  const groups = useGroups();
  const saveCourse = useSaveCourse();
  const saveSchedule = useSaveSchedule();
  // A new course saved before its schedule was refused is changed, not made twice, on the next try.
  const [savedId, setSavedId] = useState(course?.id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useFormSave(setErrors);
  const [name, setName] = useState(course?.name ?? '');
  const [direction, setDirection] = useState<string | null>(course?.direction ?? null);
  const [teacherId, setTeacherId] = useState<string | null>(
    course?.teacher_id ? String(course.teacher_id) : null,
  );
  const [coTeacherIds, setCoTeacherIds] = useState<string[]>(
    (course?.co_teachers ?? []).map((teacher) => String(teacher.id)),
  );
  const [hours, setHours] = useState<number | string>(course?.hours_per_week ?? 1);
  const [passFail, setPassFail] = useState(course?.pass_fail ?? false);
  const [students, setStudents] = useState<CourseStudent[]>(course?.students ?? []);
  const [slots, setSlots] = useState<SlotDraft[]>(
    (course?.slots ?? []).map((slot) => ({ ...slot, weekday: String(slot.weekday), room: slot.room ?? '' })),
  );
  const setSlot = (index: number, change: Partial<SlotDraft>) =>
    setSlots(slots.map((slot, at) => (at === index ? { ...slot, ...change } : slot)));

  const teacherOptions = (groups.data?.teachers ?? []).map((teacher) => ({
    value: String(teacher.id),
    label: shortName(teacher),
  }));

  const submit = () =>
    save.run(async () => {
      const saved = await saveCourse.mutateAsync({
        id: savedId,
        course: {
          name,
          direction: direction ?? '',
          teacher_id: Number(teacherId),
          co_teacher_ids: coTeacherIds.map(Number),
          hours_per_week: Number(hours),
          pass_fail: passFail,
          student_ids: students.map((student) => student.id),
        },
      });
      setSavedId(saved.id);
      await saveSchedule.mutateAsync({
        id: saved.id,
        schedule: {
          slots: slots.map((slot) => ({
            weekday: Number(slot.weekday),
            start_time: slot.start_time,
            end_time: slot.end_time,
            room: slot.room || null,
          })),
        },
      });
      onSaved();
    });

  return (
    <SaveForm
      save={save}
      aria-label="Курс"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label="Название"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Направление"
          required
          data={directions.data?.names ?? []}
          value={direction}
          onChange={setDirection}
          error={errors.direction}
        />
        <Select
          label="Учитель"
          required
          searchable
          data={teacherOptions}
          value={teacherId}
          onChange={setTeacherId}
          error={errors.teacher_id}
        />
        <MultiSelect
          label="Другие учителя"
          description="Тоже ведут журнал курса"
          searchable
          data={teacherOptions.filter((option) => option.value !== teacherId)}
          value={coTeacherIds.filter((id) => id !== teacherId)}
          onChange={setCoTeacherIds}
          maxValues={5}
          error={errors.co_teacher_ids}
        />
        <NumberInput
          label="Часов в неделю"
          min={1}
          max={10}
          value={hours}
          onChange={setHours}
          error={errors.hours_per_week}
        />
        <Checkbox
          mt={{ base: 0, xs: 30 }}
          label="Ставится зачёт"
          checked={passFail}
          onChange={(event) => setPassFail(event.currentTarget.checked)}
        />
      </SimpleGrid>
      <PupilsPicker chosen={students} onChange={setStudents} />
      {errors.student_ids ? (
        <Text c="red" size="sm">
          {errors.student_ids}
        </Text>
      ) : null}
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Расписание (после уроков)
        </Text>
        {slots.map((slot, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots have no id until saved
          <Stack key={index} gap={2} data-testid="course-slot">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label="День"
                w={150}
                data={WEEKDAY_OPTIONS}
                value={slot.weekday}
                onChange={(value) => value && setSlot(index, { weekday: value })}
                allowDeselect={false}
              />
              <TextInput
                label="Начало"
                placeholder="ЧЧ:ММ"
                w={90}
                value={slot.start_time}
                onChange={(event) => setSlot(index, { start_time: event.currentTarget.value })}
              />
              <TextInput
                label="Конец"
                placeholder="ЧЧ:ММ"
                w={90}
                value={slot.end_time}
                onChange={(event) => setSlot(index, { end_time: event.currentTarget.value })}
              />
              <TextInput
                label="Кабинет"
                w={110}
                value={slot.room}
                onChange={(event) => setSlot(index, { room: event.currentTarget.value })}
              />
              <Button
                variant="subtle"
                color="red"
                onClick={() => setSlots(slots.filter((_, at) => at !== index))}
              >
                Убрать
              </Button>
            </Group>
            {Object.entries(errors)
              .filter(([key]) => key === `slots.${index}` || key.startsWith(`slots.${index}.`))
              .map(([key, message]) => (
                <Text key={key} c="red" size="sm" data-testid="slot-error">
                  {message}
                </Text>
              ))}
          </Stack>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              setSlots([...slots, { weekday: '1', start_time: '15:00', end_time: '15:45', room: '' }])
            }
          >
            Добавить занятие
          </Button>
        </Group>
      </Stack>
    </SaveForm>
  );
}
