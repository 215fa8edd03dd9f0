import { Button, Group } from '@mantine/core';
import { getErrorMessage, notify } from '@parta/shared';
import { type ReactNode, useState } from 'react';
import './report-print.css';

export interface ReportToolbarProps {
  /** The filters of the report. */
  children: ReactNode;
  /** Downloads the report as .xlsx; absent while the report cannot be built yet. */
  onDownload?: () => Promise<void>;
}

/** Filters on the left, «Печать» and «Скачать .xlsx» on the right; hidden when printing. */
export function ReportToolbar({ children, onDownload }: ReportToolbarProps) {
  const [downloading, setDownloading] = useState(false);
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm" className="no-print">
      <Group gap="sm" align="flex-end">
        {children}
      </Group>
      <Group gap="xs">
        <Button variant="default" onClick={() => window.print()} disabled={!onDownload}>
          Печать
        </Button>
        <Button
          loading={downloading}
          disabled={!onDownload}
          onClick={async () => {
            if (!onDownload) return;
            setDownloading(true);
            try {
              await onDownload();
            } catch (error) {
              notify.error(getErrorMessage(error, 'Не удалось скачать отчёт'));
            } finally {
              setDownloading(false);
            }
          }}
        >
          Скачать .xlsx
        </Button>
      </Group>
    </Group>
  );
}
