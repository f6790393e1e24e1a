import {
  FULFILLMENT_MODE_LABELS,
  formatCents,
  formatDueDate,
  invoiceDueOn,
  invoiceTermsLabel,
  isoDate,
} from '@bevy/core';
import { Anchor, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProductThumbnail } from '../../components/product-thumbnail';
import { CheckoutAddressFields, type CheckoutFormApi } from './checkout-address-fields';
import type { ProducerGroupView } from './cart-view';

/**
 * "Delivery fee: $5.00"; a free one, or one not known until the ZIP code is, by its label alone
 * ("Free shipping", "Delivery fee: from $5.00 by distance; enter your ZIP code").
 */
function feeLine(label: string, feeCents: number | null): string {
  return feeCents === null || feeCents === 0 ? label : `${label}: ${formatCents(feeCents)}`;
}

/** A producer group's part of the form. */
interface GroupProps {
  form: CheckoutFormApi;
  group: ProducerGroupView;
  index: number;
}

/** Tickets need no pickup or shipping: they come by email, and the event is where they are used. */
function TicketsSection({ group }: { group: ProducerGroupView }) {
  const headingId = `fulfillment-${group.businessId}-heading`;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} fz="md" id={headingId}>
          Tickets from {group.name}
        </Title>
        <TicketList group={group} />
        <Text fz="sm">
          Your tickets come by email with their QR codes, and stay in your account. Bring a photo ID
          to a 21+ event.
        </Text>
      </Stack>
    </Paper>
  );
}

function TicketList({ group }: { group: ProducerGroupView }) {
  return (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
      {group.tickets.map((line) => (
        <Group component="li" key={line.stored.ticketTypeId} gap="xs" wrap="nowrap">
          <IconTicket size={24} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dark.6">
            {line.name} × {line.quantity} · {line.when}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function FulfillmentSection({ form, group, index }: GroupProps) {
  if (group.lines.length === 0) return <TicketsSection group={group} />;
  const mode = group.mode ?? 'pickup';
  const headingId = `fulfillment-${group.businessId}-heading`;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="md" id={headingId}>
            {FULFILLMENT_MODE_LABELS[mode]} from {group.name}
          </Title>
          <Anchor component={Link} to="/cart" fz="sm">
            Change in cart
          </Anchor>
        </Group>
        <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {group.lines.map((line) => (
            <Group component="li" key={line.id} gap="xs" wrap="nowrap">
              <ProductThumbnail src={line.product.bottleImageUrl} size={40} />
              <Text fz="sm" c="dark.6">
                {line.name} × {line.quantity.toLocaleString('en-US')}
              </Text>
            </Group>
          ))}
        </Group>
        {group.tickets.length > 0 ? <TicketList group={group} /> : null}
        {group.fee?.label ? (
          <Text fz="sm" fw={600}>
            {feeLine(group.fee.label, group.fee.feeCents)}
          </Text>
        ) : null}
        {group.invoiceTermsDays !== null ? (
          <PaymentChoice form={form} group={group} index={index} />
        ) : null}
        {mode === 'pickup' ? (
          <>
            <Text>
              Pick up at {group.pickupAddress ?? group.place ?? 'the producer'}. {group.name} will
              email you when it is ready; bring a photo ID showing you are 21 or older.
            </Text>
            {group.pickupHours ? (
              <Text style={{ whiteSpace: 'pre-line' }}>Pickup hours: {group.pickupHours}</Text>
            ) : null}
          </>
        ) : (
          <CheckoutAddressFields
            form={form}
            path={`fulfillment.${index}.address`}
            legend={mode === 'ship' ? 'Ship to' : 'Deliver to'}
            withRecipient
            states={mode === 'ship' ? group.shipToStates : undefined}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** For an approved wholesale buyer, where the producer offers terms: card now, or invoice. */
function PaymentChoice({ form, group, index }: GroupProps) {
  const days = group.invoiceTermsDays!;
  const path = `fulfillment.${index}.payByInvoice`;
  const dueOn = invoiceDueOn(isoDate(new Date()), days);
  return (
    <Radio.Group
      label={`How will you pay ${group.name}?`}
      value={form.getValues().fulfillment[index]?.payByInvoice ? 'invoice' : 'card'}
      onChange={(value) => form.setFieldValue(path, value === 'invoice')}
      error={form.errors[path]}
    >
      <Group gap="lg" mt={4}>
        <Radio value="card" label="Card, now" />
        <Radio
          value="invoice"
          label={`Invoice, ${invoiceTermsLabel(days)} (due ${formatDueDate(dueOn)})`}
        />
      </Group>
    </Radio.Group>
  );
}
