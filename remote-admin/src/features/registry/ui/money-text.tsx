import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from '@parta/shared';

/** An amount as `1 234,50 ₽`, red below zero. */
export function MoneyText({ value, ...props }: { value: number } & TextProps) {
  return (
    <Text
      component="span"
      size="sm"
      c={value < 0 ? 'red' : undefined}
      style={{ whiteSpace: 'nowrap' }}
      {...props}
    >
      {formatMoney(value)}
    </Text>
  );
}
