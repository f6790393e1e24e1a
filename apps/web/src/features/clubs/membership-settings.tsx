import { FULFILLMENT_MODE_LABELS, type FulfillmentMode } from '@bevy/core';
import {
  Alert,
  Button,
  Card,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { useMutation } from 'urql';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { parseExpiry } from '../../lib/card-expiry';
import { CardFields } from '../../components/card-fields';
import {
  CHANGE_DELIVERY,
  CHANGE_TIER,
  PAUSE_MEMBERSHIP,
  UPDATE_CARD,
  type MEMBERSHIP_FIELDS,
} from './api/memberships';
import { addressInputOf, EMPTY_ADDRESS, type AddressValues } from '../../lib/address-values';
import { offeredModes, tierPriceText } from './club-join-form';
import { MemberAddressFields } from './member-address-fields';

type Membership = ResultOf<typeof MEMBERSHIP_FIELDS>;

/** A titled card of the membership page. */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`${id}-title`}
      id={id}
    >
      <Title order={2} fz="lg" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Refused({
  error,
  title,
}: {
  error: Parameters<typeof describeError>[0] | undefined;
  title: string;
}) {
  return error ? (
    <Alert color="red" title={title}>
      {describeError(error).message}
    </Alert>
  ) : null;
}

export function TierChoice({ membership }: { membership: Membership }) {
  const [tierId, setTierId] = useState(String(membership.tier.id));
  const [{ fetching, error }, change] = useMutation(CHANGE_TIER);
  const chosen = membership.tiers.find((tier) => String(tier.id) === tierId);
  return (
    <Stack gap="xs">
      <Select
        label={membership.isSubscription ? 'Quantity' : 'Tier'}
        data={membership.tiers.map((tier) => ({
          value: String(tier.id),
          label: `${tier.name}: ${tierPriceText(tier, 0, membership.isSubscription)}`,
        }))}
        value={tierId}
        onChange={(value) => setTierId(value ?? String(membership.tier.id))}
        allowDeselect={false}
      />
      {chosen && chosen.id !== membership.tier.id ? (
        <>
          <Text fz="sm">
            {chosen.renewalTermsByCadence.find((terms) => terms.cadence === membership.cadence)
              ?.text ?? chosen.renewalTerms}
          </Text>
          <Button
            loading={fetching}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => void change({ membershipId: membership.id, tierId: chosen.id })}
          >
            Change to {chosen.name}
          </Button>
        </>
      ) : null}
      <Refused error={error} title="Your tier was not changed" />
    </Stack>
  );
}

type DeliveryValues = { mode: FulfillmentMode; address: AddressValues };

export function DeliveryChoice({ membership }: { membership: Membership }) {
  const [{ fetching, error }, change] = useMutation(CHANGE_DELIVERY);
  const [saved, setSaved] = useState(false);
  const current = membership.address;
  const form = useForm<DeliveryValues>({
    initialValues: {
      mode: membership.fulfillmentMode as FulfillmentMode,
      address: current
        ? { ...EMPTY_ADDRESS, ...current, name: current.name ?? '', line2: current.line2 ?? '' }
        : EMPTY_ADDRESS,
    },
  });
  const values = form.getValues();
  const submit = async (submitted: DeliveryValues) => {
    setSaved(false);
    const result = await change({
      membershipId: membership.id,
      mode: submitted.mode,
      address: submitted.mode === 'pickup' ? null : addressInputOf(submitted.address),
    });
    if (!result.error) setSaved(true);
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <Radio.Group
          label="How your releases reach you"
          key={form.key('mode')}
          {...form.getInputProps('mode')}
        >
          <Group gap="md" mt="xs">
            {offeredModes(membership).map((mode) => (
              <Radio key={mode} value={mode} label={FULFILLMENT_MODE_LABELS[mode]} />
            ))}
          </Group>
        </Radio.Group>
        <MemberAddressFields mode={values.mode} inputProps={(path) => form.getInputProps(path)} />
        <Refused error={error} title="Your delivery was not changed" />
        {saved ? (
          <Text fz="sm" role="status">
            Saved: your next release goes this way.
          </Text>
        ) : null}
        <Button type="submit" loading={fetching} style={{ alignSelf: 'flex-start' }}>
          Save delivery
        </Button>
      </Stack>
    </form>
  );
}

type CardValues = { card: { number: string; expiry: string; cvc: string } };

export function CardUpdate({ membership }: { membership: Membership }) {
  const [{ fetching, error }, update] = useMutation(UPDATE_CARD);
  const [saved, setSaved] = useState(false);
  const form = useForm<CardValues>({
    initialValues: { card: { number: '', expiry: '', cvc: '' } },
  });
  const { card } = membership;
  const submit = async ({ card: typed }: CardValues) => {
    setSaved(false);
    const result = await update({
      membershipId: membership.id,
      idempotencyKey: crypto.randomUUID(),
      payment: { card: { number: typed.number, ...parseExpiry(typed.expiry), cvc: typed.cvc } },
    });
    if (!result.error) {
      setSaved(true);
      form.reset();
    }
  };
  return (
    <Stack gap="sm">
      <Text>
        {card.brand.toUpperCase()} ending in {card.last4}, expires{' '}
        {String(card.expMonth).padStart(2, '0')}/{card.expYear}
      </Text>
      {siteConfig.stripePublishableKey ? (
        <Text fz="sm">To change your card, cancel and join again with the new card.</Text>
      ) : (
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack gap="sm">
            <CardFields form={form} forLater />
            <Refused error={error} title="Your card was not saved" />
            {saved ? (
              <Text fz="sm" role="status">
                Your new card is saved. A charge that was waiting for it was tried again.
              </Text>
            ) : null}
            <Button type="submit" loading={fetching} style={{ alignSelf: 'flex-start' }}>
              Save new card
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export function PauseChoice({ membership }: { membership: Membership }) {
  const [until, setUntil] = useState('');
  const [{ fetching, error }, pause] = useMutation(PAUSE_MEMBERSHIP);
  if (membership.status === 'paused') {
    return (
      <Stack gap="xs">
        <Text>Paused until {membership.pausedUntil}: releases before then are skipped.</Text>
        <Refused error={error} title="Your membership was not resumed" />
        <Button
          variant="light"
          loading={fetching}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => void pause({ membershipId: membership.id, until: null })}
        >
          Resume now
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <TextInput
        type="date"
        label="Pause until"
        description="Releases before this day are skipped; it resumes by itself."
        value={until}
        onChange={(event) => setUntil(event.currentTarget.value)}
        style={{ maxWidth: 260 }}
      />
      <Refused error={error} title="Your membership was not paused" />
      <Button
        variant="light"
        disabled={!until}
        loading={fetching}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => void pause({ membershipId: membership.id, until })}
      >
        Pause membership
      </Button>
    </Stack>
  );
}
