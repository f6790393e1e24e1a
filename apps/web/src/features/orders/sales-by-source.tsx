import { formatCents } from '@bevy/core';
import { Anchor, Box, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { CaptionedTable } from '../../components/captioned-table';
import { SALES_BY_SOURCE } from './api/orders';
import { writeOrderFilters } from './order-filters';

/** The filter value for orders that came with no known source. */
export const DIRECT_SOURCE = 'direct';

/** "facebook", or what a missing source means to a producer. */
export const sourceName = (source: string | null) => source ?? 'Direct or unknown';

/**
 * Which channels sold what, for one producer over the last 90 days: where a producer reads its
 * orders, each source linking to its orders. The server computes it; nothing shows until it has.
 */
export function SalesBySource({ business }: { business: { id: number; name: string } }) {
  const [result] = useQuery({
    query: SALES_BY_SOURCE,
    variables: { businessId: business.id },
    requestPolicy: 'cache-and-network',
  });
  const rows = result.data?.salesBySource;
  if (!rows || rows.length === 0) return null;
  const headingId = `sales-by-source-${business.id}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Sales by source
      </Title>
      <CaptionedTable
        minWidth={420}
        caption={`${business.name}: retail orders of the last 90 days by where the buyer came from`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Source</Table.Th>
            <Table.Th scope="col" ta="right">
              Orders
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Sales
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.source ?? DIRECT_SOURCE}>
              <Table.Th scope="row" fw={400}>
                <Anchor
                  component={Link}
                  to={`?${writeOrderFilters({
                    status: null,
                    businessId: business.id,
                    search: '',
                    source: row.source ?? DIRECT_SOURCE,
                    page: 1,
                  })}`}
                  aria-label={`Orders from ${sourceName(row.source)}`}
                >
                  {sourceName(row.source)}
                </Anchor>
              </Table.Th>
              <Table.Td ta="right">{row.orderCount}</Table.Td>
              <Table.Td ta="right">{formatCents(row.salesCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CaptionedTable>
      <Text size="xs" c="dark.6">
        Sales are what buyers paid, less refunds; cancelled orders are left out.
      </Text>
    </Box>
  );
}
