import { formatCents } from '@bevy/core';
import { Anchor, Container, Group, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { OrderAddress, OrderSummary } from './api/orders';

export const orderPath = (id: number) => `/orders/${id}`;

/** "Showing 26–50 of 120 orders". */
export function pageSummary(page: number, pageSize: number, shown: number, total: number): string {
  const noun = total === 1 ? 'order' : 'orders';
  if (shown === 0) return `No orders on this page (${total} ${noun} in all).`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
}

export { ErrorAlert } from '../../components/error-alert';

/**
 * What anyone sees for an order that does not exist or is not theirs: the same page either way,
 * so it does not tell whether the order exists.
 */
export function OrderNotFound() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Order not found</Title>
      <Text mt="md">
        There is no order at this address that you can see. Orders are shown to their buyer and to
        the people who work at the business that sold them.
      </Text>
      <Group mt="md" gap="lg">
        <Anchor component={Link} to="/consumer">
          Your orders
        </Anchor>
        <Anchor component={Link} to="/shop">
          Go to the shop
        </Anchor>
      </Group>
    </Container>
  );
}

/**
 * An address as lines of text, leaving out empty parts: a deleted account's orders keep only the
 * state and the first three digits of the ZIP code, which read "OR 972".
 */
export function AddressLines({ address }: { address: OrderAddress }) {
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ');
  const lines = [
    address.name,
    address.line1,
    address.line2,
    [address.city, stateZip].filter(Boolean).join(', '),
  ].filter((line): line is string => Boolean(line?.trim()));
  return (
    <Text component="address" fs="normal" style={{ fontStyle: 'normal' }}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** An order's total in a list, with what was refunded of it. */
export function TotalCell({
  order,
}: {
  order: Pick<OrderSummary, 'totalCents' | 'refundedCents'>;
}) {
  return (
    <Table.Td ta="right">
      {formatCents(order.totalCents)}
      {order.refundedCents > 0 ? (
        <Text size="xs" c="dark.6">
          {formatCents(order.refundedCents)} refunded
        </Text>
      ) : null}
    </Table.Td>
  );
}
