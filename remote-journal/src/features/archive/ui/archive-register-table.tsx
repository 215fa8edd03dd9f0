import { Button, Code, Table, Text } from '@mantine/core';
import { formatDateTime, getErrorMessage, notify } from '@parta/shared';
import type { ArchiveFile } from '@parta/shared/domain/contracts/archive';
import { useState } from 'react';
import { downloadArchiveFile } from '../api/download-archive';
import { formatFileSize } from '../model/file-size';

export interface ArchiveRegisterTableProps {
  /** The register's rows, newest first. */
  files: ArchiveFile[];
}

/** «Реестр архива»: что, когда, кем, размер, SHA-256 and «Скачать» (refused when the file no longer matches). */
export function ArchiveRegisterTable({ files }: ArchiveRegisterTableProps) {
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (file: ArchiveFile) => {
    setDownloading(file.id);
    try {
      await downloadArchiveFile(file.id, file.file_name);
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось скачать файл архива'));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover data-testid="archive-register">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Что</Table.Th>
            <Table.Th>Когда</Table.Th>
            <Table.Th>Кем</Table.Th>
            <Table.Th ta="right">Размер</Table.Th>
            <Table.Th>SHA-256</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td>
                <Text size="sm">{file.title}</Text>
                <Text size="xs" c="dimmed">
                  стр.: {file.pages}
                </Text>
              </Table.Td>
              <Table.Td>{formatDateTime(new Date(file.created_at))}</Table.Td>
              <Table.Td>{file.created_by_name ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatFileSize(file.size)}</Table.Td>
              <Table.Td>
                <Code title={file.sha256}>{file.sha256.slice(0, 16)}…</Code>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  loading={downloading === file.id}
                  onClick={() => download(file)}
                >
                  Скачать
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
