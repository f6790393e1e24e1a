import { canRefundLine, type OrderStatus } from '@bevy/core';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPrinter, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { OrderStatusBadge } from '../../components/order-status';
import { PageLoading } from '../../components/page-loading';
import { formatTimestampDateTime } from '../../lib/dates';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { BuyerCancel } from './buyer-cancel';
import { MarkInvoicePaid } from './invoice-paid';
import { RefundDialog, SellerActions } from './order-actions';
import type { ResultOf } from '../../lib/graphql';
import { ORDER, type Order, type OrderLine } from './api/orders';
import {
  ContactDetails,
  FulfillmentDetails,
  HistoryList,
  LinesTable,
  OrderSection,
  TotalsTable,
} from './order-sections';
import { AddressLines, ErrorAlert, OrderNotFound } from './order-ui';
import { ReorderNotice } from './reorder-notice';
import { useReorder } from './use-reorder';

/** The order id in the URL, or null when it cannot be one. */
export function useOrderId(): number | null {
  const { id = '' } = useParams();
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

function OrderAgain({ order }: { order: Order }) {
  const { reorder, ready, busyOrder, outcome, error, dismiss } = useReorder();
  return (
    <Stack gap="sm">
      <Group>
        <Button
          leftSection={<IconRepeat size={18} aria-hidden />}
          onClick={() => void reorder(order)}
          loading={busyOrder === order.id || !ready}
        >
          Order again
        </Button>
      </Group>
      {outcome ? <ReorderNotice outcome={outcome.result} onClose={dismiss} /> : null}
      {error ? <ErrorAlert message={error.message} /> : null}
    </Stack>
  );
}

/** The seller's refunds per line; the dialog is about one line at a time. */
function useRefundDialog() {
  const [state, setState] = useState<{ line: OrderLine | null; opened: boolean; key: number }>({
    line: null,
    opened: false,
    key: 0,
  });
  return {
    ...state,
    open: (line: OrderLine) =>
      setState((current) => ({ line, opened: true, key: current.key + 1 })),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}

function OrderDetail({ order, refresh }: { order: Order; refresh: () => void }) {
  const refund = useRefundDialog();
  const seller = order.viewerIsSeller;
  const status = order.status as OrderStatus;
  const refundable = seller && canRefundLine(status);
  // Nothing is left to pack once the order is cancelled or refunded in full.
  const packable = seller && status !== 'cancelled' && status !== 'refunded';

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={1}>Order {order.number}</Title>
              {/* Announced when an action moves the order on. */}
              <Box role="status" aria-label="Order status">
                <OrderStatusBadge status={order.status} label={order.statusLabel} />
              </Box>
            </Group>
            <Text c="dark.6">
              Placed {formatTimestampDateTime(order.createdAt)} with{' '}
              <Anchor
                component={Link}
                to={`/business/${encodeURIComponent(order.businessSlug)}`}
                underline="always"
              >
                {order.businessName}
              </Anchor>
            </Text>
            {order.clubRelease ? <Text c="dark.6">Club order · {order.clubRelease}</Text> : null}
            {order.source ? <Text c="dark.6">Source: {order.source.label}</Text> : null}
          </Stack>
          <Group gap="sm">
            {packable ? (
              <Button
                component={Link}
                to={`/orders/${order.id}/packing-slip`}
                target="_blank"
                variant="default"
                leftSection={<IconPrinter size={18} aria-hidden />}
              >
                Print packing slip
              </Button>
            ) : null}
            <Button
              component={Link}
              to={seller ? '/business/orders' : '/consumer'}
              variant="subtle"
            >
              {seller ? 'All orders' : 'Your orders'}
            </Button>
          </Group>
        </Group>

        {seller ? (
          <SellerActions order={order} onRefused={refresh} />
        ) : (
          <Stack gap="sm">
            <BuyerCancel order={order} />
            <OrderAgain order={order} />
          </Stack>
        )}

        <OrderSection id="order-items" title="Items">
          <LinesTable order={order} onRefund={refundable ? refund.open : undefined} />
        </OrderSection>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <OrderSection id="order-totals" title={seller ? 'Payment and payout' : 'Payment'}>
            <Stack gap="sm">
              <TotalsTable order={order} />
              <Group>
                <MarkInvoicePaid order={order} />
              </Group>
            </Stack>
          </OrderSection>
          <OrderSection id="order-fulfillment" title="Fulfillment">
            <FulfillmentDetails order={order} />
          </OrderSection>
          <OrderSection id="order-contact" title={seller ? 'Buyer' : 'Your contact details'}>
            <ContactDetails order={order} />
          </OrderSection>
          <OrderSection id="order-billing" title="Billing address">
            <AddressLines address={order.billingAddress} />
          </OrderSection>
        </SimpleGrid>

        <OrderSection id="order-history" title="History">
          <HistoryList order={order} />
        </OrderSection>
      </Stack>
      {refundable ? (
        <RefundDialog
          key={refund.key}
          order={order}
          line={refund.line}
          opened={refund.opened}
          onClose={refund.close}
        />
      ) : null}
    </Container>
  );
}

/** The page's title: the order's number once known. */
export function orderPageTitle(
  id: number | null,
  data: ResultOf<typeof ORDER> | undefined,
): string {
  if (id === null || data?.order === null) return 'Order not found';
  return data?.order ? `Order ${data.order.number}` : 'Order';
}

/** Spec /orders/{id}: one order, for its buyer or for the people of the business that sold it. */
export function OrderPage() {
  const id = useOrderId();
  const [result, reexecute] = useQuery({
    query: ORDER,
    variables: { id: id ?? 0 },
    pause: id === null,
    requestPolicy: 'cache-and-network',
  });
  const order = result.data?.order;
  useDocumentTitle(`${orderPageTitle(id, result.data)} · ${siteConfig.siteName}`);

  if (id === null) return <OrderNotFound />;
  if (result.error && !result.data) {
    return (
      <Container size="lg" py="lg">
        <Title order={1}>Order</Title>
        <Stack mt="md">
          <ErrorAlert
            title="We could not load this order"
            message={describeError(result.error).message}
            onRetry={() => reexecute({ requestPolicy: 'network-only' })}
          />
        </Stack>
      </Container>
    );
  }
  if (!result.data) return <PageLoading />;
  if (!order) return <OrderNotFound />;
  return <OrderDetail order={order} refresh={() => reexecute({ requestPolicy: 'network-only' })} />;
}
