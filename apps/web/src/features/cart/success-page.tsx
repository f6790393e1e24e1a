import {
  formatCents,
  FULFILLMENT_MODE_LABELS,
  nextStepsFor,
  payByInvoiceText,
  type FulfillmentMode,
} from '@bevy/core';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconTicket } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useClient } from 'urql';
import { orderAmountRows, SummaryRows } from '../../components/order-summary';
import { PageLoading } from '../../components/page-loading';
import { ProductThumbnail } from '../../components/product-thumbnail';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { removeFromCart, removeTicketsFromCart } from '../../lib/use-cart';
import {
  formatOrderAddress,
  orderIdsOf,
  type PlacedOrderSummary,
  type SuccessState,
} from './placed-checkout';
import { PLACED_ORDER } from './api/checkout';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; orders: PlacedOrderSummary[]; images?: SuccessState['images'] };

/** The orders just placed: from the checkout's answer, or read back when the page is reopened. */
function usePlacedOrders(): Loaded {
  const location = useLocation();
  const client = useClient();
  const navigate = useNavigate();
  const handedOver = location.state as Partial<SuccessState> | null;
  const fromCheckout = handedOver?.checkout;
  const ids = orderIdsOf(location.search).join(',');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  // Once: what was bought leaves the cart, and the history entry forgets it.
  const bought = handedOver?.bought;
  const boughtTickets = handedOver?.boughtTickets;
  const images = handedOver?.images;
  useEffect(() => {
    if (!bought || !fromCheckout) return;
    removeFromCart(bought);
    removeTicketsFromCart(boughtTickets ?? []);
    void navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: { checkout: fromCheckout, images } satisfies SuccessState,
    });
  }, [bought, boughtTickets, fromCheckout, images, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (fromCheckout) return;
    let current = true;
    const wanted = ids ? ids.split(',').map(Number) : [];
    void Promise.all(wanted.map((id) => client.query(PLACED_ORDER, { id }).toPromise())).then(
      (results) => {
        if (!current) return;
        const failed = results.find((result) => result.error);
        if (failed?.error) {
          setLoaded({ status: 'error', message: describeError(failed.error).message });
          return;
        }
        const orders = results.flatMap((result) => (result.data?.order ? [result.data.order] : []));
        setLoaded({ status: 'ready', orders });
      },
    );
    return () => {
      current = false;
    };
  }, [client, fromCheckout, ids]);

  return fromCheckout ? { status: 'ready', orders: fromCheckout.orders, images } : loaded;
}

function PlacedOrderCard({
  order,
  images,
}: {
  order: PlacedOrderSummary;
  images: SuccessState['images'];
}) {
  const headingId = `order-${order.id}-heading`;
  const tickets = 'tickets' in order ? order.tickets : [];
  // An order read back lists its tickets among its lines, without a product.
  const hasGoods = order.lines.some((line) => line.productId !== null);
  const hasTickets = tickets.length > 0 || order.lines.some((line) => line.productId === null);
  // The API types it as a String; the server writes only the three modes.
  const mode = order.fulfillmentMode as FulfillmentMode;
  const where =
    mode === 'pickup'
      ? `Pickup at ${order.fulfillmentAddress ? formatOrderAddress(order.fulfillmentAddress) : order.businessName}`
      : `${FULFILLMENT_MODE_LABELS[mode]} to ${order.fulfillmentAddress?.name ? `${order.fulfillmentAddress.name}, ` : ''}${order.fulfillmentAddress ? formatOrderAddress(order.fulfillmentAddress) : ''}`;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg" id={headingId}>
            Order {order.number} from{' '}
            <Anchor component={Link} to={`/business/${order.businessSlug}`} inherit>
              {order.businessName}
            </Anchor>
          </Title>
          <Anchor component={Link} to={`/orders/${order.id}`}>
            View order {order.number}
          </Anchor>
        </Group>
        <Table aria-label={`Items in order ${order.number}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Unit price</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={`${line.productId ?? line.productName}`}>
                <Table.Td>
                  {/* The name goes under its picture when the table is short of room. */}
                  <Group gap="xs">
                    <ProductThumbnail
                      src={
                        ('imageUrl' in line ? line.imageUrl : null) ??
                        (line.productId === null ? null : images?.[line.productId]) ??
                        null
                      }
                      size={40}
                    />
                    {line.productName}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatCents(line.unitPriceCents)}</Table.Td>
                <Table.Td ta="right">{formatCents(line.lineTotalCents)}</Table.Td>
              </Table.Tr>
            ))}
            {tickets.map((line) => (
              <Table.Tr key={`ticket-${line.ticketTypeId}`}>
                <Table.Td>
                  <Group gap="xs">
                    <IconTicket size={28} aria-hidden />
                    {line.name}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatCents(line.unitPriceCents)}</Table.Td>
                <Table.Td ta="right">{formatCents(line.lineTotalCents)}</Table.Td>
              </Table.Tr>
            ))}
            <SummaryRows
              rows={orderAmountRows(
                { ...order, fulfillmentMode: mode },
                { withSubtotal: false, totalLabel: 'Order total' },
              )}
              labelSpan={3}
            />
          </Table.Tbody>
        </Table>
        {hasGoods ? <Text fw={600}>{where}</Text> : null}
        {hasTickets ? (
          <Text>
            <Text span fw={600}>
              Your tickets:{' '}
            </Text>
            their QR codes are in your email and in{' '}
            <Anchor component={Link} to="/consumer/tickets">
              your tickets
            </Anchor>
            . Show one at the door, on your phone or printed.
          </Text>
        ) : null}
        {order.paymentMethod === 'invoice' && order.invoiceDueOn ? (
          <Text fw={600}>
            {payByInvoiceText(order.invoiceDueOn, order.invoiceTermsDays)}: pay{' '}
            {formatCents(order.totalCents)} to {order.businessName} directly.
          </Text>
        ) : null}
        {hasGoods ? (
          <Text>
            <Text span fw={600}>
              What happens next:{' '}
            </Text>
            {nextStepsFor(mode, order.businessName)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** ": $X charged to your card, $Y to pay by invoice", when some orders are on invoice. */
function paidHow(orders: readonly PlacedOrderSummary[]): string {
  const sum = (method: string) =>
    orders
      .filter((order) => order.paymentMethod === method)
      .reduce((total, order) => total + order.totalCents, 0);
  const onInvoice = sum('invoice');
  if (onInvoice === 0) return '';
  const byCard = sum('card');
  return byCard > 0
    ? `: ${formatCents(byCard)} charged to your card, ${formatCents(onInvoice)} to pay by invoice`
    : ': all to pay by invoice, nothing charged to your card';
}

/** After checkout (/success): the orders placed, from whom, and what happens next. */
export function SuccessPage() {
  useDocumentTitle(`Order placed · ${siteConfig.siteName}`);
  const loaded = usePlacedOrders();

  if (loaded.status === 'loading') return <PageLoading />;
  return (
    <Container size="lg" py="lg">
      {loaded.status === 'error' ? (
        <>
          <Title order={1}>Your orders</Title>
          <Alert color="red" title="We could not load your orders" role="alert" mt="md">
            {loaded.message} Your orders are also listed in{' '}
            <Anchor component={Link} to="/consumer">
              your orders
            </Anchor>
            .
          </Alert>
        </>
      ) : loaded.orders.length === 0 ? (
        <>
          <Title order={1}>No orders to show</Title>
          <Text mt="md">
            This page shows orders right after checkout. Your orders are listed in{' '}
            <Anchor component={Link} to="/consumer">
              your orders
            </Anchor>
            .
          </Text>
        </>
      ) : (
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" color="green" variant="light" aria-hidden>
              <IconCircleCheck size={28} />
            </ThemeIcon>
            <div>
              <Title order={1}>Thank you, your order is placed</Title>
              <Text>
                {loaded.orders.length === 1
                  ? `Order ${loaded.orders[0]!.number}`
                  : `Orders ${loaded.orders.map((order) => order.number).join(', ')}`}
                , {formatCents(loaded.orders.reduce((sum, order) => sum + order.totalCents, 0))} in
                all{paidHow(loaded.orders)}. We have emailed you a receipt.
              </Text>
            </div>
          </Group>
          {loaded.orders.map((order) => (
            <PlacedOrderCard key={order.id} order={order} images={loaded.images} />
          ))}
          <Group>
            <Button component={Link} to="/consumer">
              See all your orders
            </Button>
            <Button component={Link} to="/shop" variant="default">
              Keep shopping
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}
