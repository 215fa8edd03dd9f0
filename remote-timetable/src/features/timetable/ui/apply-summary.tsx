import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@parta/shared';
import type { ApplyResult } from '@parta/shared/domain/contracts/timetable';
import { plural } from '@parta/shared/domain/plural';

/** Long lists are cut: the first screenfuls say what is wrong, the rest is «и ещё N». */
const SHOWN = 30;

const lessons = (count: number) => `${count} ${plural(count, 'урок', 'урока', 'уроков')}`;

function Rest({ total }: { total: number }) {
  return total > SHOWN ? (
    <Text size="sm" c="dimmed">
      …и ещё {total - SHOWN}
    </Text>
  ) : null;
}

/**
 * What applying a template does to a period: before («Будет…», the dry run) and after. The same
 * lists both times: class × subject whose weekly count differs from the template, and teachers or
 * rooms booked twice, with dates.
 */
export function ApplySummary({ result }: { result: ApplyResult }) {
  const before = result.dry_run;
  const mismatches = result.count_mismatches;
  const clashes = result.double_bookings;
  const clean = mismatches.length === 0 && clashes.length === 0;
  return (
    <Stack gap="sm" data-testid={before ? 'apply-preview' : 'apply-result'}>
      <Alert
        color={clean ? 'emerald' : 'orange'}
        title={before ? 'Что изменится' : 'Расписание составлено'}
        styles={{ message: { overflowWrap: 'anywhere' } }}
      >
        <List size="sm">
          <List.Item>
            Даты: {formatDate(result.from)} – {formatDate(result.to)}
          </List.Item>
          <List.Item>
            {before ? 'Будет создано' : 'Создано'} уроков: {result.created}
          </List.Item>
          <List.Item>
            {before ? 'Будет изменено или перенесено' : 'Изменено или перенесено'}: {result.updated}
          </List.Item>
          <List.Item>
            {before ? 'Будет удалено' : 'Удалено'}: {result.removed}
          </List.Item>
          <List.Item>
            {before ? 'Останутся' : 'Оставлено'} без изменений (оценки, посещаемость, тема или д/з учителя,
            разовые изменения): {result.kept}
          </List.Item>
          {result.ktp_relaid > 0 ? (
            <List.Item>
              Темы КТП {before ? 'будут разложены' : 'разложены'} заново по порядку:{' '}
              {lessons(result.ktp_relaid)}
            </List.Item>
          ) : null}
        </List>
      </Alert>

      <ChangedClasses result={result} />

      <Stack gap={4} data-testid="apply-count-mismatches">
        <Title order={3} size="h5">
          Число уроков в неделю
        </Title>
        {mismatches.length === 0 ? (
          <Text size="sm" c="dimmed">
            У каждого класса столько уроков каждого предмета, сколько даёт шаблон.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Не совпадает с шаблоном ({mismatches.length}): обычно из-за оставленных уроков с оценками или
              темами.
            </Text>
            <List size="sm" spacing={4}>
              {mismatches.slice(0, SHOWN).map((line) => (
                <List.Item key={`${line.group_id}|${line.subject_id}|${line.subgroup_name ?? ''}`}>
                  <Text span size="sm" fw={600}>
                    {line.group_name}
                    {line.subgroup_name ? ` (${line.subgroup_name})` : ''} — {line.subject_name}
                  </Text>
                  :{' '}
                  {line.weeks
                    .map(
                      (week) =>
                        `${formatDate(week.from)}–${formatDate(week.to)}: ${lessons(week.actual)} вместо ${week.expected}`,
                    )
                    .join('; ')}
                </List.Item>
              ))}
            </List>
            <Rest total={mismatches.length} />
          </>
        )}
      </Stack>

      <Stack gap={4} data-testid="apply-double-bookings">
        <Title order={3} size="h5">
          Учителя и кабинеты в двух местах сразу
        </Title>
        {clashes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Ни один учитель и ни один кабинет не заняты дважды в одно время.
          </Text>
        ) : (
          <>
            <Text size="sm" c="red">
              Заняты дважды ({clashes.length}):
            </Text>
            <List size="sm" spacing={4}>
              {clashes.slice(0, SHOWN).map((clash) => (
                <List.Item key={`${clash.kind}|${clash.name}|${clash.date}|${clash.lesson_number}`}>
                  {formatDate(clash.date)}, {clash.lesson_number} урок —{' '}
                  <Text span size="sm" fw={600}>
                    {clash.name}
                  </Text>
                  : {clash.groups.join(', ')}
                </List.Item>
              ))}
            </List>
            <Rest total={clashes.length} />
          </>
        )}
      </Stack>
    </Stack>
  );
}

/** Which classes change and from which date to which: the whole school, whatever terms a grade has. */
function ChangedClasses({ result }: { result: ApplyResult }) {
  const byDates = new Map<string, { from: string; to: string; names: string[]; lessons: number }>();
  for (const change of result.changed_classes) {
    const key = `${change.from}|${change.to}`;
    const entry = byDates.get(key) ?? { from: change.from, to: change.to, names: [], lessons: 0 };
    entry.names.push(change.group_name);
    entry.lessons += change.created + change.updated + change.removed;
    byDates.set(key, entry);
  }
  const count = result.changed_classes.length;
  return (
    <Stack gap={4} data-testid="apply-changed-classes">
      <Title order={3} size="h5">
        Классы
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          Ни у одного класса уроки не меняются.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {[...byDates.values()].map((entry) => (
            <List.Item key={`${entry.from}|${entry.to}`}>
              <Text span size="sm" fw={600}>
                {formatDate(entry.from)} – {formatDate(entry.to)}
              </Text>
              , {entry.names.length} {plural(entry.names.length, 'класс', 'класса', 'классов')} (
              {lessons(entry.lessons)}): {entry.names.join(', ')}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
