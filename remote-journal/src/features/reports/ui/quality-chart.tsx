import { Card, Group, Progress, Stack, Text } from '@mantine/core';

export interface QualityChartProps {
  title: string;
  bars: { label: string; quality: number | null; success: number | null }[];
}

/** Horizontal bars of % качества (filled) over % успеваемости (light) — the chart a завуч looks at first. */
export function QualityChart({ title, bars }: QualityChartProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="quality-chart">
      <Text fw={700} mb={4}>
        {title}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        Тёмная часть — % качества, светлая — % успеваемости
      </Text>
      <Stack gap={6}>
        {bars.map((bar) => (
          <Group key={bar.label} gap="sm" wrap="nowrap">
            {/* Wide enough for «Вероятность и статистика» on a desktop; the full name is the tooltip. */}
            <Text
              size="sm"
              w={{ base: 130, sm: 240 }}
              truncate="end"
              title={bar.label}
              style={{ flexShrink: 0 }}
            >
              {bar.label}
            </Text>
            <Progress.Root size={16} style={{ flex: 1 }}>
              <Progress.Section
                value={bar.quality ?? 0}
                color="emerald"
                aria-label={`${bar.label}: качество`}
              />
              <Progress.Section
                value={Math.max(0, (bar.success ?? 0) - (bar.quality ?? 0))}
                color="emerald.2"
                aria-label={`${bar.label}: успеваемость без качества`}
              />
            </Progress.Root>
            <Text size="sm" w={48} ta="right" style={{ flexShrink: 0 }}>
              {bar.quality === null ? '—' : `${bar.quality.toLocaleString('ru-RU')}%`}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
