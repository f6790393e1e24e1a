import { ADULT_SIGNATURE_NOTICE } from '@bevy/core';
import { formatPhoneNumber } from '@bevy/core/contact';
import { Alert, Box, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from 'urql';
import { fulfillmentLabel } from '../../components/order-status';
import { PageLoading } from '../../components/page-loading';
import { formatTimestampDate } from '../../lib/dates';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { ORDER, type Order } from './api/orders';
import { orderPageTitle, useOrderId } from './order-page';
import { AddressLines, ErrorAlert, OrderNotFound, orderPath } from './order-ui';
import classes from './packing-slip.module.css';

function Slip({ order }: { order: Order }) {
  // Opened to be printed: offer the print dialog once, as soon as the slip is drawn.
  useEffect(() => {
    window.print();
  }, []);
  const pickup = order.fulfillmentMode === 'pickup';

  return (
    <Stack gap="lg">
      <Group justify="space-between" className={classes.noPrint}>
        <Button component={Link} to={orderPath(order.id)} variant="subtle">
          Back to order {order.number}
        </Button>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1}>Packing slip</Title>
          <Text fw={600}>{order.businessName}</Text>
        </Stack>
        <Stack gap={2} ta="right">
          <Text fw={700} fz="lg">
            {order.number}
          </Text>
          <Text>Placed {formatTimestampDate(order.createdAt)}</Text>
          <Text>{fulfillmentLabel(order.fulfillmentMode)}</Text>
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="lg">
        <Box component="section" aria-labelledby="slip-to">
          <Title order={2} fz="md" id="slip-to">
            {pickup ? 'Pickup by' : 'Ship to'}
          </Title>
          {order.buyingBusiness ? <Text fw={600}>{order.buyingBusiness}</Text> : null}
          {pickup || !order.fulfillmentAddress ? (
            <Text>{order.contactName}</Text>
          ) : (
            <AddressLines address={order.fulfillmentAddress} />
          )}
          <Text>{formatPhoneNumber(order.contactPhone)}</Text>
        </Box>
        {pickup && order.fulfillmentAddress ? (
          <Box component="section" aria-labelledby="slip-pickup">
            <Title order={2} fz="md" id="slip-pickup">
              Pickup at
            </Title>
            <AddressLines address={order.fulfillmentAddress} />
            {order.pickupHours ? (
              <Text style={{ whiteSpace: 'pre-line' }}>Hours: {order.pickupHours}</Text>
            ) : null}
          </Box>
        ) : null}
        {order.trackingNumber ? (
          <Box>
            <Title order={2} fz="md">
              Tracking number
            </Title>
            <Text>{order.trackingNumber}</Text>
          </Box>
        ) : null}
      </SimpleGrid>
      <Table withTableBorder withColumnBorders aria-label={`Items to pack for ${order.number}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col" ta="right">
              Quantity
            </Table.Th>
            <Table.Th scope="col" w={80}>
              Packed
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => {
            const toPack = line.quantity - line.refundedQuantity;
            return (
              <Table.Tr key={line.id}>
                <Table.Th scope="row" fw={500}>
                  {line.productName}
                  {line.refundedQuantity > 0 ? (
                    <Text span size="sm">
                      {' '}
                      ({line.refundedQuantity} of {line.quantity} refunded)
                    </Text>
                  ) : null}
                </Table.Th>
                <Table.Td ta="right">{toPack}</Table.Td>
                <Table.Td aria-label="Not packed yet" />
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Alert color="gray" variant="outline" title="Adult signature required" role="note">
        <Text c="dark.9">{ADULT_SIGNATURE_NOTICE}</Text>
      </Alert>
    </Stack>
  );
}

/** /orders/{id}/packing-slip: a clean page to print and pack the order from; no prices. */
export function PackingSlipPage() {
  const id = useOrderId();
  const [result, reexecute] = useQuery({
    query: ORDER,
    variables: { id: id ?? 0 },
    pause: id === null,
  });
  const order = result.data?.order;
  useDocumentTitle(
    `${order ? `Packing slip ${order.number}` : orderPageTitle(id, result.data)} · ${siteConfig.siteName}`,
  );

  let content;
  if (id === null || result.data?.order === null) {
    content = <OrderNotFound />;
  } else if (result.error && !result.data) {
    content = (
      <ErrorAlert
        title="We could not load this order"
        message={describeError(result.error).message}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  } else if (!order) {
    content = <PageLoading />;
  } else if (!order.viewerIsSeller) {
    // Packing is the seller's job; the buyer has the order page.
    return <Navigate replace to={orderPath(order.id)} />;
  } else {
    content = <Slip order={order} />;
  }
  return (
    <main className={classes.slip} id="main">
      {content}
    </main>
  );
}
