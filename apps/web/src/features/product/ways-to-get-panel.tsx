import { FULFILLMENT_MODE_LABELS, waysToGet, type BuyerKind, type ProductHit } from '@bevy/core';
import { Box, Group, List, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { fulfillmentLines } from '../../components/tile-fees';
import { useZipLocation } from '../../lib/use-zip-location';

/**
 * Pickup, delivery and shipping for this buyer, judged for the ZIP code they type: how far the
 * producer is, whether it is within the delivery radius, whether it ships to their state.
 */
export function WaysToGetPanel({ product, buyer }: { product: ProductHit; buyer: BuyerKind }) {
  const [zip, setZip] = useState('');
  const { location, error } = useZipLocation(zip);
  const place = zip.trim() && location ? location : null;
  const ways = waysToGet(product, buyer, place);
  return (
    <Box component="section" aria-labelledby="ways-to-get-heading">
      <Title order={2} fz="lg" id="ways-to-get-heading" mb={4}>
        How to get it
      </Title>
      <TextInput
        label="Your ZIP code"
        description={
          place ? `${place.city}, ${place.state}` : 'To check pickup, delivery and shipping'
        }
        value={zip}
        onChange={(event) => setZip(event.currentTarget.value)}
        error={error}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        maw={220}
        mb="xs"
      />
      <List spacing={6} listStyleType="none" aria-live="polite">
        {ways.map((way) => (
          <List.Item
            key={way.mode}
            icon={
              <ThemeIcon
                size={22}
                radius="xl"
                color={way.available ? 'green.8' : 'gray.6'}
                aria-hidden
              >
                {way.available ? <IconCheck size={14} /> : <IconX size={14} />}
              </ThemeIcon>
            }
          >
            <Group gap={6}>
              <Text fw={600}>{FULFILLMENT_MODE_LABELS[way.mode]}:</Text>
              <Text c={way.available ? undefined : 'dark.5'}>{way.detail}</Text>
            </Group>
          </List.Item>
        ))}
      </List>
      {fulfillmentLines(product, buyer).map((line) => (
        <Text key={line} fz="sm" c="dark.6" mt={4}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
