import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { usePermissions } from '@parta/shared';
import { Link } from 'react-router-dom';
import { useSchoolCounts } from '../api/get-school-counts';

/**
 * The school's numbers (classes, pupils, staff) the user may see, one row of cards. Its own component: each count's
 * answer re-renders these cards only, not the whole dashboard around them.
 */
export function SchoolCounts() {
  const { can, status } = usePermissions();
  const { slots, counts } = useSchoolCounts(can, status === 'ready');
  if (slots === 0) return null;
  // As many columns as cards: a teacher's two counts share the row, no empty third column.
  return (
    <SimpleGrid cols={slots} spacing={{ base: 'xs', sm: 'md' }} mb="xl" data-testid="school-counts">
      {(counts ?? Array.from({ length: slots }, () => null)).map((count, index) =>
        count ? (
          <Card
            key={count.key}
            withBorder
            radius="md"
            padding="md"
            component={Link}
            to={count.to}
            data-testid={`count-${count.key}`}
          >
            <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" truncate>
              {count.label}
            </Text>
            <Text fz={{ base: 24, sm: 32 }} fw={700} lh={1.2} data-testid="count-value">
              {count.value ?? '—'}
            </Text>
          </Card>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while loading
          <Skeleton key={index} h={92} radius="md" />
        ),
      )}
    </SimpleGrid>
  );
}
