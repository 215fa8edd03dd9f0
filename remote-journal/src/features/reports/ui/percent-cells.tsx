import { Table } from '@mantine/core';
import { MarkBadge } from '@parta/shared';

const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ru-RU')}`);

/** The four figures every report row ends with: % успеваемости, % качества, СОУ and the average. */
export function PercentCells(props: {
  success: number | null;
  quality: number | null;
  sou: number | null;
  average: number | null;
}) {
  return (
    <>
      <Table.Td ta="right">{percent(props.success)}</Table.Td>
      <Table.Td ta="right">{percent(props.quality)}</Table.Td>
      <Table.Td ta="right">{percent(props.sou)}</Table.Td>
      <Table.Td ta="center">{props.average === null ? '—' : <MarkBadge value={props.average} />}</Table.Td>
    </>
  );
}

export const PERCENT_HEADERS = ['% усп.', '% кач.', 'СОУ, %', 'Средний'];
