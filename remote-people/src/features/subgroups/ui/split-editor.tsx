import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { fullName } from '@parta/shared';
import type { PersonRef } from '@parta/shared/domain/contracts/common';
import { useState } from 'react';
import { membersOf, moveStudents, type Split } from '../model/split';

export interface SplitEditorProps {
  students: PersonRef[];
  split: Split;
  onChange: (split: Split) => void;
  readOnly?: boolean;
}

/** Two lists side by side: tick students in one and move them to the other. */
export function SplitEditor({ students, split, onChange, readOnly }: SplitEditorProps) {
  const [selected, setSelected] = useState<number[]>([]);

  const move = (from: number, to: number) => {
    const ids = selected.filter((id) => split.members[from].includes(id));
    onChange(moveStudents(split, ids, to));
    setSelected((current) => current.filter((id) => !ids.includes(id)));
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {split.names.map((name, index) => {
        const other = index === 0 ? 1 : 0;
        const members = membersOf(split, index, students);
        const chosen = selected.filter((id) => split.members[index].includes(id)).length;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a subgroup is its position (names may be edited)
          <Paper key={index} withBorder p="sm" radius="md" data-testid={`subgroup-${index + 1}`}>
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`Название подгруппы ${index + 1}`}
                  value={name}
                  readOnly={readOnly}
                  onChange={(event) => {
                    const names = [...split.names];
                    names[index] = event.currentTarget.value;
                    onChange({ ...split, names });
                  }}
                  style={{ flex: 1 }}
                />
                <Badge variant="light" size="lg">
                  {members.length}
                </Badge>
              </Group>
              <ScrollArea.Autosize mah={420} type="auto">
                <Checkbox.Group
                  value={selected.map(String)}
                  onChange={(values) => setSelected(values.map(Number))}
                >
                  <Stack gap={6} py={4}>
                    {members.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        Пусто
                      </Text>
                    ) : (
                      members.map((student) => (
                        <Checkbox
                          key={student.id}
                          value={String(student.id)}
                          label={fullName(student)}
                          disabled={readOnly}
                        />
                      ))
                    )}
                  </Stack>
                </Checkbox.Group>
              </ScrollArea.Autosize>
              {readOnly ? null : (
                <Button
                  variant="light"
                  disabled={chosen === 0}
                  onClick={() => move(index, other)}
                  aria-label={`Перенести в подгруппу ${other + 1}`}
                >
                  {index === 0 ? `Перенести (${chosen}) →` : `← Перенести (${chosen})`}
                </Button>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
