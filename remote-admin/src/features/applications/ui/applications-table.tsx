import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { formatDate, ListCard, useNarrowList } from '@parta/shared';
import { APPLICATION_STATUS_LABELS, type Application } from '@parta/shared/domain/contracts/applications';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { APPLICATION_STATUS_COLORS, ApplicationStatusBadge } from './application-status-badge';
import { InnFlag } from './inn-flag';

/** One page of applications: number and date, organization with its ИНН flag, contact, status. */
export function ApplicationsTable({ applications }: { applications: Application[] }) {
  const narrow = useNarrowList();
  if (narrow) {
    return (
      <Stack gap="xs">
        {applications.map((application) => (
          <ListCard
            key={application.id}
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
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>№</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Организация</Table.Th>
            <Table.Th>ИНН</Table.Th>
            <Table.Th>Регион</Table.Th>
            <Table.Th>Контакт</Table.Th>
            <Table.Th>Статус</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {applications.map((application) => (
            <Table.Tr key={application.id} data-testid="application-row">
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
