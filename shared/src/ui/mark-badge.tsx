import { Badge, type BadgeProps, Text, Tooltip } from '@mantine/core';
import {
  averageColor,
  type FinalMarkState,
  finalMarkCategory,
  finalMarkText,
  finalMarkTitle,
  type MarkCategory,
} from '../domain/marks';

/** Colour of each display category of a mark (SPEC §5: ЗЧ like 5, НЗ like 1, 1/2/Н/А failing). */
const CATEGORY_COLORS: Record<MarkCategory, string> = {
  excellent: 'green',
  good: 'blue',
  satisfactory: 'yellow',
  failing: 'red',
  exempt: 'gray',
};

export interface MarkBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  /** A grade or final mark as the API sends it ('5', 'Н/А', 'ЗЧ', 'осв' …), or a number: an average. */
  value: string | number;
  /** Shown on hover: the work type, a comment. */
  hint?: string | null;
}

/** One mark as a coloured badge: grades and final marks by their category, averages by SPEC §5 colouring. */
export function MarkBadge({ value, hint, ...props }: MarkBadgeProps) {
  const isAverage = typeof value === 'number';
  const color = isAverage ? averageColor(value) : CATEGORY_COLORS[finalMarkCategory(value) ?? 'exempt'];
  const label = isAverage ? value.toFixed(2).replace('.', ',') : value;
  const badge = (
    <Badge color={color} variant="light" radius="sm" {...props}>
      {label}
    </Badge>
  );
  return hint ? <Tooltip label={hint}>{badge}</Tooltip> : badge;
}

export interface FinalMarkBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  state: FinalMarkState;
}

/**
 * A final mark by its state (shared `finalMarkState`): confirmed as a filled mark badge, a proposal
 * as an outlined «4?» (not yet a mark), none as «—». The words are the title, for a screen reader.
 */
export function FinalMarkBadge({ state, ...props }: FinalMarkBadgeProps) {
  const title = finalMarkTitle(state);
  if (state.kind === 'none')
    return (
      <Text span c="dimmed" title={title} aria-label={title} data-state="none">
        {finalMarkText(state)}
      </Text>
    );
  const color = CATEGORY_COLORS[finalMarkCategory(state.value) ?? 'exempt'];
  const proposed = state.kind === 'proposed';
  return (
    <Badge
      color={color}
      variant={proposed ? 'outline' : 'light'}
      // An outline's text is its border's colour, shade 7 in light: blue 7 on white is 4.19:1 (axe
      // «serious» on the parent's diary). The text takes the colour's readable shade (the theme's
      // `--mantine-color-X-text`, above 4.5:1 in both schemes); the border stays as it was.
      c={proposed ? `var(--mantine-color-${color}-text)` : undefined}
      radius="sm"
      title={title}
      aria-label={title}
      data-state={state.kind}
      {...props}
    >
      {finalMarkText(state)}
    </Badge>
  );
}
