import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid } from '@mantine/core';
import { LazyDateInput, notify, personOptions, schoolToday, useFormSave } from '@parta/shared';
import { ABSENCE_REASONS, type AbsenceReason } from '@parta/shared/domain/contracts/substitutions';
import { useState } from 'react';
import { useCreateAbsence } from '../api/substitutions';

const REASON_OPTIONS = Object.entries(ABSENCE_REASONS).map(([value, label]) => ({ value, label }));

/** «Отметить отсутствие»: teacher, dates, from which lesson of the first day, and why. */
export function AbsenceForm({
  teachers,
  onCreated,
}: {
  teachers: Parameters<typeof personOptions>[0];
  onCreated: (id: number) => void;
}) {
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(schoolToday());
  const [to, setTo] = useState<string | null>(schoolToday());
  const [fromLesson, setFromLesson] = useState<number | string>('');
  const [reason, setReason] = useState<AbsenceReason>('illness');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useFormSave(setErrors);
  const create = useCreateAbsence();

  const submit = () =>
    save.run(async () => {
      setErrors({});
      const created = await create.mutateAsync({
        teacher_id: Number(teacherId),
        from: from ?? '',
        to: to ?? '',
        from_lesson: fromLesson === '' ? null : Number(fromLesson),
        reason,
      });
      notify.success('Отсутствие отмечено: выберите замены');
      onCreated(created.absence.id);
    });

  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select
            label="Учитель"
            placeholder="Кто отсутствует"
            searchable
            data={personOptions(teachers)}
            value={teacherId}
            onChange={setTeacherId}
            error={errors.teacher_id}
            data-testid="absence-teacher"
          />
          <LazyDateInput
            label="С"
            valueFormat="DD.MM.YY"
            value={from}
            onChange={(value) => {
              setFrom(value);
              if (value && (!to || to < value)) setTo(value);
            }}
            error={errors.from}
          />
          <LazyDateInput label="По" valueFormat="DD.MM.YY" value={to} onChange={setTo} error={errors.to} />
          <NumberInput
            label="С урока"
            description="в первый день"
            placeholder="весь день"
            min={1}
            max={12}
            allowDecimal={false}
            value={fromLesson}
            onChange={setFromLesson}
            error={errors.from_lesson}
          />
          <Select
            label="Причина"
            allowDeselect={false}
            data={REASON_OPTIONS}
            value={reason}
            onChange={(value) => value && setReason(value as AbsenceReason)}
            error={errors.reason}
          />
        </SimpleGrid>
        {save.failure ? (
          <Alert color="red" mt="sm">
            {save.failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={create.isPending} disabled={!teacherId}>
            Отметить отсутствие
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
