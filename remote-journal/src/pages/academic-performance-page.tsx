import { Alert, Loader, Paper, Stack, Table, Title } from '@mantine/core';
import { getErrorMessage, PageTitle } from '@parta/shared';
import type { PerformanceRow } from '@parta/shared/domain/contracts/reports';
import {
  downloadAcademicPerformance,
  useAcademicPerformance,
} from '../features/reports/api/get-academic-performance';
import { useReportParams } from '../features/reports/model/use-report-params';
import { MarkTotals } from '../features/reports/ui/mark-totals';
import { PERCENT_HEADERS, PercentCells } from '../features/reports/ui/percent-cells';
import { PeriodClassFilters } from '../features/reports/ui/period-class-filters';
import { QualityChart } from '../features/reports/ui/quality-chart';
import { ReportBasis } from '../features/reports/ui/report-basis';
import classes from '../features/reports/ui/report-table.module.css';
import { ReportToolbar } from '../features/reports/ui/report-toolbar';

/** «Без оценки»: no mark yet; outside N, never counted as failing (shared `tallyMarks`). */
const COUNT_HEADERS = ['N', '«5»', '«4»', '«3»', '«2»', 'н/а', 'без оценки'];

function CountCells({
  row,
}: {
  row: Pick<PerformanceRow, 'total' | 'n5' | 'n4' | 'n3' | 'n2' | 'na' | 'without_mark'>;
}) {
  return (
    <>
      {[row.total, row.n5, row.n4, row.n3, row.n2, row.na, row.without_mark].map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
        <Table.Td key={index} ta="right">
          {value}
        </Table.Td>
      ))}
    </>
  );
}

/** The name columns (the first one sticky), then the key figures, then the counts. */
function Headers({ first }: { first: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {first.map((header, index) => (
          <Table.Th key={header} className={index === 0 ? classes.sticky : undefined}>
            {header}
          </Table.Th>
        ))}
        {[...PERCENT_HEADERS, ...COUNT_HEADERS].map((header) => (
          <Table.Th key={header} ta="right">
            {header}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** Академическая успеваемость (reports.performance): class × subject, subjects and teachers, with a chart. */
export function AcademicPerformancePage() {
  const { periodId, groupId, change } = useReportParams();
  const report = useAcademicPerformance({ period_id: periodId, group_id: groupId });
  const data = report.data;

  return (
    <>
      <PageTitle description="Оценки за период: N — ученики с оценкой (без освобождённых и без тех, у кого оценки ещё нет: они в столбце «без оценки»); 1-е классы и предметы «без отметок» в итоги не входят">
        Академическая успеваемость
      </PageTitle>
      <ReportToolbar
        onDownload={
          periodId ? () => downloadAcademicPerformance({ period_id: periodId, group_id: groupId }) : undefined
        }
      >
        <PeriodClassFilters periodId={periodId} groupId={groupId} onChange={change} />
      </ReportToolbar>
      {report.error ? (
        <Alert color="red">{getErrorMessage(report.error, 'Не удалось построить отчёт')}</Alert>
      ) : !data ? (
        <Loader />
      ) : (
        <Stack gap="md" className="report-table">
          <div>
            <ReportBasis period={data.period.name} basis={data.basis} asOf={data.as_of} />
            <MarkTotals
              label={groupId ? 'Всего по классу' : 'Всего по школе'}
              figures={data.school}
              testId="performance-totals"
            />
          </div>
          <QualityChart
            title="Качество по предметам"
            bars={data.subjects.map((row) => ({
              label: row.subject_name,
              quality: row.quality,
              success: row.success,
            }))}
          />
          <Paper withBorder radius="md" p="xs">
            <Title order={4} m="xs">
              Учителя
            </Title>
            <Table.ScrollContainer minWidth={640}>
              <Table striped fz="sm" verticalSpacing={4} data-testid="performance-teachers">
                <Headers first={['Учитель']} />
                <Table.Tbody>
                  {data.teachers.map((row) => (
                    <Table.Tr key={row.teacher_id ?? 0}>
                      <Table.Td className={classes.sticky}>{row.teacher_name}</Table.Td>
                      <PercentCells {...row} />
                      <CountCells row={row} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>

          <Paper withBorder radius="md" p="xs">
            <Title order={4} m="xs">
              Классы и предметы
            </Title>
            <Table.ScrollContainer minWidth={900}>
              <Table striped fz="sm" verticalSpacing={4} data-testid="performance-table">
                <Headers first={['Класс', 'Предмет', 'Учитель']} />
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={`${row.group_id}-${row.subject_id}`}>
                      <Table.Td className={classes.sticky}>{row.group_name}</Table.Td>
                      <Table.Td>{row.subject_name}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.teacher_name ?? '—'}</Table.Td>
                      {row.without_marks ? (
                        <Table.Td
                          colSpan={PERCENT_HEADERS.length + COUNT_HEADERS.length}
                          className={classes.noMarks}
                          data-testid="performance-without-marks"
                        >
                          без отметок
                        </Table.Td>
                      ) : (
                        <>
                          <PercentCells {...row} />
                          <CountCells row={row} />
                        </>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </Stack>
      )}
    </>
  );
}
