import { Alert, Group, Progress, Text } from '@mantine/core';
import { formatDateTime } from '@parta/shared';
import { ARCHIVE_BUILD_STATUS_LABELS, type ArchiveBuild } from '@parta/shared/domain/contracts/archive';

export interface ArchiveBuildStatusProps {
  build: ArchiveBuild;
}

/** The latest build: classes done of total as a bar while it runs, its outcome after. */
export function ArchiveBuildStatus({ build }: ArchiveBuildStatusProps) {
  if (build.status === 'failed') {
    return (
      <Alert color="red" title="Архив не сформирован" mb="md">
        {build.error}
      </Alert>
    );
  }
  const percent = build.total > 0 ? Math.round((build.done * 100) / build.total) : 0;
  const running = build.status === 'queued' || build.status === 'running';
  return (
    <div data-testid="archive-build">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {ARCHIVE_BUILD_STATUS_LABELS[build.status]}: классов {build.done} из {build.total}
        </Text>
        <Text size="xs" c="dimmed">
          {build.created_by_name ?? ''} {formatDateTime(new Date(build.created_at))}
          {build.finished_at ? ` — ${formatDateTime(new Date(build.finished_at))}` : ''}
        </Text>
      </Group>
      <Progress
        value={percent}
        animated={running}
        color={build.status === 'done' ? 'teal' : 'blue'}
        mb="md"
        aria-label={`Классов готово: ${build.done} из ${build.total}`}
      />
    </div>
  );
}
