import { setupConnectAccountPath } from '@bevy/core';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from 'urql';
import { MY_STRIPE_INFO } from '../lib/api/business';
import { readPaymentState } from '../lib/payment-state';

/** Spec "Payment connection": whether the business can take card payments, or how to start. */
export function PaymentStatus({
  slug,
  businessName,
}: {
  slug: string;
  /** Names the link where several businesses' states are listed together (the dashboard). */
  businessName?: string;
}) {
  const [{ data, fetching, error }] = useQuery({
    query: MY_STRIPE_INFO,
    variables: { slug },
    // The state changes outside this app (on Stripe, or the offline onboarding page): show the
    // last answer at once, then the server's fresh one.
    requestPolicy: 'cache-and-network',
  });
  if (fetching && !data) return <Text fz="sm">Loading...</Text>;
  if (error) {
    return (
      <Text fz="sm" c="red.9">
        Error: {error.graphQLErrors[0]?.message ?? error.message}
      </Text>
    );
  }
  switch (readPaymentState(data?.myStripeInfo ?? null)) {
    case 'ready':
      return <Text fz="sm">Stripe is connected and ready. Charges are enabled.</Text>;
    case 'awaiting-approval':
      return <Text fz="sm">All info submitted, waiting for account approval.</Text>;
    case 'not-set-up':
      return (
        <Text fz="sm">
          Payments are not set up yet.{' '}
          {/* A server address, not a page of this app: a full navigation. */}
          <Anchor href={setupConnectAccountPath(slug)} fw={600}>
            Connect payments
            {businessName ? <VisuallyHidden> for {businessName}</VisuallyHidden> : null}
          </Anchor>
        </Text>
      );
    case 'unreadable':
      // As the original: an answer that cannot be read shows nothing rather than a guess.
      return null;
  }
}
