import { formatCents } from '@bevy/core';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Collapse,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconTicket, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { dispatchTicketAction } from '../../lib/use-cart';
import type { TicketLineView } from './cart-view';

const NOTE_ICON_STYLE = { flexShrink: 0, marginTop: 3 };

function TicketQuantity({ line }: { line: TicketLineView }) {
  const id = line.stored.ticketTypeId;
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={`Tickets of ${line.name}`}
        value={line.quantity}
        min={1}
        max={Math.max(line.perOrderLimit, 1)}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        w={80}
        size="xs"
        onChange={(value) => {
          if (typeof value === 'number') {
            dispatchTicketAction({ type: 'set', ticketTypeId: id, quantity: value });
          }
        }}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${line.name}`}
        onClick={() => dispatchTicketAction({ type: 'remove', ticketTypeId: id })}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** Optional names on the tickets, one field per ticket, kept with the cart. */
function AttendeeNames({ line }: { line: TicketLineView }) {
  const [open, setOpen] = useState(line.stored.attendeeNames.some(Boolean));
  const names = Array.from(
    { length: line.quantity },
    (_, at) => line.stored.attendeeNames[at] ?? '',
  );
  return (
    <Box mt={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide names on the tickets' : 'Add names to the tickets (optional)'}
      </Button>
      <Collapse expanded={open}>
        <Stack gap={4} mt={4}>
          {names.map((name, at) => (
            <TextInput
              key={at}
              size="xs"
              label={
                <>
                  Name on ticket {at + 1}
                  <VisuallyHidden> of {line.name}</VisuallyHidden>
                </>
              }
              value={name}
              maxLength={80}
              autoComplete="off"
              onChange={(event) => {
                const next = [...names];
                next[at] = event.currentTarget.value;
                dispatchTicketAction({
                  type: 'names',
                  ticketTypeId: line.stored.ticketTypeId,
                  attendeeNames: next,
                });
              }}
            />
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}

/** Tickets of one type in a producer's part of the cart. */
export function TicketLineRow({ line }: { line: TicketLineView }) {
  const price = (cents: number | null) =>
    cents === null ? (
      <>
        <span aria-hidden>—</span>
        <VisuallyHidden>no price</VisuallyHidden>
      </>
    ) : (
      formatCents(cents)
    );
  return (
    <Table.Tr>
      <Table.Th scope="row" fw="normal">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconTicket size={28} aria-hidden style={{ flexShrink: 0 }} />
          <div>
            <Anchor
              component={Link}
              to={`/events/${encodeURIComponent(line.eventUrlKey)}`}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {line.name}
            </Anchor>
            <Text fz="sm" c="dark.6">
              {line.when}
            </Text>
          </div>
        </Group>
        {line.problems.map((problem) => (
          <Group key={problem} gap={4} wrap="nowrap" align="flex-start" c="red.9">
            <IconAlertTriangle size={16} aria-hidden style={NOTE_ICON_STYLE} />
            <Text fz="sm" fw={600}>
              {problem}
            </Text>
          </Group>
        ))}
        {line.priceWas !== null && line.unitPrice !== null ? (
          <Group gap={4} wrap="nowrap" align="flex-start" c="dark.7">
            <IconInfoCircle size={16} aria-hidden style={NOTE_ICON_STYLE} />
            <Text fz="sm">
              Price changed since you added them: was {formatCents(line.priceWas)}, now{' '}
              {formatCents(line.unitPrice)} each.
            </Text>
          </Group>
        ) : null}
        <AttendeeNames line={line} />
        <Box hiddenFrom="sm" mt={6}>
          {line.unitPrice === null ? null : (
            <Text fz="sm" mb={4}>
              {formatCents(line.unitPrice)} each
            </Text>
          )}
          <TicketQuantity line={line} />
        </Box>
      </Table.Th>
      <Table.Td ta="right" visibleFrom="sm">
        {price(line.unitPrice)}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <TicketQuantity line={line} />
      </Table.Td>
      <Table.Td ta="right">{price(line.lineTotal)}</Table.Td>
    </Table.Tr>
  );
}
