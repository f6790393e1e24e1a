import { LICENSE_DOCUMENT_TYPES, US_STATES } from '@bevy/core';
import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { safeLinkTarget } from '../../lib/safe-url';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, formatDateTime } from './admin-utils';
import type { WholesaleApplication, WholesaleStatus } from './types';

const STATUS_BADGES: Record<WholesaleStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

export function stateName(code: string): string {
  const name = (US_STATES as Record<string, string>)[code];
  return name ? `${name} (${code})` : code;
}

function documentKind(type: string): string {
  return (LICENSE_DOCUMENT_TYPES as Record<string, string>)[type] ?? 'file';
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600} c="dark.6">
        {term}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** One wholesale application, with its license and, while it waits, the review buttons. */
export function ApplicationCard({
  application: app,
  onApprove,
  onReject,
}: {
  application: WholesaleApplication;
  onApprove: () => void;
  onReject: () => void;
}) {
  const status = STATUS_BADGES[app.status] ?? { label: app.status, color: 'gray' };
  const documentHref = safeLinkTarget(app.documentUrl, { allowPath: true });
  const kind = documentKind(app.documentType);
  const titleId = `application-${app.id}-title`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4" id={titleId}>
              {app.businessName}
            </Title>
            <Text>
              {app.applicant.name} ·{' '}
              <Anchor href={`mailto:${app.applicant.email}`} underline="always">
                {app.applicant.email}
              </Anchor>
            </Text>
          </div>
          <StatusBadge color={status.color}>{status.label}</StatusBadge>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
          <Detail term="License type">{app.licenseType}</Detail>
          <Detail term="License number">{app.licenseNumber}</Detail>
          <Detail term="Issuing state">{stateName(app.issuingState)}</Detail>
          <Detail term="License expires">{formatDate(app.licenseExpiresOn)}</Detail>
          <Detail term="Vouched for by">
            {app.vouchedBy ? (
              <Anchor href={`/business/${app.vouchedBy.slug}`} target="_blank" underline="always">
                {app.vouchedBy.name}
              </Anchor>
            ) : (
              'No producer (applied on their own)'
            )}
          </Detail>
          <Detail term="Submitted">{formatDateTime(app.createdAt)}</Detail>
          {app.reviewedAt ? (
            <Detail term="Reviewed">{formatDateTime(app.reviewedAt)}</Detail>
          ) : null}
        </SimpleGrid>
        {app.status === 'rejected' && app.rejectionReason ? (
          <Box component="dl" m={0}>
            <Detail term="Reason given">
              <Text span style={{ whiteSpace: 'pre-wrap' }}>
                {app.rejectionReason}
              </Text>
            </Detail>
          </Box>
        ) : null}
        <Group justify="space-between" gap="sm">
          {documentHref ? (
            <Anchor
              href={documentHref}
              target="_blank"
              rel="noopener"
              underline="always"
              aria-label={`View license (${kind}) of ${app.businessName}, opens in a new tab`}
            >
              <Group component="span" gap={4} wrap="nowrap">
                View license ({kind})
                <IconExternalLink size={16} aria-hidden />
              </Group>
            </Anchor>
          ) : (
            <Text>License document: {app.documentName}</Text>
          )}
          {app.status === 'pending' ? (
            <Group gap="sm">
              <Button
                variant="outline"
                color="red.9"
                onClick={onReject}
                aria-label={`Reject ${app.businessName}`}
              >
                Reject
              </Button>
              <Button onClick={onApprove} aria-label={`Approve ${app.businessName}`}>
                Approve
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
