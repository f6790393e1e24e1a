import { formatCents } from '@bevy/core';
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import { useMutation } from 'urql';
import { describeError } from '../../lib/server-error';
import { dispatchTicketAction } from '../../lib/use-cart';
import { useMe } from '../../lib/use-me';
import { JOIN_WAITLIST, type PublicEvent } from './api/events';

type TicketType = PublicEvent['ticketTypes'][number];

/** Puts tickets in the cart as the page shows them; prices and seats are checked again later. */
function addToCart(event: PublicEvent, type: TicketType, quantity: number) {
  dispatchTicketAction({
    type: 'add',
    line: {
      ticketTypeId: type.id,
      quantity,
      attendeeNames: [],
      typeName: type.name,
      eventTitle: event.title,
      eventUrlKey: event.urlKey,
      when: event.when,
      businessId: event.business.id,
      businessName: event.business.name,
      businessSlug: event.business.slug,
      unitPriceCents: type.viewerPriceCents,
    },
  });
}

function Waitlist({ type }: { type: TicketType }) {
  const { me } = useMe();
  const [quantity, setQuantity] = useState(1);
  const [{ fetching, data, error }, join] = useMutation(JOIN_WAITLIST);
  if (!me) {
    return (
      <Text fz="sm">
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>{' '}
        to join the waitlist: when a seat comes back, the first in line gets it for 24 hours.
      </Text>
    );
  }
  if (data?.joinWaitlist) {
    return (
      <Text fz="sm" fw={600} role="status">
        You are number {data.joinWaitlist.position} on the waitlist. We will email you when a seat
        is yours to buy.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        <NumberInput
          label="Seats wanted"
          value={quantity}
          onChange={(value) => setQuantity(typeof value === 'number' ? value : 1)}
          min={1}
          max={10}
          allowDecimal={false}
          w={110}
          size="sm"
        />
        <Button
          variant="light"
          loading={fetching}
          onClick={() => void join({ ticketTypeId: type.id, quantity })}
        >
          Join the waitlist
        </Button>
      </Group>
      {error ? (
        <Text fz="sm" c="red.9" role="alert">
          {describeError(error).message}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One ticket type: its price, what is left, and how many to buy, or the waitlist. */
export function TicketTypePicker({
  event,
  type,
  offered,
}: {
  event: PublicEvent;
  type: TicketType;
  /** Seats the waitlist holds for this viewer now: theirs to buy despite 'Sold out'. */
  offered: number;
}) {
  const canBuy = type.unavailableReason === null || offered > 0;
  const most = Math.max(1, Math.min(type.perOrderLimit, offered > 0 ? offered : type.seatsLeft));
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState<number | null>(null);
  const headingId = `ticket-type-${type.id}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Text fw={700} id={headingId}>
            {type.name}
          </Text>
          <Group gap="xs">
            {type.membersOnly ? <StatusBadge color="blue">Club members only</StatusBadge> : null}
            <StatusBadge color={type.seatsLeft > 0 ? 'teal' : 'red'}>
              {type.availability}
            </StatusBadge>
          </Group>
        </Group>
        <Text>
          <Text span fw={700} fz="lg">
            {formatCents(type.viewerPriceCents)}
          </Text>{' '}
          <Text span fz="sm" c="dark.6">
            per ticket, all fees included; sales tax is added at checkout
          </Text>
        </Text>
        {type.memberPriceCents !== null && type.memberPriceCents !== type.viewerPriceCents ? (
          <Text fz="sm" c="dark.6">
            Club members pay {formatCents(type.memberPriceCents)}.
          </Text>
        ) : null}
        {canBuy ? (
          <Group gap="xs" align="flex-end">
            <NumberInput
              label={
                <>
                  Tickets<VisuallyHidden> of {type.name}</VisuallyHidden>
                </>
              }
              value={quantity}
              onChange={(value) => setQuantity(typeof value === 'number' ? value : 1)}
              min={1}
              max={most}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              w={120}
            />
            <Button
              leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
              onClick={() => {
                const count = Math.min(Math.max(quantity, 1), most);
                addToCart(event, type, count);
                setAdded(count);
              }}
            >
              Add to cart
            </Button>
          </Group>
        ) : type.unavailableReason === 'Sold out' ? (
          <Waitlist type={type} />
        ) : (
          <Text fz="sm" fw={600}>
            {type.unavailableReason}
          </Text>
        )}
        <Text fz="sm" role="status" c="teal.9" fw={600}>
          {added === null ? null : (
            <>
              Added {added} {added === 1 ? 'ticket' : 'tickets'} to your cart.{' '}
              <Anchor component={Link} to="/cart" fz="sm">
                View your cart
              </Anchor>
            </>
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
