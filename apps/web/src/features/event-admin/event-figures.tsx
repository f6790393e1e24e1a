import { formatCents } from '@bevy/core';
import { Progress, SimpleGrid, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CaptionedTable } from '../../components/captioned-table';
import type { EventSalesView } from './api/event-admin';
import { countOf } from './event-admin-labels';
import { FigureCard } from '../../components/figure-card';

const Of = ({ children }: { children: ReactNode }) => (
  <Text component="span" fz="sm" fw={400} c="dark.7">
    {' '}
    {children}
  </Text>
);

/** The share of `part` in `whole`, as a whole percent (0 when there is no whole). */
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0;

/**
 * The event's figures as a row of cards (a description list): tickets sold against its seats,
 * guests checked in with a bar, revenue and the waiting list.
 */
export function EventFigures({ sales }: { sales: EventSalesView }) {
  const checkedInPercent = percentOf(sales.checkedIn, sales.sold);
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" m={0}>
      <FigureCard label="Tickets sold">
        {sales.sold.toLocaleString('en-US')}
        <Of>of {countOf(sales.event.capacity, 'seat')}</Of>
      </FigureCard>
      <FigureCard label="Checked in">
        {sales.checkedIn.toLocaleString('en-US')}
        <Of>of {sales.sold.toLocaleString('en-US')}</Of>
        <Progress mt={6} value={checkedInPercent} aria-label="Guests checked in" color="teal" />
      </FigureCard>
      <FigureCard label="Revenue">{formatCents(sales.revenueCents)}</FigureCard>
      <FigureCard label="Waiting list">{countOf(sales.waiting, 'person', 'people')}</FigureCard>
    </SimpleGrid>
  );
}

const NUMBER = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Each ticket type's seats, sales, refunds, check-ins and revenue, with the totals. */
export function SalesByTypeTable({ sales }: { sales: EventSalesView }) {
  const prices = new Map(sales.event.ticketTypes.map((type) => [type.id, type.priceCents]));
  const total = (pick: (type: EventSalesView['types'][number]) => number) =>
    sales.types.reduce((sum, type) => sum + pick(type), 0);
  return (
    <CaptionedTable caption="Sales by ticket type" minWidth={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Ticket type</Table.Th>
          <Table.Th scope="col" style={NUMBER}>
            Price
          </Table.Th>
          <Table.Th scope="col" style={NUMBER}>
            Seats
          </Table.Th>
          <Table.Th scope="col" style={NUMBER}>
            Sold
          </Table.Th>
          <Table.Th scope="col" style={NUMBER}>
            Held now
          </Table.Th>
          <Table.Th scope="col" style={NUMBER}>
            Refunded
          </Table.Th>
          <Table.Th scope="col" style={NUMBER}>
            Checked in
          </Table.Th>
          <Table.Th scope="col" style={NUMBER}>
            Revenue
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sales.types.map((type) => {
          const price = prices.get(type.typeId);
          return (
            <Table.Tr key={type.typeId}>
              <Table.Th scope="row" fw={600}>
                {type.name}
              </Table.Th>
              <Table.Td style={NUMBER}>{price === undefined ? '—' : formatCents(price)}</Table.Td>
              <Table.Td style={NUMBER}>
                {type.capacity === null ? 'Shared' : type.capacity.toLocaleString('en-US')}
              </Table.Td>
              <Table.Td style={NUMBER}>{type.sold}</Table.Td>
              <Table.Td style={NUMBER}>{type.held}</Table.Td>
              <Table.Td style={NUMBER}>{type.refunded}</Table.Td>
              <Table.Td style={NUMBER}>{type.checkedIn}</Table.Td>
              <Table.Td style={NUMBER}>{formatCents(type.revenueCents)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td />
          <Table.Td style={NUMBER}>{sales.event.capacity.toLocaleString('en-US')}</Table.Td>
          <Table.Td style={NUMBER} fw={700}>
            {sales.sold}
          </Table.Td>
          <Table.Td style={NUMBER} fw={700}>
            {total((type) => type.held)}
          </Table.Td>
          <Table.Td style={NUMBER} fw={700}>
            {total((type) => type.refunded)}
          </Table.Td>
          <Table.Td style={NUMBER} fw={700}>
            {sales.checkedIn}
          </Table.Td>
          <Table.Td style={NUMBER} fw={700}>
            {formatCents(sales.revenueCents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </CaptionedTable>
  );
}
