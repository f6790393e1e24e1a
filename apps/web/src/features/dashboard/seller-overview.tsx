import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { PageLoading } from '../../components/page-loading';
import { PaymentStatus } from '../../components/payment-status';
import type { ResultOf } from '../../lib/graphql';
import { DASHBOARD_BUSINESSES } from './api/dashboard';
import { MonthFiguresSection } from './month-figures';

type DashboardBusiness = NonNullable<
  ResultOf<typeof DASHBOARD_BUSINESSES>['me']
>['works_at'][number];

function productSummary({ productCount, publishedProductCount }: DashboardBusiness): string {
  if (productCount === 0) return 'No products yet';
  const products = `${productCount} ${productCount === 1 ? 'product' : 'products'}`;
  return `${products}, ${publishedProductCount} published`;
}

function BusinessCard({ business }: { business: DashboardBusiness }) {
  const base = `/business/${encodeURIComponent(business.slug)}`;
  return (
    <Card component="article" withBorder padding="lg" radius="md">
      <Stack gap="xs">
        <Title order={3} fz="lg">
          <Anchor component={Link} to={base} c="wine.8">
            {business.name}
          </Anchor>
        </Title>
        <Text fz="sm">{productSummary(business)}</Text>
        <PaymentStatus slug={business.slug} businessName={business.name} />
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={`${base}/products`} fz="sm">
            Manage products
          </Anchor>
          <Anchor component={Link} to={`${base}/edit`} fz="sm">
            Edit profile
          </Anchor>
          <Anchor component={Link} to={`${base}/payouts`} fz="sm">
            Payouts
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** For someone who works at one or more businesses: each business, and their orders. */
export function SellerOverview() {
  const [{ data, fetching, error }] = useQuery({ query: DASHBOARD_BUSINESSES });
  const businesses = data?.me?.works_at ?? [];

  return (
    <Stack gap="lg">
      <Stack component="section" aria-labelledby="businesses-heading" gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} id="businesses-heading">
            Your businesses
          </Title>
          <Button
            component={Link}
            to="/business/new"
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Add new business
          </Button>
        </Group>
        {fetching && !data ? (
          <PageLoading />
        ) : error ? (
          <Alert color="red" title="We could not load your businesses">
            Error: {error.graphQLErrors[0]?.message ?? error.message}
          </Alert>
        ) : businesses.length === 0 ? (
          <Text>You do not work at any business yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {businesses.map((business) => (
              <BusinessCard key={business.id} business={business} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {businesses.length > 0 ? <MonthFiguresSection /> : null}
      <Card
        component="section"
        aria-labelledby="orders-heading"
        withBorder
        padding="lg"
        radius="md"
      >
        <Group justify="space-between" align="center" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} fz="lg" id="orders-heading">
              Orders
            </Title>
            <Text fz="sm" c="dark.6">
              Orders that buyers place with your businesses.
            </Text>
          </Stack>
          <Button
            component={Link}
            to="/business/orders"
            variant="light"
            leftSection={<IconReceipt size={18} aria-hidden />}
          >
            View orders
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
