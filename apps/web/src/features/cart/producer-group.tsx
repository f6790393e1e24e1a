import {
  formatCents,
  FULFILLMENT_MODE_LABELS,
  type BuyerKind,
  type FeeQuote,
  type FulfillmentMode,
} from '@bevy/core';
import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProductThumbnail } from '../../components/product-thumbnail';
import {
  describeLineProblem,
  type CartLine,
  type LineChange,
  type ProducerGroupView,
  type Reach,
} from './cart-view';
import { actOnLine, LineQuantity } from './line-quantity';
import { TicketLineRow } from './ticket-line-row';

/** A note's icon stays beside the first line of a note that wraps. */
const NOTE_ICON_STYLE = { flexShrink: 0, marginTop: 3 };

function describeChange(change: LineChange): string {
  switch (change.kind) {
    case 'price':
      return `Price changed since you added it: was ${formatCents(change.was)}, now ${formatCents(change.now)} per unit.`;
    case 'renamed':
      return `Called “${change.was}” when you added it.`;
  }
}

function LineRow({ line, buyer }: { line: CartLine; buyer: BuyerKind }) {
  const belowMinimum = line.problems.find((problem) => problem.kind === 'below-minimum');
  const noPrice = (
    <>
      <span aria-hidden>—</span>
      <VisuallyHidden>
        {belowMinimum ? `priced from ${belowMinimum.minimum} units` : 'no price'}
      </VisuallyHidden>
    </>
  );
  return (
    <Table.Tr>
      <Table.Th scope="row" fw="normal">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ProductThumbnail src={line.product.bottleImageUrl} size={40} />
          {/* A long name wraps anywhere rather than widen the table past a phone's screen. */}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {line.name}
          </Text>
        </Group>
        {line.problems.map((problem) => (
          <Group key={problem.kind} gap={4} wrap="nowrap" align="flex-start" c="red.9">
            <IconAlertTriangle size={16} aria-hidden style={NOTE_ICON_STYLE} />
            <Text fz="sm" fw={600}>
              {describeLineProblem(problem, buyer)}
            </Text>
          </Group>
        ))}
        {belowMinimum ? (
          <Button
            size="compact-sm"
            variant="light"
            mt={4}
            onClick={() => actOnLine(line, 'set', belowMinimum.minimum)}
          >
            Raise to {belowMinimum.minimum} units
            <VisuallyHidden> of {line.name}</VisuallyHidden>
          </Button>
        ) : null}
        {line.changes.map((change) => (
          <Group key={change.kind} gap={4} wrap="nowrap" align="flex-start" c="dark.7">
            <IconInfoCircle size={16} aria-hidden style={NOTE_ICON_STYLE} />
            <Text fz="sm">{describeChange(change)}</Text>
          </Group>
        ))}
        {/* On narrow screens the unit price and quantity go under the name (their columns are
            hidden), so that the table fits a phone's screen. */}
        <Box hiddenFrom="sm" mt={6}>
          {line.unitPrice === null ? null : (
            <Text fz="sm" mb={4}>
              {formatCents(line.unitPrice)} each
            </Text>
          )}
          <LineQuantity line={line} />
        </Box>
      </Table.Th>
      <Table.Td ta="right" visibleFrom="sm">
        {line.unitPrice === null ? noPrice : formatCents(line.unitPrice)}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <LineQuantity line={line} />
      </Table.Td>
      <Table.Td ta="right">
        {line.lineTotal === null ? noPrice : formatCents(line.lineTotal)}
      </Table.Td>
    </Table.Tr>
  );
}

const REACH_STYLE: Record<Reach['status'], { color: string; Icon: typeof IconInfoCircle }> = {
  ok: { color: 'teal.9', Icon: IconCircleCheck },
  unknown: { color: 'dark.7', Icon: IconInfoCircle },
  refused: { color: 'red.9', Icon: IconAlertTriangle },
};

function ReachNote({ reach }: { reach: Reach }) {
  const { color, Icon } = REACH_STYLE[reach.status];
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" c={color}>
      <Icon size={18} aria-hidden style={NOTE_ICON_STYLE} />
      <Text fz="sm" fw={reach.status === 'refused' ? 600 : undefined}>
        {reach.message}
      </Text>
    </Group>
  );
}

/** The delivery or shipping fee in the producer's totals; "—" until the buyer's place is known. */
function FeeRow({ fee }: { fee: FeeQuote }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" ta="right" fw="normal">
        {fee.label}
      </Table.Th>
      <Table.Td ta="right">
        {fee.feeCents === null ? (
          <>
            <span aria-hidden>—</span>
            <VisuallyHidden>not known until you enter your ZIP code</VisuallyHidden>
          </>
        ) : (
          formatCents(fee.feeCents)
        )}
      </Table.Td>
    </Table.Tr>
  );
}

interface ProducerGroupProps {
  group: ProducerGroupView;
  buyer: BuyerKind;
  onModeChange: (businessId: number, mode: FulfillmentMode) => void;
}

/** One producer's part of the cart: how to get it, its lines, and its totals. */
export function ProducerGroup({ group, buyer, onModeChange }: ProducerGroupProps) {
  const headingId = `producer-${group.businessId}`;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            <Anchor component={Link} to={`/business/${encodeURIComponent(group.slug)}`}>
              {group.name}
            </Anchor>
          </Title>
          {group.place ? (
            <Text fz="sm" c="dark.6">
              {group.place}
            </Text>
          ) : null}
        </Group>
        {group.modes.length > 0 ? (
          <Radio.Group
            value={group.mode}
            onChange={(value) => onModeChange(group.businessId, value as FulfillmentMode)}
            name={`fulfillment-${group.businessId}`}
            label={`How do you want to get your order from ${group.name}?`}
          >
            <Group mt={6} gap="lg">
              {group.modes.map((mode) => (
                <Radio key={mode} value={mode} label={FULFILLMENT_MODE_LABELS[mode]} />
              ))}
            </Group>
          </Radio.Group>
        ) : null}
        {group.reach ? <ReachNote reach={group.reach} /> : null}
        {group.fee?.problem ? (
          <ReachNote reach={{ status: 'refused', message: group.fee.problem }} />
        ) : null}
        <Table verticalSpacing="xs">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <VisuallyHidden>Items from {group.name}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{group.tickets.length > 0 ? 'Item' : 'Product'}</Table.Th>
              <Table.Th scope="col" ta="right" w={100} visibleFrom="sm">
                Unit price
              </Table.Th>
              <Table.Th scope="col" w={150} visibleFrom="sm">
                Quantity
              </Table.Th>
              <Table.Th scope="col" ta="right" w={100}>
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.lines.map((line) => (
              <LineRow key={line.id} line={line} buyer={buyer} />
            ))}
            {group.tickets.map((line) => (
              <TicketLineRow key={`ticket-${line.stored.ticketTypeId}`} line={line} />
            ))}
          </Table.Tbody>
        </Table>
        {group.totals ? (
          <Table w="auto" ml="auto" withRowBorders={false} verticalSpacing={4}>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <VisuallyHidden>Totals from {group.name}</VisuallyHidden>
            </Table.Caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" ta="right" fw="normal">
                  Subtotal
                </Table.Th>
                <Table.Td ta="right">{formatCents(group.totals.subtotal)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" ta="right" fw="normal">
                  Tax + fees ({group.taxRatePercent}%)
                </Table.Th>
                <Table.Td ta="right">{formatCents(group.totals.taxAndFees)}</Table.Td>
              </Table.Tr>
              {group.fee?.label ? <FeeRow fee={group.fee} /> : null}
              <Table.Tr>
                <Table.Th scope="row" ta="right">
                  Total from {group.name}
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {formatCents(group.totals.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
