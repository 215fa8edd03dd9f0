import { Alert, Badge, Select, Table, Text } from '@mantine/core';
import type {
  ImportApplyBody,
  ImportEntity,
  ImportMapping,
  ImportPreview,
} from '@parta/shared/domain/contracts/imports';
import { formatHours, TEACHER_RATE_HOURS } from '@parta/shared/domain/timetable';

export const ENTITY_LABELS: Record<ImportEntity, string> = {
  teachers: 'Учителя',
  subjects: 'Предметы',
  classes: 'Классы',
  subgroups: 'Подгруппы',
  rooms: 'Кабинеты',
  loads: 'Строки нагрузки',
  unavailable: 'Недоступное время',
  slots: 'Закреплённые уроки',
};

/** The names the user may map elsewhere, and the user's changes to them (the apply's body). */
const MAPPABLE = ['teachers', 'subjects', 'classes', 'rooms'] as const;
type Mappable = (typeof MAPPABLE)[number];
export type MappingChanges = NonNullable<ImportApplyBody['mapping']>;

const MATCH_LABELS: Record<ImportMapping['match'], { label: string; color: string }> = {
  exact: { label: 'уже есть', color: 'gray' },
  close: { label: 'похожее', color: 'yellow' },
  chosen: { label: 'выбрано', color: 'blue' },
  new: { label: 'новый', color: 'emerald' },
};
const NEW = 'new';

export function Counts({ preview }: { preview: ImportPreview }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped data-testid="import-counts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Что</Table.Th>
            <Table.Th>В файле</Table.Th>
            <Table.Th>Новых</Table.Th>
            <Table.Th>Уже есть</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(Object.keys(ENTITY_LABELS) as ImportEntity[]).map((entity) => {
            const count = preview.counts[entity];
            return count && count.total > 0 ? (
              <Table.Tr key={entity}>
                <Table.Td>{ENTITY_LABELS[entity]}</Table.Td>
                <Table.Td>{count.total}</Table.Td>
                <Table.Td>{count.new}</Table.Td>
                <Table.Td>{count.existing}</Table.Td>
              </Table.Tr>
            ) : null;
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Every name of the file and what it goes to; while the import is a preview, a name may be mapped
 * to another of the school's records or to «новый» (sent with «Применить»).
 */
export function Mappings({
  preview,
  editable,
  changes,
  onChange,
}: {
  preview: ImportPreview;
  editable: boolean;
  changes: MappingChanges;
  onChange: (changes: MappingChanges) => void;
}) {
  const rows = preview.mappings.filter((m) => (MAPPABLE as readonly string[]).includes(m.entity));
  const choose = (m: ImportMapping, value: string | null) => {
    const entity = m.entity as Mappable;
    onChange({
      ...changes,
      [entity]: { ...changes[entity], [m.source]: !value || value === NEW ? null : Number(value) },
    });
  };
  return (
    // On a phone the selector says what a name goes to: the «В Parta» column is left out there.
    <Table.ScrollContainer minWidth={editable ? 320 : 480}>
      <Table data-testid="import-mappings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>В файле</Table.Th>
            <Table.Th visibleFrom={editable ? 'sm' : undefined}>В Parta</Table.Th>
            <Table.Th>Совпадение</Table.Th>
            {editable ? <Table.Th>Сопоставить с</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => {
            const changed = changes[m.entity as Mappable]?.[m.source];
            const current = changed !== undefined ? changed : m.target_id;
            const choices = preview.choices[m.entity] ?? [];
            const match = changed !== undefined ? MATCH_LABELS.chosen : MATCH_LABELS[m.match];
            return (
              <Table.Tr key={`${m.entity}|${m.source}`} data-testid="import-mapping">
                <Table.Td>{m.source}</Table.Td>
                <Table.Td visibleFrom={editable ? 'sm' : undefined}>
                  {ENTITY_LABELS[m.entity]}:{' '}
                  {current === null ? m.target : (choices.find((c) => c.id === current)?.name ?? m.target)}
                </Table.Td>
                <Table.Td>
                  <Badge color={match.color} variant="light">
                    {match.label}
                  </Badge>
                </Table.Td>
                {editable ? (
                  <Table.Td>
                    <Select
                      aria-label={`Сопоставить «${m.source}»`}
                      size="xs"
                      searchable
                      allowDeselect={false}
                      data={[
                        { value: NEW, label: 'новый' },
                        ...choices.map((c) => ({ value: String(c.id), label: c.name })),
                      ]}
                      value={current === null ? NEW : String(current)}
                      onChange={(value) => choose(m, value)}
                    />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Hours per class against СанПиН (the load screen's rule, counted by the server) and per teacher in ставки. */
export function Hours({ preview }: { preview: ImportPreview }) {
  if (preview.hours_by_class.length === 0 && preview.hours_by_teacher.length === 0) return null;
  return (
    <>
      {preview.hours_by_class
        .filter((c) => c.warning)
        .map((c) => (
          <Alert key={c.name} color="yellow" title="Предупреждение СанПиН" data-testid="import-warning">
            {c.name}: {c.warning}
          </Alert>
        ))}
      {preview.hours_by_class.length > 0 ? (
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="import-hours-by-class">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Класс</Table.Th>
                <Table.Th ta="right">Часов в неделю</Table.Th>
                <Table.Th ta="right">Допустимо СанПиН</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.hours_by_class.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td ta="right">
                    <Text span c={c.warning ? 'red' : undefined} inherit>
                      {formatHours(c.hours)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{c.max}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {preview.hours_by_teacher.length > 0 ? (
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="import-hours-by-teacher">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Учитель</Table.Th>
                <Table.Th ta="right">Часов в неделю</Table.Th>
                <Table.Th ta="right">Ставок ({TEACHER_RATE_HOURS} ч)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.hours_by_teacher.map((t) => (
                <Table.Tr key={t.name}>
                  <Table.Td>{t.name}</Table.Td>
                  <Table.Td ta="right">{formatHours(t.hours)}</Table.Td>
                  <Table.Td ta="right">{formatHours(t.rates)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
