import { Table } from '@mantine/core';
import { MarkBadge } from '@parta/shared';
import classes from './report-table.module.css';

const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ru-RU')}`);

/**
 * The four figures a завуч reads first, right after the row's name so they are in view at 1366 px:
 * % успеваемости, % качества, СОУ and the average.
 */
export function PercentCells(props: {
  success: number | null;
  quality: number | null;
  sou: number | null;
  average: number | null;
}) {
  return (
    <>
      <Table.Td ta="right" className={classes.key}>
        {percent(props.success)}
      </Table.Td>
      <Table.Td ta="right" className={classes.key}>
        {percent(props.quality)}
      </Table.Td>
      <Table.Td ta="right" className={classes.key}>
        {percent(props.sou)}
      </Table.Td>
      <Table.Td ta="center">{props.average === null ? '—' : <MarkBadge value={props.average} />}</Table.Td>
    </>
  );
}

export const PERCENT_HEADERS = ['% усп.', '% кач.', 'СОУ, %', 'Средний'];
