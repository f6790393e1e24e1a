import { DELIVERY_RADIUS_MILES, INVOICE_TERMS_DAYS, invoiceTermsLabel } from '@bevy/core';
import { PICKUP_HOURS_MAX_LENGTH } from '@bevy/core/business-schemas';
import {
  Checkbox,
  MultiSelect,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { FulfillmentFeesForm } from './fulfillment-fees-form';
import type { ProfileValues } from './profile-values';
import { ProfileSection } from './profile-section';
import type { FieldErrors, ProfileField } from './use-profile-autosave';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';

/** Each term is its number of days. */
const NO_INVOICES = 'none';
const INVOICE_TERMS_OPTIONS = [
  { value: NO_INVOICES, label: 'No invoices (card only)' },
  ...INVOICE_TERMS_DAYS.map((days) => ({ value: String(days), label: invoiceTermsLabel(days) })),
];

/** The radius a delivery option starts with when it is first turned on. */
const DEFAULT_DELIVERY_RADIUS_MILES = 25;

type Edit = <Field extends ProfileField>(field: Field, value: ProfileValues[Field]) => void;
type Buyer = 'retail' | 'wholesale';

const BUYER_LABEL: Record<Buyer, string> = { retail: 'Retail', wholesale: 'Wholesale' };

function DeliveryOption({
  buyer,
  values,
  errors,
  edit,
}: {
  buyer: Buyer;
  values: ProfileValues;
  errors: FieldErrors;
  edit: Edit;
}) {
  const deliverField = `fulfillment_deliver_${buyer}` as const;
  const radiusField = `fulfillment_deliver_${buyer}_radius_miles` as const;
  const delivers = values[deliverField];
  const radius = values[radiusField] ?? DEFAULT_DELIVERY_RADIUS_MILES;
  const radiusLabel = `${BUYER_LABEL[buyer]} delivery radius`;
  return (
    <Stack gap="xs">
      <Switch
        label={`${BUYER_LABEL[buyer]} delivery`}
        checked={delivers}
        error={errors[deliverField]}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          edit(deliverField, on);
          if (on && values[radiusField] === null) edit(radiusField, DEFAULT_DELIVERY_RADIUS_MILES);
        }}
      />
      {delivers ? (
        <Stack gap={4} pl={{ base: 0, xs: 'xl' }} maw={480}>
          <Text fz="sm" fw={500} aria-hidden>
            {radiusLabel}: {radius} {radius === 1 ? 'mile' : 'miles'}
          </Text>
          <Slider
            min={DELIVERY_RADIUS_MILES.min}
            max={DELIVERY_RADIUS_MILES.max}
            step={1}
            value={radius}
            onChange={(miles) => edit(radiusField, miles)}
            thumbLabel={radiusLabel}
            thumbProps={{ 'aria-valuetext': `${radius} miles` }}
            // The line above shows the value; a floating label would cover it.
            label={null}
            marks={[
              { value: DELIVERY_RADIUS_MILES.min, label: `${DELIVERY_RADIUS_MILES.min}` },
              { value: 50, label: '50' },
              { value: DELIVERY_RADIUS_MILES.max, label: `${DELIVERY_RADIUS_MILES.max}` },
            ]}
            mb="md"
          />
          {errors[radiusField] ? (
            <Text fz="sm" c="red.9" role="alert">
              {errors[radiusField]}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * Spec "Profile fulfillment", with delivery and shipping made real: pickup behind the master
 * 'Allow Pickup' checkbox, delivery within a radius, shipping to the states the business is
 * licensed for, and the fees and minimums of both (decision 014).
 */
export function FulfillmentSection({
  values,
  errors,
  edit,
}: {
  values: ProfileValues;
  errors: FieldErrors;
  edit: Edit;
}) {
  const [allowPickup, setAllowPickup] = useState(
    values.fulfillment_allow_pickup_retail || values.fulfillment_allow_pickup_wholesale,
  );
  const shipToStatesError = errors.ship_to_states;
  return (
    <ProfileSection
      id="fulfillment"
      title="Fulfillment"
      description="How buyers can get your products. Buyers only find you for the options you turn on."
    >
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Title order={3} fz="md" component="legend" mb="xs">
          Pickup
        </Title>
        <Checkbox
          label="Allow Pickup"
          description="Buyers collect their order from your address."
          checked={allowPickup}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setAllowPickup(on);
            if (!on) {
              if (values.fulfillment_allow_pickup_retail)
                edit('fulfillment_allow_pickup_retail', false);
              if (values.fulfillment_allow_pickup_wholesale) {
                edit('fulfillment_allow_pickup_wholesale', false);
              }
            }
          }}
        />
        {allowPickup ? (
          <Stack gap="xs" pl={{ base: 0, xs: 'xl' }}>
            <Switch
              label="Retail pickup"
              checked={values.fulfillment_allow_pickup_retail}
              error={errors.fulfillment_allow_pickup_retail}
              onChange={(event) =>
                edit('fulfillment_allow_pickup_retail', event.currentTarget.checked)
              }
            />
            <Switch
              label="Wholesale pickup"
              checked={values.fulfillment_allow_pickup_wholesale}
              error={errors.fulfillment_allow_pickup_wholesale}
              onChange={(event) =>
                edit('fulfillment_allow_pickup_wholesale', event.currentTarget.checked)
              }
            />
            <Textarea
              label="Pickup hours"
              description={`When buyers can pick up orders, e.g. Thu–Sun 11am–5pm. Shown on your page and at checkout. ${values.pickup_hours.length} of ${PICKUP_HOURS_MAX_LENGTH} characters.`}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={PICKUP_HOURS_MAX_LENGTH}
              maw={480}
              value={values.pickup_hours}
              onChange={(event) => edit('pickup_hours', event.currentTarget.value)}
              error={errors.pickup_hours}
            />
          </Stack>
        ) : null}
      </Stack>

      <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} mt="md">
        <Title order={3} fz="md" component="legend" mb="xs">
          Delivery
        </Title>
        <DeliveryOption buyer="retail" values={values} errors={errors} edit={edit} />
        <DeliveryOption buyer="wholesale" values={values} errors={errors} edit={edit} />
      </Stack>

      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} mt="md">
        <Title order={3} fz="md" component="legend" mb="xs">
          Shipping
        </Title>
        <Switch
          label="Retail shipping"
          checked={values.fulfillment_ship_retail}
          error={errors.fulfillment_ship_retail}
          onChange={(event) => edit('fulfillment_ship_retail', event.currentTarget.checked)}
        />
        <Switch
          label="Wholesale shipping"
          checked={values.fulfillment_ship_wholesale}
          error={errors.fulfillment_ship_wholesale}
          onChange={(event) => edit('fulfillment_ship_wholesale', event.currentTarget.checked)}
        />
        <MultiSelect
          label="States you are licensed to ship to"
          description="Every state your licenses allow you to ship to; shipping is offered to buyers there."
          placeholder={values.ship_to_states.length === 0 ? 'Search for a state' : undefined}
          data={US_STATE_OPTIONS}
          value={values.ship_to_states}
          onChange={(states) => edit('ship_to_states', states)}
          error={shipToStatesError}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="No state matches"
          maw={640}
          mt="xs"
        />
      </Stack>

      {/* Its own form, saved with a button: bands are checked against each other. */}
      <Stack gap="xs" mt="md">
        <FulfillmentFeesForm />
      </Stack>

      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} mt="md">
        <Title order={3} fz="md" component="legend" mb="xs">
          Payment terms
        </Title>
        <Select
          label="Invoice terms for approved wholesale buyers"
          description="Let approved wholesale buyers pay you by invoice, due this many days after they order; they pay you directly, and the marketplace's commission on those orders is owed by you."
          data={INVOICE_TERMS_OPTIONS}
          value={
            values.wholesale_invoice_terms_days === null
              ? NO_INVOICES
              : String(values.wholesale_invoice_terms_days)
          }
          onChange={(value) =>
            edit(
              'wholesale_invoice_terms_days',
              value && value !== NO_INVOICES ? Number(value) : null,
            )
          }
          allowDeselect={false}
          error={errors.wholesale_invoice_terms_days}
          maw={480}
        />
      </Stack>
    </ProfileSection>
  );
}
