import { formatCents, formatDueDate } from '@bevy/core';
import { Box, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorAlert } from '../../../components/error-alert';
import { StatusBadge } from '../../../components/status-badge';
import { SuccessNotice } from '../../../components/success-notice';
import { describeError } from '../../../lib/server-error';
import {
  RETRY_FAILED_CLUB_SHIPMENTS,
  type ClubReleaseView,
  type ManagedClub,
} from '../api/club-manage';
import { releaseStatus } from './club-manage-labels';
import { ReleaseShipments } from './release-shipments';

type Report = ClubReleaseView['report'];

const REPORT_FIGURES: { key: Exclude<keyof Report, 'chargedCents'>; label: string }[] = [
  { key: 'charged', label: 'Charged' },
  { key: 'retrying', label: 'Retrying' },
  { key: 'declined', label: 'Declined' },
  { key: 'skipped', label: 'Skipped' },
  { key: 'held', label: 'Held' },
  { key: 'pending', label: 'Pending' },
];

/** The run's counts as a description list: what each figure is, then its value. */
function RunReport({ report }: { report: Report }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, xs: 4, md: 7 }} spacing="xs" m={0}>
      {REPORT_FIGURES.map(({ key, label }) => (
        <Box key={key}>
          <Text component="dt" fz="xs" c="dark.6">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {report[key]}
          </Text>
        </Box>
      ))}
      <Box>
        <Text component="dt" fz="xs" c="dark.6">
          Charged amount
        </Text>
        <Text component="dd" m={0} fw={600}>
          {formatCents(report.chargedCents)}
        </Text>
      </Box>
    </SimpleGrid>
  );
}

/** What each tier of the club gets in this release. */
function ReleaseContents({ club, release }: { club: ManagedClub; release: ClubReleaseView }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(club.tiers.length, 3) }} spacing="sm">
      {club.tiers.map((tier) => {
        const items = release.items.filter((item) => item.tierId === tier.id);
        return (
          <Box key={tier.id}>
            <Text fz="sm" fw={600} id={`release-${release.id}-tier-${tier.id}`}>
              {tier.name}
            </Text>
            {items.length === 0 ? (
              <Text fz="sm">Nothing for this tier.</Text>
            ) : (
              <List size="sm" spacing={2} aria-labelledby={`release-${release.id}-tier-${tier.id}`}>
                {items.map((item) => (
                  <List.Item key={item.productId}>
                    {item.quantity} × {item.productName}
                  </List.Item>
                ))}
              </List>
            )}
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

/** One release: its date and status, what each tier gets, its run's report and its members. */
export function ReleaseCard({
  businessSlug,
  club,
  release,
}: {
  businessSlug: string;
  club: ManagedClub;
  release: ClubReleaseView;
}) {
  const [showMembers, setShowMembers] = useState(false);
  const [retrying, retryFailed] = useMutation(RETRY_FAILED_CLUB_SHIPMENTS);
  const [retried, setRetried] = useState<string | null>(null);
  const [retryError, setRetryError] = useState<string | null>(null);
  const membersId = useId();
  const status = releaseStatus(release.status);
  const { report } = release;
  const hasRun = release.status === 'running' || release.status === 'done';
  const canRetry = hasRun && report.held + report.retrying + report.declined > 0;

  const retry = async () => {
    setRetried(null);
    setRetryError(null);
    const result = await retryFailed({ businessSlug, clubSlug: club.slug, releaseId: release.id });
    const after = result.data?.retryFailedClubShipments.report;
    if (result.error || !after) {
      setRetryError(result.error ? describeError(result.error).message : 'Please try again.');
      return;
    }
    setRetried(
      `Tried again: ${after.charged} charged, ${after.retrying} retrying, ${after.held} held, ${after.declined} declined.`,
    );
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={`release-${release.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} fz="lg" id={`release-${release.id}`}>
              {release.title}
            </Title>
            <Text fz="sm" c="dark.6">
              {hasRun ? 'Charged' : 'Charges'} on {formatDueDate(release.chargeOn)}
              {release.noticeSent ? ' · members have been told' : ''}
            </Text>
          </div>
          <StatusBadge color={status.color}>{status.label}</StatusBadge>
        </Group>
        <ReleaseContents club={club} release={release} />
        {hasRun || Object.values(report).some((value) => value > 0) ? (
          <RunReport report={report} />
        ) : (
          <Text fz="sm" c="dark.6">
            Members are charged on the charge date; its run’s report shows here then.
          </Text>
        )}
        {retried ? <SuccessNotice onClose={() => setRetried(null)}>{retried}</SuccessNotice> : null}
        {retryError ? (
          <ErrorAlert
            title="The failed members were not tried again"
            message={retryError}
            onClose={() => setRetryError(null)}
          />
        ) : null}
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            aria-expanded={showMembers}
            aria-controls={membersId}
            rightSection={
              showMembers ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )
            }
            onClick={() => setShowMembers((shown) => !shown)}
          >
            {showMembers ? 'Hide members' : 'Show members'}
          </Button>
          {canRetry ? (
            <Button
              size="xs"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={retrying.fetching}
              onClick={retry}
            >
              Retry failed members
            </Button>
          ) : null}
        </Group>
        <div id={membersId}>
          {showMembers ? (
            <ReleaseShipments
              businessSlug={businessSlug}
              clubSlug={club.slug}
              releaseId={release.id}
              releaseTitle={release.title}
              hasRun={hasRun}
            />
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}
