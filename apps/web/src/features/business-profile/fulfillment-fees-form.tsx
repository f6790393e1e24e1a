import { FEE_LIMITS } from '@bevy/core';
import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';
import type { FULFILLMENT_FEES_FIELDS } from '../../lib/api/fulfillment-fees';
import { BUSINESS_FEES, UPDATE_FEES } from './api/fees';
import { checkFees, feeFormErrors, feeFormValuesOf, type FeeFormValues } from './fee-values';

type FeeForm = UseFormReturnType<FeeFormValues>;

/** Props of a dollar amount input: two decimals, a $ prefix, never negative. */
const DOLLARS = {
  prefix: '$',
  decimalScale: 2,
  min: 0,
  allowNegative: false,
  w: { base: '100%', xs: 220 },
} as const;

/** A new band a little beyond the last one, its fee left for the seller to type. */
function nextBand(
  list: 'delivery_fee_bands' | 'shipping_rates',
  last: FeeFormValues[typeof list][number] | undefined,
) {
  if (list === 'delivery_fee_bands') {
    const miles = last && 'within_miles' in last ? Number(last.within_miles) || 0 : 0;
    return { within_miles: miles + 5, fee: '' };
  }
  const bottles = last && 'up_to_bottles' in last ? Number(last.up_to_bottles) || 0 : 0;
  return { up_to_bottles: bottles + 6, fee: '' };
}

function BandRows({
  form,
  list,
  what,
  reach,
}: {
  form: FeeForm;
  list: 'delivery_fee_bands' | 'shipping_rates';
  /** "Delivery band", "Shipping rate". */
  what: string;
  reach: { field: 'within_miles' | 'up_to_bottles'; label: string; max: number };
}) {
  const rows = form.getValues()[list];
  return (
    <Stack gap="xs">
      {rows.map((_row, index) => (
        <Group key={form.key(`${list}.${index}`)} gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label={`${what} ${index + 1}: ${reach.label}`}
            min={1}
            max={reach.max}
            allowDecimal={false}
            allowNegative={false}
            w={{ base: '100%', xs: 260 }}
            {...form.getInputProps(`${list}.${index}.${reach.field}`)}
          />
          <NumberInput
            label={`${what} ${index + 1}: fee`}
            {...DOLLARS}
            {...form.getInputProps(`${list}.${index}.fee`)}
          />
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => form.removeListItem(list, index)}
          >
            Remove {what.toLowerCase()} {index + 1}
          </Button>
        </Group>
      ))}
      {rows.length < FEE_LIMITS.maxBands ? (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem(list, nextBand(list, rows.at(-1)))}
          >
            Add a {what.toLowerCase()}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function FeesForm({
  slug,
  fees,
}: {
  slug: string;
  fees: ResultOf<typeof FULFILLMENT_FEES_FIELDS>;
}) {
  const [{ fetching }, updateFees] = useMutation(UPDATE_FEES);
  const [status, setStatus] = useState<{ saved: boolean; message: string | null }>({
    saved: false,
    message: null,
  });
  const form = useForm<FeeFormValues>({
    mode: 'uncontrolled',
    initialValues: feeFormValuesOf(fees),
  });

  const save = async (values: FeeFormValues) => {
    setStatus({ saved: false, message: null });
    const checked = checkFees(values);
    // The form keeps what was typed; each error goes on its field.
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    const result = await updateFees({ slug, fees: checked.input });
    if (result.error) {
      const refusal = describeError(result.error);
      const fields = feeFormErrors(
        Object.entries(refusal.fields).map(([path, message]) => ({
          path: path.split('.'),
          message,
        })),
      );
      form.setErrors(fields);
      setStatus({ saved: false, message: Object.keys(fields).length > 0 ? null : refusal.message });
      return;
    }
    form.resetDirty();
    setStatus({ saved: true, message: null });
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => void save(values))}
      aria-labelledby="fees-heading"
    >
      <Stack gap="sm">
        <Title order={3} fz="md" id="fees-heading">
          Fees and minimums
        </Title>
        <Text fz="sm" c="dark.6">
          Buyers see these on your products, in their cart and at checkout, and pay them with the
          order. You receive the whole fee; the marketplace’s 8% is on products only.
        </Text>

        <Title order={4} fz="sm">
          Delivery fee by distance
        </Title>
        <Text fz="sm" c="dark.6">
          Up to {FEE_LIMITS.maxBands} bands, nearest first. Beyond the last band, up to your
          delivery radius, its fee applies. No bands: free delivery.
        </Text>
        <BandRows
          form={form}
          list="delivery_fee_bands"
          what="Delivery band"
          reach={{ field: 'within_miles', label: 'within (miles)', max: 100 }}
        />
        <NumberInput
          label="Delivery minimum"
          description="Products an order needs before you deliver it; 0 for none."
          {...DOLLARS}
          w={{ base: '100%', xs: 260 }}
          {...form.getInputProps('delivery_minimum')}
        />

        <Title order={4} fz="sm" mt="sm">
          Shipping rates by bottle count
        </Title>
        <Text fz="sm" c="dark.6">
          Up to {FEE_LIMITS.maxBands} rates, smallest first; every unit counts as a bottle. No
          rates: free shipping.
        </Text>
        <BandRows
          form={form}
          list="shipping_rates"
          what="Shipping rate"
          reach={{ field: 'up_to_bottles', label: 'up to (bottles)', max: FEE_LIMITS.maxBottles }}
        />
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label="Each further 12 bottles"
            description="Added beyond the last rate, per 12 or part."
            {...DOLLARS}
            w={{ base: '100%', xs: 260 }}
            {...form.getInputProps('shipping_extra_per_dozen')}
          />
          <NumberInput
            label="Free shipping over"
            description="Orders at or over this ship free; empty: never."
            {...DOLLARS}
            w={{ base: '100%', xs: 260 }}
            {...form.getInputProps('free_shipping_over')}
          />
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label="State surcharge"
            description="Added to shipping to the states chosen."
            {...DOLLARS}
            w={{ base: '100%', xs: 260 }}
            {...form.getInputProps('shipping_surcharge')}
          />
          <MultiSelect
            label="States with the surcharge"
            data={US_STATE_OPTIONS}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No state matches"
            miw={{ base: '100%', xs: 260 }}
            maw={420}
            style={{ flex: 1 }}
            {...form.getInputProps('shipping_surcharge_states')}
          />
        </Group>

        {status.message ? (
          <Alert color="red" role="alert" title="Your fees were not saved">
            {status.message}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={fetching}>
            Save fees and minimums
          </Button>
          <Text role="status" fz="sm" c="teal.9">
            {status.saved ? 'Fees and minimums saved.' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

/** The seller's delivery and shipping fees and minimums (decision 014), saved as one form. */
export function FulfillmentFeesForm() {
  const { slug = '' } = useParams();
  const [{ data, fetching, error }] = useQuery({
    query: BUSINESS_FEES,
    variables: { slug },
  });
  if (fetching && !data) return <Loader size="sm" aria-label="Loading your fees" />;
  if (error || !data?.business) {
    return (
      <Alert color="red" role="alert" title="Your fees could not be loaded">
        {error ? describeError(error).message : 'There is no business at that address.'}
      </Alert>
    );
  }
  return <FeesForm slug={slug} fees={data.business.fulfillmentFees} />;
}
