import { COMMISSION_BASIS_POINTS, OFFLINE_ACCOUNT_PREFIX } from '@bevy/core';
import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { PaymentStatus } from '../../components/payment-status';
import { PAYMENT_ACCOUNT } from './api/payments';

/** Why the setup address sent the seller back here instead of to onboarding (`?problem=`). */
const PROBLEMS: Record<string, string> = {
  PAYMENT_PROVIDER_UNAVAILABLE:
    'We could not reach Stripe just now. Please try again in a few minutes.',
  PAYMENT_PROVIDER_NOT_CONFIGURED:
    'This business’s payments are connected to Stripe, which is not configured on this server. Ask the marketplace’s administrators for help.',
};

const commissionPercent = COMMISSION_BASIS_POINTS / 100;

function SetupProblem({ code }: { code: string }) {
  return (
    <Alert color="red" title="Payments could not be connected">
      {PROBLEMS[code] ?? 'Something went wrong while connecting payments. Please try again.'}
    </Alert>
  );
}

/** Says so when the account is the offline provider's stand-in, where no real money moves. */
function TestModeNote({ slug }: { slug: string }) {
  const [{ data }] = useQuery({
    query: PAYMENT_ACCOUNT,
    variables: { slug },
    requestPolicy: 'cache-and-network',
  });
  if (!data?.business?.stripe_account_id?.startsWith(OFFLINE_ACCOUNT_PREFIX)) return null;
  return (
    <Text fz="sm" c="dark.6">
      Test mode: this marketplace runs without Stripe keys, so the account is an offline stand-in
      that behaves like Stripe’s test mode. No real money moves.
    </Text>
  );
}

function PaymentConnection({ business }: { business: FramedBusiness }) {
  const [searchParams] = useSearchParams();
  const problem = searchParams.get('problem');
  return (
    <>
      {problem ? <SetupProblem code={problem} /> : null}
      <Paper
        component="section"
        aria-labelledby="payment-connection-heading"
        withBorder
        p="lg"
        radius="md"
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="payment-connection-heading">
            Payment connection
          </Title>
          <Text fz="sm" c="dark.6">
            Buyers pay by card at checkout. Stripe pays what they spend with {business.name} into
            its bank account, less the marketplace’s {commissionPercent}% commission.
          </Text>
          <PaymentStatus slug={business.slug} />
          <TestModeNote slug={business.slug} />
        </Stack>
      </Paper>
      <Text fz="sm">
        <Anchor component={Link} to="/dashboard">
          Back to your dashboard
        </Anchor>
      </Text>
    </>
  );
}

/**
 * `/business/{slug}/stripe-connect-status`: where Stripe's onboarding (or the offline stand-in)
 * returns the seller, with the spec's three payment connection states.
 */
export function ConnectStatusPage() {
  return (
    <BusinessFrame title={(business) => `Payments for ${business.name}`}>
      {(business) => <PaymentConnection business={business} />}
    </BusinessFrame>
  );
}
