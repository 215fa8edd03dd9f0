import { Group, NativeSelect, Text } from '@mantine/core';
import type { JournalGrid as Grid } from '@parta/shared/domain/contracts/journal';

/** Above the grid: the kind of work new marks get, and the keyboard's hints (not on a touch screen). */
export function GridToolbar({
  workTypes,
  showWorkTypes,
  workTypeId,
  onWorkTypeChange,
  touchScreen,
  attendanceOnly,
}: {
  workTypes: Grid['work_types'];
  showWorkTypes: boolean;
  workTypeId: string | null;
  onWorkTypeChange: (id: string | null) => void;
  touchScreen: boolean;
  attendanceOnly: boolean;
}) {
  return (
    <Group gap="sm" mb="xs" align="flex-end">
      {showWorkTypes ? (
        // A native list: a phone opens its own picker, and there is no floating dropdown to
        // position (Mantine's measured the page, the thousand cells included, when it appeared).
        <NativeSelect
          label="Вид работы для новых оценок"
          data={[
            { value: '', label: 'Без вида работы (вес 1)' },
            ...workTypes.map((type) => ({
              value: String(type.id),
              label:
                type.weight === 1 ? type.name : `${type.name} (вес ${String(type.weight).replace('.', ',')})`,
            })),
          ]}
          value={workTypeId ?? ''}
          onChange={(event) => onWorkTypeChange(event.currentTarget.value || null)}
          w={300}
        />
      ) : null}
      {/* Keyboard hints are no use to a thumb: a touch screen gets the mark bar instead. */}
      {touchScreen ? null : (
        <Text size="xs" c="dimmed" maw={520}>
          {attendanceOnly
            ? 'Предмет без отметок: н, б — пропуск; стрелки, Tab и Enter — переход; Delete — очистить; Ctrl+D — заполнить вниз.'
            : 'Стрелки, Tab и Enter — переход; 1–5, н, б — отметка (несколько оценок через /); Delete — очистить; Ctrl+D — заполнить вниз; вставка блока из таблицы — Ctrl+V.'}
        </Text>
      )}
    </Group>
  );
}
