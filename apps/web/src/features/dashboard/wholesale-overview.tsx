import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLicense, IconShoppingBag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { formatCalendarDate, formatTimestampDate } from '../../lib/dates';
import type { Me } from '../../lib/use-me';
import { useMyWholesaleApplication } from '../../lib/use-wholesale-application';

// Wholesale buyers who are not sellers cannot shop on /shop (it sends them here); the research
// page is the shop for them too.
const WHOLESALE_SHOP_PATH = '/business/research-and-shop';

function WholesaleCard({
  status,
  children,
}: {
  status?: { label: string; color: string };
  children: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-labelledby="wholesale-heading"
      withBorder
      padding="lg"
      radius="md"
    >
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} fz="lg" id="wholesale-heading">
            Wholesale buying
          </Title>
          {status ? (
            <Badge color={status.color} variant="light" size="lg">
              {status.label}
            </Badge>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function ApplyButton({ label }: { label: string }) {
  return (
    <Group>
      <Button
        component={Link}
        to="/wholesale/apply"
        leftSection={<IconLicense size={18} aria-hidden />}
      >
        {label}
      </Button>
    </Group>
  );
}

/** Wholesale access: approved until when, an application under review or refused, or how to apply. */
export function WholesaleOverview({ me }: { me: Me }) {
  const { application, fetching, error } = useMyWholesaleApplication();

  if (me.seesWholesalePricing) {
    return (
      <WholesaleCard status={{ label: 'Approved', color: 'green' }}>
        <Text>
          You buy at wholesale prices
          {me.wholesaleAccessExpiresOn
            ? ` until ${formatCalendarDate(me.wholesaleAccessExpiresOn)}, the last day of your license`
            : ''}
          .
        </Text>
        {application?.status === 'approved' ? (
          <Text fz="sm" c="dark.6">
            License {application.licenseNumber} ({application.licenseType}, issued in{' '}
            {application.issuingState}) expires on{' '}
            {formatCalendarDate(application.licenseExpiresOn)}.
          </Text>
        ) : null}
        <Group>
          <Button
            component={Link}
            to={WHOLESALE_SHOP_PATH}
            leftSection={<IconShoppingBag size={18} aria-hidden />}
          >
            Shop wholesale
          </Button>
        </Group>
      </WholesaleCard>
    );
  }

  if (fetching && !application && !error) {
    return (
      <WholesaleCard>
        <PageLoading />
      </WholesaleCard>
    );
  }

  if (error) {
    return (
      <WholesaleCard>
        <Alert color="red" title="We could not load your wholesale application">
          Error: {error}
        </Alert>
      </WholesaleCard>
    );
  }

  if (application?.status === 'pending') {
    return (
      <WholesaleCard status={{ label: 'Pending review', color: 'yellow' }}>
        <Text>
          Your application for {application.businessName} was submitted on{' '}
          {formatTimestampDate(application.createdAt)} and is waiting for review. We will email you
          when it has been reviewed.
        </Text>
      </WholesaleCard>
    );
  }

  if (application?.status === 'rejected') {
    return (
      <WholesaleCard status={{ label: 'Not approved', color: 'red' }}>
        <Text>
          Your application for {application.businessName}
          {application.reviewedAt
            ? ` was reviewed on ${formatTimestampDate(application.reviewedAt)} and`
            : ''}{' '}
          was not approved.
        </Text>
        {application.rejectionReason ? (
          <Text>
            <Text span fw={600}>
              Reason:
            </Text>{' '}
            {application.rejectionReason}
          </Text>
        ) : null}
        <ApplyButton label="Apply again" />
      </WholesaleCard>
    );
  }

  if (application?.status === 'approved') {
    // Approved once, but the access has run out with the license.
    const endedOn = me.wholesaleAccessExpiresOn ?? application.licenseExpiresOn;
    return (
      <WholesaleCard status={{ label: 'Expired', color: 'gray' }}>
        <Text>
          Your wholesale access ended on {formatCalendarDate(endedOn)}. Apply again with your
          current license to buy at wholesale prices.
        </Text>
        <ApplyButton label="Apply again" />
      </WholesaleCard>
    );
  }

  return (
    <WholesaleCard>
      <Text>
        Buying for a shop, bar or restaurant? Send us your alcohol license and, once we have checked
        it, you see wholesale prices.
      </Text>
      <ApplyButton label="Apply for wholesale" />
    </WholesaleCard>
  );
}
