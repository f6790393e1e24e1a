import { BUYING_BUSINESS_MAX_LENGTH } from '@bevy/core/checkout-schemas';
import { Grid, Paper, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useMyWholesaleApplication } from '../../lib/use-wholesale-application';
import type { CheckoutFormApi } from './checkout-address-fields';

/**
 * The licensed business a wholesale buyer buys for, filled in from their wholesale application
 * once it has loaded (unless they have typed something already).
 */
function BuyingBusinessField({ form }: { form: CheckoutFormApi }) {
  const { application } = useMyWholesaleApplication();
  const applied = application?.businessName ?? '';
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    if (applied && getValues().buyingBusiness === '') setFieldValue('buyingBusiness', applied);
  }, [applied, getValues, setFieldValue]);
  return (
    <TextInput
      label="Buying business"
      description="The licensed business you are buying for, as on its license"
      autoComplete="organization"
      maxLength={BUYING_BUSINESS_MAX_LENGTH}
      required
      {...form.getInputProps('buyingBusiness')}
    />
  );
}

/** Who is buying: name, email and phone, and for wholesale, the business bought for. */
export function ContactSection({ form, wholesale }: { form: CheckoutFormApi; wholesale: boolean }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="contact-heading">
      <Title order={2} fz="lg" id="contact-heading" mb="sm">
        Contact
      </Title>
      <Grid>
        {wholesale ? (
          <Grid.Col span={12}>
            <BuyingBusinessField form={form} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Full name"
            autoComplete="name"
            required
            {...form.getInputProps('contact.name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('contact.email')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            description="For the producer, about your order"
            required
            {...form.getInputProps('contact.phone')}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
