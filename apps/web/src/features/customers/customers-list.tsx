import { formatCents } from '@bevy/core';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CaptionedTable } from '../../components/captioned-table';
import { formatTimestampDate } from '../../lib/dates';
import type { CustomerRow } from './api/customers';
import { clubStatusLabel, consentLabel } from './customer-filter';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const ANYWHERE = { overflowWrap: 'anywhere' } as const;

/**
 * Below 62em the seller sidebar leaves too little room for eight columns (at 768 px about 500),
 * so each person becomes a card there.
 */
const NARROW = '(max-width: 61.99em)';

const lastOrder = (customer: CustomerRow) =>
  customer.lastOrderAt ? formatTimestampDate(customer.lastOrderAt) : '—';

function CustomersTable({
  customers,
  caption,
}: {
  customers: readonly CustomerRow[];
  caption: string;
}) {
  return (
    <CaptionedTable caption={caption} minWidth={940}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col" ta="right">
            Lifetime value
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Orders
          </Table.Th>
          <Table.Th scope="col">Last order</Table.Th>
          <Table.Th scope="col">Club</Table.Th>
          <Table.Th scope="col">State</Table.Th>
          <Table.Th scope="col">Email consent</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {customers.map((customer) => (
          <Table.Tr key={customer.userId}>
            <Table.Th scope="row" fw={600}>
              {customer.name}
            </Table.Th>
            <Table.Td style={ANYWHERE}>{customer.email}</Table.Td>
            <Table.Td ta="right" style={NO_WRAP}>
              {formatCents(customer.lifetimeValueCents)}
            </Table.Td>
            <Table.Td ta="right">{customer.orderCount}</Table.Td>
            <Table.Td style={NO_WRAP}>{lastOrder(customer)}</Table.Td>
            <Table.Td>{clubStatusLabel(customer.clubStatus)}</Table.Td>
            <Table.Td>{customer.state ?? '—'}</Table.Td>
            <Table.Td>{consentLabel(customer.consent)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}

/** One "Label: value" line of a card, as a term and its description. */
function Fact({ term, children }: { term: string; children: string | number }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" fz="sm" c="dark.6" style={NO_WRAP}>
        {term}:
      </Text>
      <Text component="dd" fz="sm" m={0} style={ANYWHERE}>
        {children}
      </Text>
    </Group>
  );
}

function CustomerCards({
  customers,
  caption,
}: {
  customers: readonly CustomerRow[];
  caption: string;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dark.6" id="customer-cards-caption">
        {caption}
      </Text>
      <SimpleGrid
        component="ul"
        aria-labelledby="customer-cards-caption"
        // From sm the seller sidebar takes 250 px, leaving room for one column of cards.
        cols={{ base: 1, xs: 2, sm: 1 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {customers.map((customer) => (
          <Card component="li" key={customer.userId} withBorder radius="md" padding="sm">
            <Title order={3} fz="md" style={ANYWHERE}>
              {customer.name}
            </Title>
            <Text fz="sm" style={ANYWHERE} mb={4}>
              {customer.email}
            </Text>
            <Stack component="dl" gap={2} m={0}>
              <Fact term="Lifetime value">{formatCents(customer.lifetimeValueCents)}</Fact>
              <Fact term="Orders">{customer.orderCount}</Fact>
              <Fact term="Last order">{lastOrder(customer)}</Fact>
              <Fact term="Club">{clubStatusLabel(customer.clubStatus)}</Fact>
              <Fact term="State">{customer.state ?? '—'}</Fact>
              <Fact term="Email consent">{consentLabel(customer.consent)}</Fact>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A page of customers: a table where there is room for it, cards on phones and tablets. */
export function CustomersList({
  customers,
  caption,
}: {
  customers: readonly CustomerRow[];
  caption: string;
}) {
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  return narrow ? (
    <CustomerCards customers={customers} caption={caption} />
  ) : (
    <CustomersTable customers={customers} caption={caption} />
  );
}
