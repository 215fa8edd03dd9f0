import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getErrorMessage, notify, PageTitle, SaveForm, useFormSave } from '@parta/shared';
import {
  type GenerationInput,
  type GenerationStatus,
  type GenerationWeights,
  generationInputSchema,
  generationWeightsSchema,
} from '@parta/shared/domain/contracts/timetable-generator';
import { Link, useSearchParams } from 'react-router-dom';
import { useGeneration, useStartGeneration, useStopGeneration } from '../features/generator/api/generation';
import { GenerationFiguresView } from '../features/generator/ui/generation-figures';
import { useOrganizationChoice } from '../features/organizations/ui/use-organization-choice';
import { paths } from '../lib/paths';

const STATUS: Record<GenerationStatus, { label: string; color: string }> = {
  queued: { label: 'В очереди', color: 'gray' },
  running: { label: 'Идёт поиск', color: 'blue' },
  done: { label: 'Готово', color: 'green' },
  stopped: { label: 'Остановлено', color: 'yellow' },
  failed: { label: 'Ошибка', color: 'red' },
  impossible: { label: 'Невозможно', color: 'red' },
};

const WEIGHTS: Array<[keyof GenerationWeights, string]> = [
  ['teacher_gaps', 'Окна учителей'],
  ['teacher_days', 'Дни учителя в неделю'],
  ['difficulty', 'Шкала трудности СанПиН'],
  ['hard_first_last', 'Трудные предметы первым или последним уроком'],
  ['subject_twice_a_day', 'Предмет дважды в день'],
  ['spread', 'Часы предмета по неделе'],
  ['even_days', 'Ровные дни класса (разница больше 1 урока)'],
];

/** Составить расписание: options, then the job's progress; the result opens in the template editor. */
export function GeneratorPage() {
  const { organizationId, select } = useOrganizationChoice();
  const [params, setParams] = useSearchParams();
  const generationId = params.get('id') ? Number(params.get('id')) : null;
  const generation = useGeneration(generationId);
  const start = useStartGeneration();
  const stop = useStopGeneration();
  const form = useForm<GenerationInput>({
    initialValues: {
      template_name: 'Сгенерированное расписание',
      time_limit_seconds: 30,
      seed: 1,
      weights: generationWeightsSchema.parse({}),
      class_no_gaps: true,
      class_first_lesson: true,
    },
    validate: schemaResolver(generationInputSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const state = generation.data;
  // Queued or running: the search is under way (a second start would be refused), it can be stopped.
  const running = state?.status === 'running' || state?.status === 'queued';

  return (
    <>
      <PageTitle description="Генератор ставит уроки нагрузки по неделе с учётом кабинетов, недоступности и СанПиН; результат — новый шаблон">
        Составить расписание
      </PageTitle>
      {select}
      <SimpleGrid cols={{ base: 1, md: 2 }} mt={select ? 'md' : undefined}>
        <Paper withBorder p="md" radius="md">
          <SaveForm
            save={save}
            submitLabel="Составить"
            submitProps={{ disabled: running }}
            onSubmit={form.onSubmit((values) =>
              save.run(async () => {
                const { id } = await start.mutateAsync({ ...values, organization_id: organizationId });
                setParams({ id: String(id) });
              }),
            )}
          >
            <TextInput label="Название шаблона" withAsterisk {...form.getInputProps('template_name')} />
            <Group grow>
              <NumberInput
                label="Время поиска, с"
                min={1}
                max={600}
                allowDecimal={false}
                {...form.getInputProps('time_limit_seconds')}
              />
              <NumberInput label="Зерно" min={0} allowDecimal={false} {...form.getInputProps('seed')} />
            </Group>
            <Fieldset legend="День класса (жёсткие правила; снятая галочка — мягкое)">
              <Stack gap="xs">
                <Checkbox
                  label="Без окон (и у подгрупп)"
                  {...form.getInputProps('class_no_gaps', { type: 'checkbox' })}
                />
                <Checkbox
                  label="Начало с первого урока"
                  {...form.getInputProps('class_first_lesson', { type: 'checkbox' })}
                />
              </Stack>
            </Fieldset>
            <Fieldset legend="Веса мягких правил (0 — не учитывать)">
              <SimpleGrid cols={2}>
                {WEIGHTS.map(([key, label]) => (
                  <NumberInput
                    key={key}
                    label={label}
                    min={0}
                    max={100}
                    {...form.getInputProps(`weights.${key}`)}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          </SaveForm>
        </Paper>
        <Paper withBorder p="md" radius="md" data-testid="generation-progress">
          {generationId === null ? (
            <Text c="dimmed" ta="center" py="xl">
              Задайте параметры и нажмите «Составить»
            </Text>
          ) : generation.error ? (
            <Alert color="red">
              {getErrorMessage(generation.error, 'Не удалось получить ход генерации')}
            </Alert>
          ) : !state ? (
            <Text c="dimmed">Загрузка…</Text>
          ) : (
            <Stack>
              <Group justify="space-between">
                <Text fw={500}>Генерация № {state.id}</Text>
                <Badge color={STATUS[state.status].color} data-testid="generation-status">
                  {STATUS[state.status].label}
                </Badge>
              </Group>
              {state.status === 'queued' && state.queue_position !== null ? (
                <Text size="sm" data-testid="generation-queue">
                  Все серверы генерации заняты, в очереди: {state.queue_position}-я
                </Text>
              ) : null}
              <Progress value={state.total > 0 ? (100 * state.placed) / state.total : 0} animated={running} />
              <Text size="sm">
                Поставлено уроков: {state.placed} из {state.total}
              </Text>
              <Text size="sm">Нарушений жёстких правил: {state.hard_violations}</Text>
              <Text size="sm">Штраф мягких правил: {Math.round(state.soft_cost)}</Text>
              <Text size="sm">Окна учителей: {state.teacher_gaps}</Text>
              <Text size="sm">Прошло: {Math.round(state.seconds)} с</Text>
              {state.reasons.length > 0 ? (
                <Alert color={state.status === 'impossible' ? 'red' : 'yellow'} title="Причины">
                  <List size="sm">
                    {state.reasons.map((reason) => (
                      <List.Item key={reason}>{reason}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
              <Group justify="flex-end">
                {running ? (
                  <Button
                    color="red"
                    variant="light"
                    loading={stop.isPending}
                    onClick={async () => {
                      try {
                        await stop.mutateAsync(state.id);
                      } catch (error) {
                        notify.error(getErrorMessage(error));
                      }
                    }}
                  >
                    Остановить
                  </Button>
                ) : null}
                {state.template_id !== null ? (
                  <Button component={Link} to={paths.template(state.template_id)}>
                    Открыть в редакторе шаблона
                  </Button>
                ) : null}
              </Group>
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
      {state?.figures ? (
        <Paper withBorder p="md" radius="md" mt="md">
          <Text fw={500} mb="xs">
            Итог по классам и учителям
          </Text>
          <GenerationFiguresView figures={state.figures} />
        </Paper>
      ) : null}
    </>
  );
}
