import { Anchor, Group, Table, Text } from '@mantine/core';
import { formatDate, ListCard, ListTable } from '@parta/shared';
import { APPLICATION_STATUS_LABELS, type Application } from '@parta/shared/domain/contracts/applications';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { APPLICATION_STATUS_COLORS, ApplicationStatusBadge } from './application-status-badge';
import { InnFlag } from './inn-flag';

/** One page of applications: number and date, organization with its ИНН flag, contact, status. */
export function ApplicationsTable({ applications }: { applications: Application[] }) {
  return (
    <ListTable
      items={applications}
      rowTestId="application-row"
      minWidth={860}
      card={(application) => (
        <ListCard
          to={paths.application(application.id)}
          title={`№${application.id} · ${application.organization_name}`}
          badge={{
            label: APPLICATION_STATUS_LABELS[application.status],
            color: APPLICATION_STATUS_COLORS[application.status],
          }}
          data-testid="application-row"
        >
          <Text size="sm" c="dimmed">
            {formatDate(application.created_at)} · ИНН {application.inn} · {application.contact_name}
          </Text>
          <InnFlag application={application} />
        </ListCard>
      )}
      head={
        <>
          <Table.Th>№</Table.Th>
          <Table.Th>Дата</Table.Th>
          <Table.Th>Организация</Table.Th>
          <Table.Th>ИНН</Table.Th>
          <Table.Th>Регион</Table.Th>
          <Table.Th>Контакт</Table.Th>
          <Table.Th>Статус</Table.Th>
        </>
      }
      cells={(application) => (
        <>
          <Table.Td>{application.id}</Table.Td>
          <Table.Td>{formatDate(application.created_at)}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={paths.application(application.id)} fw={500}>
              {application.organization_name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Group gap={6}>
              <Text size="sm" ff="monospace">
                {application.inn}
              </Text>
              <InnFlag application={application} />
            </Group>
          </Table.Td>
          <Table.Td>{application.region}</Table.Td>
          <Table.Td>
            <Text size="sm">{application.contact_name}</Text>
            <Text size="xs" c="dimmed">
              {application.email}
            </Text>
          </Table.Td>
          <Table.Td>
            <ApplicationStatusBadge status={application.status} />
          </Table.Td>
        </>
      )}
    />
  );
}
