import {
  ADULT_SIGNATURE_NOTICE,
  formatCents,
  payByInvoiceText,
  type FulfillmentMode,
} from '@bevy/core';
import { formatPhoneNumber } from '@bevy/core/contact';
import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PayoutStatusBadge } from '../../components/order-status';
import { OrderSummary, orderAmountRows } from '../../components/order-summary';
import { ProductThumbnail } from '../../components/product-thumbnail';
import { formatTimestampDate, formatTimestampDateTime } from '../../lib/dates';
import type { Order, OrderLine } from './api/orders';
import { AddressLines } from './order-ui';

/** Units of a line that can still be refunded. */
export const refundableUnits = (line: OrderLine) => line.quantity - line.refundedQuantity;

/** A titled card of the detail page; its heading names the region. */
export function OrderSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

interface LinesProps {
  order: Order;
  /** Absent when the viewer may not refund. */
  onRefund?: (line: OrderLine) => void;
}

/** A line's Refund button while units remain, else the word. */
function RefundCell({ line, onRefund }: { line: OrderLine; onRefund: (line: OrderLine) => void }) {
  return refundableUnits(line) > 0 ? (
    <Button
      size="xs"
      variant="default"
      onClick={() => onRefund(line)}
      aria-label={`Refund ${line.productName}`}
    >
      Refund
    </Button>
  ) : (
    <Text size="sm" c="dark.6">
      Refunded
    </Text>
  );
}

/** On a phone, each line on its own: a table would hide quantity, total and Refund off screen. */
function LinesList({ order, onRefund }: LinesProps) {
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`Items of order ${order.number}`}
    >
      {order.lines.map((line) => (
        <Group key={line.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
          <ProductThumbnail src={line.imageUrl} size={40} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={500}>{line.productName}</Text>
            <Text size="sm">
              {line.quantity} × {formatCents(line.unitPriceCents)} ={' '}
              {formatCents(line.lineTotalCents)}
            </Text>
            {line.refundedQuantity > 0 ? (
              <Text size="sm" c="dark.6">
                {line.refundedQuantity} refunded
              </Text>
            ) : null}
          </Stack>
          {onRefund ? <RefundCell line={line} onRefund={onRefund} /> : null}
        </Group>
      ))}
    </Stack>
  );
}

/** The order's lines; for the seller, each with a Refund button while units remain. */
export function LinesTable({ order, onRefund }: LinesProps) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const anyRefunded = order.lines.some((line) => line.refundedQuantity > 0);
  if (narrow) return <LinesList order={order} onRefund={onRefund} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={`Items of order ${order.number}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col" ta="right">
              Unit price
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Quantity
            </Table.Th>
            {anyRefunded ? (
              <Table.Th scope="col" ta="right">
                Refunded
              </Table.Th>
            ) : null}
            <Table.Th scope="col" ta="right">
              Line total
            </Table.Th>
            {onRefund ? <Table.Th scope="col">Refund</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Th scope="row" fw={500}>
                {/* The name goes under its picture when the table is short of room. */}
                <Group gap="xs">
                  <ProductThumbnail src={line.imageUrl} size={40} />
                  {line.productName}
                </Group>
              </Table.Th>
              <Table.Td ta="right">{formatCents(line.unitPriceCents)}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              {anyRefunded ? (
                <Table.Td ta="right">
                  {line.refundedQuantity > 0 ? line.refundedQuantity : '—'}
                </Table.Td>
              ) : null}
              <Table.Td ta="right">{formatCents(line.lineTotalCents)}</Table.Td>
              {onRefund ? (
                <Table.Td>
                  <RefundCell line={line} onRefund={onRefund} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Subtotal, tax and fees, total and refunds; for the seller also commission and payout. An
 * invoice order says when it is due; the seller sees the commission they owe, and no payout.
 */
export function TotalsTable({ order }: { order: Order }) {
  const invoice = order.paymentMethod === 'invoice';
  const rows = orderAmountRows({
    ...order,
    fulfillmentMode: order.fulfillmentMode as FulfillmentMode,
  });
  if (order.refundedCents > 0) {
    const label = invoice ? 'Taken off the invoice' : 'Refunded';
    rows.push({ key: 'refunded', label, cents: order.refundedCents });
  }
  if (invoice && order.invoiceDueOn) {
    const text = order.invoicePaidAt
      ? `Invoice paid on ${formatTimestampDate(order.invoicePaidAt)}`
      : payByInvoiceText(order.invoiceDueOn, order.invoiceTermsDays);
    rows.push({ key: 'payment', label: 'Payment', text });
  }
  if (order.commissionCents !== null) {
    const label = invoice ? 'Commission owed by you (8%)' : 'Commission (8%)';
    rows.push({ key: 'commission', label, cents: order.commissionCents });
  }
  if (order.payoutCents !== null && !invoice) {
    rows.push({ key: 'payout', label: 'Payout to you', cents: order.payoutCents, strong: true });
  }
  if (order.payoutStatus !== null && !invoice) {
    const text = <PayoutStatusBadge status={order.payoutStatus} />;
    rows.push({ key: 'payout-status', label: 'Payout status', text });
  }
  return <OrderSummary rows={rows} label={`Totals of order ${order.number}`} verticalSpacing={6} />;
}

const BUYER_KINDS: Record<string, string> = {
  retail: 'Retail buyer',
  wholesale: 'Wholesale buyer',
};

export function ContactDetails({ order }: { order: Order }) {
  return (
    <Stack gap={2}>
      {order.buyingBusiness ? <Text fw={600}>Buying for {order.buyingBusiness}</Text> : null}
      <Text fw={600}>{order.contactName}</Text>
      <Anchor href={`mailto:${order.contactEmail}`}>{order.contactEmail}</Anchor>
      <Anchor href={`tel:${order.contactPhone}`}>{formatPhoneNumber(order.contactPhone)}</Anchor>
      <Text size="sm" c="dark.6">
        {BUYER_KINDS[order.buyerKind] ?? order.buyerKind}
      </Text>
    </Stack>
  );
}

/** How the order reaches the buyer: where to pick it up and when, or where it goes. */
export function FulfillmentDetails({ order }: { order: Order }) {
  const address = order.fulfillmentAddress;
  const lead =
    order.fulfillmentMode === 'pickup'
      ? `Pickup from ${order.businessName}`
      : order.fulfillmentMode === 'delivery'
        ? `Delivery by ${order.businessName}`
        : `Shipping by ${order.businessName}`;
  return (
    <Stack gap="xs">
      <Text fw={600}>{lead}</Text>
      {address ? <AddressLines address={address} /> : null}
      {order.fulfillmentMode === 'pickup' && order.pickupHours ? (
        <Text style={{ whiteSpace: 'pre-line' }}>
          <Text span fw={600}>
            Hours:
          </Text>{' '}
          {order.pickupHours}
        </Text>
      ) : null}
      {order.trackingNumber ? (
        <Text>
          <Text span fw={600}>
            Tracking number:
          </Text>{' '}
          {order.trackingNumber}
        </Text>
      ) : null}
      {order.fulfillmentMode !== 'pickup' ? (
        <Text size="sm" c="dark.6">
          {ADULT_SIGNATURE_NOTICE}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The order's history, oldest first. */
export function HistoryList({ order }: { order: Order }) {
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {order.events.map((event, index) => (
        <li
          key={`${event.createdAt}-${index}`}
          style={{
            borderInlineStart: '3px solid var(--mantine-color-wine-2)',
            paddingInlineStart: 'var(--mantine-spacing-sm)',
          }}
        >
          {/* A refund leaves the status as it was: its note says what happened. */}
          <Text fw={600}>
            {event.fromStatus === event.toStatus && event.note ? event.note : event.toStatusLabel}
          </Text>
          <Text size="sm" c="dark.6">
            <time dateTime={event.createdAt}>{formatTimestampDateTime(event.createdAt)}</time>
          </Text>
          {event.note && event.fromStatus !== event.toStatus ? (
            <Text size="sm">{event.note}</Text>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}
