import { US_STATES, type UsStateCode } from '@bevy/core';
import { Table } from '@mantine/core';
import { formatCalendarDate, formatTimestampDate } from '../../lib/dates';
import type { MyWholesaleApplication } from '../../lib/use-wholesale-application';

function stateName(code: string): string {
  return code in US_STATES ? US_STATES[code as UsStateCode] : code;
}

/** What the applicant sent, so they can check it while they wait. */
export function ApplicationSummary({ application }: { application: MyWholesaleApplication }) {
  const rows: [string, string][] = [
    ['Submitted', formatTimestampDate(application.createdAt)],
    ['Business name', application.businessName],
    ['License type', application.licenseType],
    ['License number', application.licenseNumber],
    ['Issuing state', stateName(application.issuingState)],
    ['License expires', formatCalendarDate(application.licenseExpiresOn)],
    ['Document', application.documentName],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
