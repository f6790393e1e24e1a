import { PICKUP_RADIUS_MILES, type BuyerKind, type FulfillmentMode } from '@bevy/core';
import { Radio, Slider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { ZipLocation } from '../../lib/use-zip-location';
import classes from './fulfillment-panel.module.css';

interface FulfillmentPanelProps {
  buyer: BuyerKind;
  mode: FulfillmentMode;
  onModeChange: (mode: FulfillmentMode) => void;
  zip: string;
  onZipChange: (zip: string) => void;
  zipError: string | null;
  location: ZipLocation | null;
  radiusMiles: number;
  onRadiusChange: (miles: number) => void;
}

const ZIP_HINT: Record<FulfillmentMode, string> = {
  pickup: 'Find producers near you',
  delivery: 'See who delivers to you',
  ship: 'See who can ship to your state',
};

/** The shop's left column: how the buyer wants to get their order. */
export function FulfillmentPanel(props: FulfillmentPanelProps) {
  const { buyer, mode, onModeChange, zip, onZipChange, zipError, location } = props;
  const { radiusMiles, onRadiusChange } = props;
  // The label follows the thumb while dragging; the search runs when the drag ends.
  const [draftRadius, setDraftRadius] = useState(radiusMiles);

  return (
    <Stack gap="md" component="section" aria-labelledby="fulfillment-heading">
      <Title order={2} fz="lg" id="fulfillment-heading">
        Fulfillment
      </Title>
      <Radio.Group
        value={mode}
        onChange={(value) => onModeChange(value as FulfillmentMode)}
        name="fulfillment"
        label="How do you want to get it?"
      >
        <Stack mt="xs" gap="xs">
          <Radio value="pickup" label="Pickup at business" />
          <Radio value="delivery" label="Delivery" />
          <Radio value="ship" label="Shipping" />
        </Stack>
      </Radio.Group>
      <TextInput
        label="Zip code"
        description={
          location
            ? `${zipError ? 'Still showing results near' : 'Near'} ${location.city}, ${location.state}`
            : ZIP_HINT[mode]
        }
        placeholder={mode === 'pickup' ? 'e.g. 97214' : 'Your delivery zip code'}
        value={zip}
        onChange={(event) => onZipChange(event.currentTarget.value)}
        error={zipError}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        classNames={{ input: classes.zipInput }}
      />
      {mode === 'pickup' ? (
        <div>
          <Text fz="sm" fw={500} aria-hidden>
            Pickup distance from zip code: {draftRadius} miles
          </Text>
          <Slider
            mt="xs"
            min={PICKUP_RADIUS_MILES.min}
            max={PICKUP_RADIUS_MILES.max}
            step={1}
            value={draftRadius}
            onChange={setDraftRadius}
            onChangeEnd={onRadiusChange}
            label={null}
            // Mantine's thumb drops thumbProps, so the visible label text is repeated as its name.
            thumbLabel={`Pickup distance from zip code: ${draftRadius} miles`}
            thumbValueText={(miles) => `${miles} miles`}
            marks={[
              { value: 1, label: '1' },
              { value: 50, label: '50' },
              { value: 100, label: '100' },
            ]}
          />
        </div>
      ) : null}
      <Text fz="sm" mt="md">
        You are currently shopping for {buyer} prices.
      </Text>
    </Stack>
  );
}
