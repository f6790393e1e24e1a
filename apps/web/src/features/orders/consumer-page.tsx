import {
  Anchor,
  Box,
  Button,
  Container,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRepeat, IconShoppingBag } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { CaptionedTable } from '../../components/captioned-table';
import { EmptyState } from '../../components/empty-state';
import { OrderStatusBadge } from '../../components/order-status';
import { PageLoading } from '../../components/page-loading';
import { formatTimestampDate } from '../../lib/dates';
import { paginationLabels } from '../../lib/pagination-labels';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { MY_ORDERS, type MyOrder } from './api/orders';
import { ORDERS_PAGE_SIZE } from './order-filters';
import { ErrorAlert, orderPath, pageSummary, TotalCell } from './order-ui';
import { ReorderNotice } from './reorder-notice';
import { useReorder } from './use-reorder';

function NoOrders() {
  const { me } = useMe();
  // Wholesale buyers shop on the research page (they are sent away from /shop).
  const shopPath = me?.seesWholesalePricing ? '/business/research-and-shop' : '/shop';
  return (
    <EmptyState icon={IconShoppingBag}>
      <Title order={2} fz="lg">
        No orders yet
      </Title>
      <Text ta="center" maw={480}>
        When you buy from producers, your orders and their progress appear here.
      </Text>
      <Button component={Link} to={shopPath}>
        Go to the shop
      </Button>
    </EmptyState>
  );
}

function MyOrdersTable({
  orders,
  reorder,
}: {
  orders: MyOrder[];
  reorder: ReturnType<typeof useReorder>;
}) {
  return (
    <CaptionedTable minWidth={760} caption="Your orders, newest first">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Order</Table.Th>
          <Table.Th scope="col">Producer</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col" ta="right">
            Total
          </Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => (
          <Table.Tr key={order.id}>
            <Table.Th scope="row">
              <Anchor component={Link} to={orderPath(order.id)} fw={600}>
                {order.number}
              </Anchor>
            </Table.Th>
            <Table.Td>{order.businessName}</Table.Td>
            <Table.Td>{formatTimestampDate(order.createdAt)}</Table.Td>
            <Table.Td>
              <OrderStatusBadge status={order.status} label={order.statusLabel} />
            </Table.Td>
            <TotalCell order={order} />
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRepeat size={16} aria-hidden />}
                aria-label={`Order again: ${order.number}`}
                loading={reorder.busyOrder === order.id}
                disabled={
                  !reorder.ready || (reorder.busyOrder !== null && reorder.busyOrder !== order.id)
                }
                onClick={() => void reorder.reorder(order)}
              >
                Order again
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}

/**
 * Spec /consumer: the buyer's own orders, with their progress, and "Order again"; above them
 * `memberships`, the buyer's clubs, `tickets`, their event tickets, and `following`, the
 * producers they follow (their own features, composed by the router).
 */
export function ConsumerPage({
  memberships,
  tickets,
  following,
}: {
  memberships?: ReactNode;
  tickets?: ReactNode;
  /** The producers the buyer follows and gets email from. */
  following?: ReactNode;
}) {
  useDocumentTitle(`Your orders · ${siteConfig.siteName}`);
  const [params, setParams] = useSearchParams();
  const page = /^[1-9]\d{0,8}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
  const [result, reexecute] = useQuery({
    query: MY_ORDERS,
    variables: { limit: ORDERS_PAGE_SIZE, offset: (page - 1) * ORDERS_PAGE_SIZE },
    requestPolicy: 'cache-and-network',
  });
  const reorder = useReorder();
  const data = result.data?.myOrders;
  const pages = data ? Math.ceil(data.total / ORDERS_PAGE_SIZE) : 0;

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Title order={1}>Your orders</Title>
        <Suspense fallback={null}>{tickets}</Suspense>
        <Suspense fallback={null}>{memberships}</Suspense>
        <Suspense fallback={null}>{following}</Suspense>
        {reorder.outcome ? (
          <ReorderNotice outcome={reorder.outcome.result} onClose={reorder.dismiss} />
        ) : null}
        {reorder.error ? <ErrorAlert message={reorder.error.message} /> : null}
        {result.error ? (
          <ErrorAlert
            title="We could not load your orders"
            message={describeError(result.error).message}
            onRetry={() => reexecute({ requestPolicy: 'network-only' })}
          />
        ) : null}
        {!data && result.fetching ? <PageLoading /> : null}
        {data ? (
          data.total === 0 ? (
            <NoOrders />
          ) : (
            <>
              <Text role="status" size="sm" c="dark.6">
                {pageSummary(page, ORDERS_PAGE_SIZE, data.orders.length, data.total)}
              </Text>
              {data.orders.length > 0 ? (
                <MyOrdersTable orders={data.orders} reorder={reorder} />
              ) : null}
              {pages > 1 ? (
                <Box component="nav" aria-label="Pages of your orders">
                  <Pagination
                    total={pages}
                    value={Math.min(page, pages)}
                    onChange={(next) =>
                      setParams(next > 1 ? { page: String(next) } : {}, { replace: true })
                    }
                    {...paginationLabels(page)}
                  />
                </Box>
              ) : null}
            </>
          )
        ) : null}
      </Stack>
    </Container>
  );
}
