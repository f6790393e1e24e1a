import { Grid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** Any form with the card's three fields at card.number, card.expiry and card.cvc. */
export interface CardForm {
  getInputProps(path: 'card.number' | 'card.expiry' | 'card.cvc'): GetInputPropsReturnType;
}

/** Card fields for the built-in test payments, used when Stripe is not configured. */
export function CardFields({ form, forLater = false }: { form: CardForm; forLater?: boolean }) {
  return (
    <Stack gap="sm">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            required
            {...form.getInputProps('card.number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={9}
            required
            {...form.getInputProps('card.expiry')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label="Security code"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            required
            {...form.getInputProps('card.cvc')}
          />
        </Grid.Col>
      </Grid>
      <Text fz="xs" c="dark.6">
        {forLater
          ? 'Test mode: no real card is saved. 4242 4242 4242 4242 is saved and charged, 4000 0000 0000 0341 is saved but declined when a release is charged, and 4000 0000 0000 0002 is refused; use any future expiry and any three digits.'
          : 'Test mode: no real card is charged. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds; use any future expiry and any three digits.'}
      </Text>
    </Stack>
  );
}
