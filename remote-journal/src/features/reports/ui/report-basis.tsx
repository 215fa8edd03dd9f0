import { Badge } from '@mantine/core';
import { reportBasisLabel } from '@parta/shared/domain/reports';

/** «I четверть · по текущим оценкам на 24.11.26» (an open period) or «… · по итоговым оценкам». */
export function ReportBasis(props: { period: string; basis: 'final' | 'current'; asOf: string }) {
  return (
    <Badge
      variant="light"
      color={props.basis === 'final' ? 'teal' : 'yellow'}
      size="lg"
      radius="sm"
      tt="none"
      mb="xs"
      data-testid="report-basis"
    >
      {props.period} · {reportBasisLabel(props.basis, props.asOf)}
    </Badge>
  );
}
