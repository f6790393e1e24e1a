import { COMMISSION_BASIS_POINTS, formatCents } from '@bevy/core';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { PageLoading } from '../../components/page-loading';
import type { ResultOf } from '../../lib/graphql';
import { MONTH_FIGURES } from './api/dashboard';

type MonthFigures = ResultOf<typeof MONTH_FIGURES>['businessMonthFigures'][number];

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "November 2026" for "2026-11". */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return monthFormat.format(new Date(Date.UTC(year, number - 1, 1)));
}

function FiguresCard({ figures }: { figures: MonthFigures }) {
  const rows: [string, string][] = [
    ['Orders', String(figures.ordersCount)],
    ['Gross sales', formatCents(figures.grossSalesCents)],
    [`Commission (${COMMISSION_BASIS_POINTS / 100}%)`, formatCents(figures.commissionCents)],
    ['Refunds', formatCents(figures.refundsCents)],
    ['Net', formatCents(figures.netCents)],
  ];
  return (
    <Card component="article" withBorder padding="lg" radius="md">
      <Stack gap="xs">
        <Title order={3} fz="md">
          {figures.businessName}
        </Title>
        <Table
          verticalSpacing={4}
          aria-label={`${figures.businessName}, ${monthName(figures.month)}`}
        >
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={label === 'Net' ? 700 : 400}>
                  {label}
                </Table.Th>
                <Table.Td ta="right" fw={label === 'Net' ? 700 : 400}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="md">
          <Anchor
            component={Link}
            to={`/business/${encodeURIComponent(figures.businessSlug)}/insights`}
            fz="sm"
          >
            Insights of {figures.businessName}
          </Anchor>
          <Anchor
            component={Link}
            to={`/business/${encodeURIComponent(figures.businessSlug)}/payouts`}
            fz="sm"
          >
            Payouts of {figures.businessName}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** This calendar month's orders and money, per business the user works at. */
export function MonthFiguresSection() {
  const [{ data, fetching, error }] = useQuery({
    query: MONTH_FIGURES,
    requestPolicy: 'cache-and-network',
  });
  const figures = data?.businessMonthFigures ?? [];
  const month = figures[0] ? monthName(figures[0].month) : 'This month';

  return (
    <Stack component="section" aria-labelledby="month-figures-heading" gap="sm">
      <Title order={2} id="month-figures-heading">
        {figures[0] ? `This month: ${month}` : 'This month'}
      </Title>
      {fetching && !data ? (
        <PageLoading />
      ) : error ? (
        <Alert color="red" title="We could not load this month's figures">
          Error: {error.graphQLErrors[0]?.message ?? error.message}
        </Alert>
      ) : figures.length === 0 ? (
        <Text>No figures yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {figures.map((entry) => (
            <FiguresCard key={entry.businessId} figures={entry} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
