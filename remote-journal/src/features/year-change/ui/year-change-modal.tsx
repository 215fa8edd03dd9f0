import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Chip,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  formatDate,
  getErrorMessage,
  MissingFinalMarksList,
  NARROW_LIST_QUERY,
  notify,
  QueryView,
  useMedia,
} from '@parta/shared';
import type { YearChangePlan } from '@parta/shared/domain/contracts/year-change';
import { useState } from 'react';
import { useYearChangePreview } from '../api/get-year-change-preview';
import { useRunYearChange } from '../api/run-year-change';

export interface YearChangeModalProps {
  opened: boolean;
  onClose: () => void;
}

const range = (start: string, end: string) => `${formatDate(start)} — ${formatDate(end)}`;

/** One figure of the summary: a large number over its Russian label. */
function Figure({ value, label, testId }: { value: number | string; label: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text fz="xl" fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

/** Classes old → new (the last grade graduates), with what each carries along. */
function ClassesTable({ plan }: { plan: YearChangePlan }) {
  const narrow = useMedia(NARROW_LIST_QUERY);
  return (
    <Table.ScrollContainer minWidth={300} mah={280}>
      <Table
        striped
        withTableBorder
        stickyHeader
        fz={narrow ? 'xs' : 'sm'}
        horizontalSpacing={narrow ? 'xs' : 'sm'}
        data-testid="year-change-classes"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Класс</Table.Th>
            <Table.Th ta="right">Учеников</Table.Th>
            <Table.Th ta="right">Подгрупп</Table.Th>
            <Table.Th ta="right">Строк нагрузки</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.classes.map((row) => (
            <Table.Tr key={row.group_id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{row.from}</span>
                  <span aria-hidden="true">→</span>
                  {row.to ? (
                    <b data-testid="year-change-to">{row.to}</b>
                  ) : (
                    <Badge color="grape" variant="light" data-testid="year-change-to">
                      выпуск
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{row.students}</Table.Td>
              <Table.Td ta="right">{row.to ? row.subgroup_sets : '—'}</Table.Td>
              <Table.Td ta="right">{row.to ? row.load_lines : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The next year's periods (beside this year's on a wide screen) and the каникулы to check, each
 * moved by a year.
 */
function CalendarTable({ plan }: { plan: YearChangePlan }) {
  const narrow = useMedia(NARROW_LIST_QUERY);
  const review = (
    <Badge color="yellow" variant="light">
      проверьте даты
    </Badge>
  );
  return (
    <Table withTableBorder fz="sm" data-testid="year-change-periods">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Период</Table.Th>
          {narrow ? null : <Table.Th>{plan.academic_year}</Table.Th>}
          <Table.Th>{plan.next_year}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plan.periods.map((period) => (
          <Table.Tr key={`${period.name}-${period.from_start_date}-${period.grades.join()}`}>
            <Table.Td>
              {period.name}
              {period.grades.length < 11 ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({period.grades[0]}–{period.grades.at(-1)} кл.)
                </Text>
              ) : null}
            </Table.Td>
            {narrow ? null : <Table.Td>{range(period.from_start_date, period.from_end_date)}</Table.Td>}
            <Table.Td>{range(period.start_date, period.end_date)}</Table.Td>
          </Table.Tr>
        ))}
        {plan.holidays.map((holiday) => (
          <Table.Tr key={`${holiday.name}-${holiday.start_date}`}>
            <Table.Td>
              {holiday.name}
              {narrow ? <div>{review}</div> : null}
            </Table.Td>
            {narrow ? null : <Table.Td>{review}</Table.Td>}
            <Table.Td>{range(holiday.start_date, holiday.end_date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the run will do, the options it takes, and the run itself. */
function YearChangeContent({ plan, onDone }: { plan: YearChangePlan; onDone: () => void }) {
  const [options, setOptions] = useState({
    keep_subgroups: true,
    keep_loads: true,
    carry_ktp: true,
    copy_timetables: true,
  });
  // New first grades are opened only when the завуч picks their letters (this year's are offered).
  const [firstGrades, setFirstGrades] = useState<string[]>([]);
  // Closing a year cannot be undone: the button waits for the reader to say they understand.
  const [understood, setUnderstood] = useState(false);
  const moving = plan.classes.filter((row) => row.to !== null).length;
  const run = useRunYearChange((done) => {
    notify.success(
      `Начался ${done.next_year} учебный год: классов переведено — ${moving}, выпускников — ${done.graduates}` +
        (done.new_first_grades.length > 0
          ? `, новых ${done.first_grade}-х классов — ${done.new_first_grades.length}`
          : ''),
    );
    onDone();
  });
  const option = (key: keyof typeof options, label: string) => (
    <Checkbox
      label={label}
      checked={options[key]}
      onChange={(event) => setOptions({ ...options, [key]: event.currentTarget.checked })}
    />
  );
  const start = () =>
    run.mutate({ academic_year: plan.academic_year, ...options, new_first_grades: firstGrades });
  const grade = plan.first_grade;

  return (
    <Stack gap="md">
      <Text>
        Учебный год <b>{plan.academic_year}</b> закроется, начнётся <b>{plan.next_year}</b>. Журналы, отчёты и
        архив {plan.academic_year} останутся как есть, только для чтения.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <Figure value={moving} label="классов переходят" testId="year-change-moving" />
        <Figure
          value={plan.graduates}
          label={`выпускников (${plan.last_grade}-е классы)`}
          testId="year-change-graduates"
        />
        <Figure value={plan.graduate_accounts + plan.parent_accounts} label="учётных записей закроется" />
        <Figure value={plan.periods.length} label="периодов на новый год" />
      </SimpleGrid>
      {plan.notes.length > 0 ? (
        <Alert color="yellow" title="Перед переходом">
          <List size="sm" spacing={2}>
            {plan.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {plan.missing_final_marks.map((missing) => (
        <Alert
          key={missing.period_id}
          color="yellow"
          title={`${missing.period_name}: не выставлено итоговых оценок — ${missing.total}`}
          data-testid="year-change-missing-final-marks"
        >
          <MissingFinalMarksList missing={missing} limit={12} />
        </Alert>
      ))}
      <Title order={5}>Классы</Title>
      <ClassesTable plan={plan} />
      <Text size="xs" c="dimmed">
        Выпускники уходят из списков учеников, но остаются в архиве и истории; их учётные записи и записи
        родителей без других детей в школе закрываются.
      </Text>
      <Title order={5}>Периоды и каникулы</Title>
      <CalendarTable plan={plan} />
      <Title order={5}>Что перенести</Title>
      <Stack gap="xs">
        {option('keep_subgroups', `Подгруппы с учениками (${plan.subgroup_sets})`)}
        {option('keep_loads', `Нагрузку классов (${plan.load_lines} строк)`)}
        {option('carry_ktp', `КТП как шаблоны на новый год (${plan.ktp_plans})`)}
        {option(
          'copy_timetables',
          `Шаблоны расписания (${plan.timetable_templates})${options.keep_loads ? '' : ': без нагрузки — пустыми'}`,
        )}
      </Stack>
      <Stack gap={6} data-testid="year-change-first-grades">
        <Text size="sm" fw={500}>
          Новые {grade}-е классы (пустые, без классного руководителя)
        </Text>
        {plan.first_grade_letters.length > 0 ? (
          <Chip.Group multiple value={firstGrades} onChange={setFirstGrades}>
            <Group gap="xs">
              {plan.first_grade_letters.map((letter) => (
                <Chip key={letter} value={letter} size="sm">
                  {grade}
                  {letter}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {firstGrades.length > 0
            ? `Откроются: ${firstGrades.map((letter) => `${grade}${letter}`).join(', ')}. Учеников в них добавите в разделе «Ученики».`
            : `Не выбраны: ${grade}-е классы нового года можно открыть позже в разделе «Классы».`}
        </Text>
      </Stack>
      {run.error ? (
        <Alert color="red">{getErrorMessage(run.error, 'Не удалось перейти в новый учебный год')}</Alert>
      ) : null}
      <Checkbox
        color="red"
        label={`Понимаю: ${plan.academic_year} закроется только для чтения, отменить переход нельзя`}
        checked={understood}
        onChange={(event) => setUnderstood(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button color="red" loading={run.isPending} disabled={!understood} onClick={start}>
          Закрыть {plan.academic_year} и начать {plan.next_year}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * «Новый учебный год» (issue 40): the preview of the year change — classes old → new, graduates,
 * the next year's periods, what is carried over — and the run, for the director and the завуч.
 */
export function YearChangeModal({ opened, onClose }: YearChangeModalProps) {
  const narrow = useMedia(NARROW_LIST_QUERY);
  const preview = useYearChangePreview(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Новый учебный год" size="xl" fullScreen={narrow}>
      <QueryView query={preview} errorText="Не удалось подготовить переход в новый учебный год">
        {(plan) => <YearChangeContent plan={plan} onDone={onClose} />}
      </QueryView>
    </Modal>
  );
}
