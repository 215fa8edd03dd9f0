import { Anchor, List, Modal, Paper, Table, Text } from '@mantine/core';
import { PageTitle, QueryView } from '@parta/shared';
import {
  CLASSIFICATION_KINDS,
  CLASSIFICATION_LABELS,
  type ClassificationKind,
  type ClassificationRow,
} from '@parta/shared/domain/contracts/reports';
import { useState } from 'react';
import { downloadClassification, useClassification } from '../features/reports/api/get-classification';
import { useReportParams } from '../features/reports/model/use-report-params';
import { MarkTotals } from '../features/reports/ui/mark-totals';
import { PERCENT_HEADERS, PercentCells } from '../features/reports/ui/percent-cells';
import { PeriodClassFilters } from '../features/reports/ui/period-class-filters';
import { ReportBasis } from '../features/reports/ui/report-basis';
import classes from '../features/reports/ui/report-table.module.css';
import { ReportToolbar } from '../features/reports/ui/report-toolbar';

/**
 * Columns of the table: every kind except «освобождены» (shown as N against students) and «без
 * отметок» (a 1st class's row reads so across the figures).
 */
const COLUMNS: ClassificationKind[] = CLASSIFICATION_KINDS.filter(
  (kind) => kind !== 'exempt' && kind !== 'without_marks',
);

/** A soft hyphen: the browser may break the word there, showing «-», and only when it must. */
const SHY = '\u00AD';

/**
 * The columns' headers as the table prints them: the labels with soft hyphens in their long words,
 * so nine columns narrow to their syllables at 1366 px («Неуспе-/вающие:») instead of cutting a
 * word or scrolling sideways. Copied or read aloud, a header is the label itself.
 */
const COLUMN_HEADERS: Record<ClassificationKind, string> = {
  ...CLASSIFICATION_LABELS,
  excellent: `Отлич${SHY}ники`,
  good: `Хоро${SHY}шисты`,
  satisfactory: `Троеч${SHY}ники`,
  failing_one: `Неуспе${SHY}вающие: одна «2»`,
  failing_many: `Неуспе${SHY}вающие: две «2» и более`,
  not_attested: `Не аттесто${SHY}ваны`,
  no_marks: `Без оцен${SHY}ки`,
};

/**
 * The school's (or the one class's) marks subject by subject: the line «Академическая успеваемость»
 * shows for the same selection, so a завуч sees the two reports agree.
 */
function ClassificationTotals({ rows }: { rows: ClassificationRow[] }) {
  const row = rows.find((item) => item.level === 'school') ?? rows[0];
  if (!row) return null;
  return (
    <MarkTotals
      label={`${row.name}, оценки по предметам (как в «Академической успеваемости»)`}
      figures={row.marks}
      testId="classification-totals"
    />
  );
}

/** Классификация учащихся (reports.classification): per class, parallel and school, names behind each number. */
export function ClassificationPage() {
  const { periodId, groupId, change } = useReportParams();
  const report = useClassification({ period_id: periodId, group_id: groupId });
  const [names, setNames] = useState<{ row: ClassificationRow; kind: ClassificationKind } | null>(null);

  return (
    <>
      <PageTitle description="Оценки за период по всем предметам: N — ученики без освобождённых, без обучавшихся без отметок и без «Без оценки» (в закрытом периоде — нет итоговой оценки хотя бы по одному предмету, в текущем — ни одной оценки; они названы поимённо и не считаются неуспевающими)">
        Классификация учащихся
      </PageTitle>
      <ReportToolbar
        onDownload={
          periodId ? () => downloadClassification({ period_id: periodId, group_id: groupId }) : undefined
        }
      >
        <PeriodClassFilters periodId={periodId} groupId={groupId} onChange={change} />
      </ReportToolbar>
      <Paper withBorder radius="md" p="xs" className="report-table">
        <QueryView query={report} errorText="Не удалось построить отчёт">
          {(classification) => (
            <>
              <ReportBasis
                period={classification.period.name}
                basis={classification.basis}
                asOf={classification.as_of}
              />
              <ClassificationTotals rows={classification.rows} />
              <Table.ScrollContainer minWidth={760}>
                <Table
                  striped
                  withColumnBorders
                  fz="sm"
                  verticalSpacing={4}
                  horizontalSpacing={6}
                  data-testid="classification-table"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th className={classes.sticky}>Класс</Table.Th>
                      {PERCENT_HEADERS.map((header) => (
                        <Table.Th key={header} ta="right" className={classes.wrapHeader}>
                          {header}
                        </Table.Th>
                      ))}
                      <Table.Th ta="right">Уч.</Table.Th>
                      <Table.Th ta="right">N</Table.Th>
                      {COLUMNS.map((kind) => (
                        <Table.Th key={kind} ta="right" fz="xs" className={classes.wrapHeader}>
                          {COLUMN_HEADERS[kind]}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {classification.rows.map((row) => (
                      <Table.Tr
                        key={`${row.level}-${row.group_id ?? row.grade ?? 'school'}`}
                        fw={row.level === 'class' ? undefined : 700}
                        data-testid={`classification-${row.level}`}
                      >
                        <Table.Td className={classes.sticky}>{row.name}</Table.Td>
                        {row.without_marks ? (
                          <>
                            <Table.Td
                              colSpan={PERCENT_HEADERS.length}
                              ta="center"
                              className={classes.noMarks}
                            >
                              без отметок
                            </Table.Td>
                            <Table.Td ta="right">{row.students}</Table.Td>
                            <Table.Td colSpan={COLUMNS.length + 1} className={classes.noMarks}>
                              безотметочное обучение: не входит в N и проценты
                            </Table.Td>
                          </>
                        ) : (
                          <>
                            <PercentCells {...row} />
                            <Table.Td ta="right">{row.students}</Table.Td>
                            <Table.Td ta="right">{row.total}</Table.Td>
                            {COLUMNS.map((kind) => (
                              <Table.Td key={kind} ta="right">
                                {row.level === 'class' && row.counts[kind] > 0 ? (
                                  <Anchor
                                    component="button"
                                    type="button"
                                    fz="sm"
                                    onClick={() => setNames({ row, kind })}
                                  >
                                    {row.counts[kind]}
                                  </Anchor>
                                ) : (
                                  row.counts[kind]
                                )}
                              </Table.Td>
                            ))}
                          </>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </QueryView>
      </Paper>
      <Modal
        opened={names !== null}
        onClose={() => setNames(null)}
        title={names ? `${names.row.name}: ${CLASSIFICATION_LABELS[names.kind].toLowerCase()}` : ''}
      >
        {names ? (
          <List data-testid="classification-names">
            {names.row.names[names.kind].map((student) => (
              <List.Item key={student.id}>{student.name}</List.Item>
            ))}
          </List>
        ) : null}
        <Text size="xs" c="dimmed" mt="md">
          {report.data?.period.name}
        </Text>
      </Modal>
    </>
  );
}
