import { Checkbox, Group } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

const OFFERS = ['offersPickup', 'offersDelivery', 'offersShipping'] as const;

interface Offers {
  offersPickup: boolean;
  offersDelivery: boolean;
  offersShipping: boolean;
}

/** How members of a club or a subscription get their orders: pickup, delivery, shipping. */
export function ClubOffersField<Values extends Offers>({
  form,
  label,
}: {
  form: UseFormReturnType<Values>;
  label: string;
}) {
  const values = form.getValues();
  return (
    <Checkbox.Group
      label={label}
      error={form.errors.offersPickup}
      value={OFFERS.filter((key) => values[key])}
      onChange={(checked) => {
        for (const key of OFFERS) form.setFieldValue(key, checked.includes(key) as never);
      }}
    >
      <Group mt="xs">
        <Checkbox value="offersPickup" label="Pickup" />
        <Checkbox value="offersDelivery" label="Delivery" />
        <Checkbox value="offersShipping" label="Shipping" />
      </Group>
    </Checkbox.Group>
  );
}
