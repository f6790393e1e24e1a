import {
  CLUB_CADENCE_LABELS,
  FULFILLMENT_MODE_LABELS,
  formatCents,
  type ClubCadence,
  type FulfillmentMode,
} from '@bevy/core';
import { Alert, Button, Checkbox, Fieldset, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { PageLoading } from '../../components/page-loading';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { CardFields } from '../../components/card-fields';
import type { CreatePaymentMethod } from '../../components/stripe-payment';
import { JOIN_CLUB } from './api/memberships';
import { MemberAddressFields } from './member-address-fields';
import {
  initialJoinValues,
  joinFieldOf,
  joinInputOf,
  validateJoin,
  type JoinFormValues,
} from './club-membership-form';

const stripeKey = siteConfig.stripePublishableKey;
const StripePayment = lazy(() =>
  import('../../components/stripe-payment').then((m) => ({ default: m.StripePayment })),
);

export interface JoinableClub {
  name: string;
  slug: string;
  offersPickup: boolean;
  offersDelivery: boolean;
  offersShipping: boolean;
  memberDiscountBasisPoints: number;
  isSubscription: boolean;
  /** The cadences a subscriber may choose; null in a club. */
  subscriptionCadences: readonly ClubCadence[] | null;
  tiers: readonly {
    id: number;
    name: string;
    bottles: number;
    priceBasis: 'contents' | 'fixed';
    fixedPriceCents: number | null;
    renewalTerms: string;
    renewalTermsByCadence: readonly { cadence: ClubCadence; text: string }[];
  }[];
}

export function tierPriceText(
  tier: JoinableClub['tiers'][number],
  discountBasisPoints: number,
  isSubscription = false,
): string {
  if (isSubscription) {
    return discountBasisPoints > 0
      ? `${tier.bottles} an order at ${discountBasisPoints / 100}% off the price`
      : `${tier.bottles} an order at the price`;
  }
  const bottles = `${tier.bottles} ${tier.bottles === 1 ? 'bottle' : 'bottles'}`;
  if (tier.priceBasis === 'fixed' && tier.fixedPriceCents !== null) {
    return `${bottles} for ${formatCents(tier.fixedPriceCents)} a release`;
  }
  return discountBasisPoints > 0
    ? `${bottles} a release at ${discountBasisPoints / 100}% off their price`
    : `${bottles} a release at their price`;
}

/** The ways a club offers its releases, in the order the form lists them. */
export function offeredModes(
  club: Pick<JoinableClub, 'offersPickup' | 'offersDelivery' | 'offersShipping'>,
) {
  const modes: FulfillmentMode[] = [];
  if (club.offersPickup) modes.push('pickup');
  if (club.offersDelivery) modes.push('delivery');
  if (club.offersShipping) modes.push('ship');
  return modes;
}

/**
 * Joining a club: a tier, how releases arrive, a card saved for the releases, and the separate,
 * unticked consent to the automatic renewal, whose words (amount and cadence) come from the
 * server for the tier chosen.
 */
export function ClubJoinForm({
  club,
  businessSlug,
  shipsToStates,
}: {
  club: JoinableClub;
  businessSlug: string;
  shipsToStates: readonly string[];
}) {
  const modes = offeredModes(club);
  const navigate = useNavigate();
  const [{ fetching }, join] = useMutation(JOIN_CLUB);
  const [refusal, setRefusal] = useState<string | null>(null);
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const onCardFormReady = useCallback((create: CreatePaymentMethod | null) => {
    createPaymentMethod.current = create;
  }, []);
  const form = useForm<JoinFormValues>({
    initialValues: initialJoinValues(club.tiers, modes, club.subscriptionCadences ?? []),
    validate: (values) => validateJoin(values, !stripeKey, club.isSubscription),
  });
  const values = form.getValues();
  const tier = club.tiers.find((entry) => String(entry.id) === values.tierId);
  const terms = club.isSubscription
    ? tier?.renewalTermsByCadence.find((entry) => entry.cadence === values.cadence)?.text
    : tier?.renewalTerms;
  const what = club.isSubscription ? 'orders' : 'releases';

  const submit = async (submitted: JoinFormValues) => {
    setRefusal(null);
    let paymentMethodId: string | null = null;
    if (stripeKey) {
      const created = await createPaymentMethod.current?.({
        name: submitted.address.name || 'Club member',
        email: '',
        phone: submitted.phone,
      });
      if (!created || 'message' in created) {
        setRefusal(created?.message ?? 'The card form is still loading. Try again in a moment.');
        return;
      }
      paymentMethodId = created.id;
    }
    const result = await join({
      businessSlug,
      clubSlug: club.slug,
      input: joinInputOf(submitted, crypto.randomUUID(), paymentMethodId) as never,
    });
    if (result.error) {
      const refused = describeError(result.error);
      const fields = Object.fromEntries(
        Object.entries(refused.fields ?? {}).map(([path, message]) => [joinFieldOf(path), message]),
      );
      showServerRefusal(
        form,
        { ...refused, field: refused.field ? joinFieldOf(refused.field) : null, fields },
        setRefusal,
      );
      return;
    }
    const membership = result.data!.joinClub;
    void navigate(`/consumer/clubs/${membership.id}`, { state: { joined: club.name } });
  };

  return (
    <FormWithRefusal
      form={form}
      onSubmit={submit}
      refusalTitle="You have not joined yet"
      refusal={refusal}
    >
      <Radio.Group
        label={club.isSubscription ? 'Quantity' : 'Tier'}
        required
        key={form.key('tierId')}
        {...form.getInputProps('tierId')}
      >
        <Stack gap="xs" mt="xs">
          {club.tiers.map((option) => (
            <Radio
              key={option.id}
              value={String(option.id)}
              label={option.name}
              description={tierPriceText(
                option,
                club.memberDiscountBasisPoints,
                club.isSubscription,
              )}
            />
          ))}
        </Stack>
      </Radio.Group>
      {club.subscriptionCadences ? (
        <Radio.Group
          label="How often"
          description="Your first order is placed today, then on this cadence."
          required
          key={form.key('cadence')}
          {...form.getInputProps('cadence')}
        >
          <Stack gap="xs" mt="xs">
            {club.subscriptionCadences.map((cadence) => (
              <Radio key={cadence} value={cadence} label={CLUB_CADENCE_LABELS[cadence]} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      <Radio.Group
        label={`How your ${what} reach you`}
        required
        key={form.key('mode')}
        {...form.getInputProps('mode')}
      >
        <Stack gap="xs" mt="xs">
          {modes.map((mode) => (
            <Radio key={mode} value={mode} label={FULFILLMENT_MODE_LABELS[mode]} />
          ))}
        </Stack>
      </Radio.Group>
      <MemberAddressFields
        mode={values.mode}
        inputProps={(path) => form.getInputProps(path)}
        shipsToStates={shipsToStates}
      />
      <TextInput
        label="Phone"
        description={`For the producer, about your ${what}`}
        type="tel"
        autoComplete="tel"
        required
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
      <Fieldset legend={`Card for your ${what}`}>
        <Text fz="sm" mb="sm">
          {club.isSubscription
            ? 'Saved with our payment provider and charged for each order. You are told the amount a week before each later one.'
            : 'Saved with our payment provider and charged on each release’s date. You are told the contents and the amount a week before.'}
        </Text>
        {stripeKey ? (
          <Suspense fallback={<PageLoading />}>
            <StripePayment
              publishableKey={stripeKey}
              amountCents={tier?.fixedPriceCents ?? 5_000}
              onReady={onCardFormReady}
              onChange={() => setRefusal(null)}
            />
          </Suspense>
        ) : (
          <CardFields form={form} forLater />
        )}
      </Fieldset>
      {terms ? (
        <Alert color="gray" variant="light" title="Automatic renewal">
          <Text fz="sm">{terms}</Text>
        </Alert>
      ) : null}
      <Checkbox
        label={
          terms
            ? 'I agree to the automatic renewal described above.'
            : `I agree to the automatic renewal of the ${club.isSubscription ? 'order' : 'tier'} I choose.`
        }
        key={form.key('renewalConsent')}
        {...form.getInputProps('renewalConsent', { type: 'checkbox' })}
      />
      <Button type="submit" loading={fetching} style={{ alignSelf: 'flex-start' }}>
        {club.isSubscription ? 'Subscribe' : `Join ${club.name}`}
      </Button>
    </FormWithRefusal>
  );
}
