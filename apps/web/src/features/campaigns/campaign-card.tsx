import { Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import type { CampaignSummary } from './api/campaigns';
import { KeyFigures, SendingProgress } from './campaign-figures';
import {
  campaignDateLine,
  campaignPath,
  hasReport,
  STATUS_COLORS,
  STATUS_LABELS,
} from './campaign-labels';

const OPEN_LABELS: Record<CampaignSummary['status'], string> = {
  draft: 'Edit draft',
  scheduled: 'See schedule',
  sending: 'See progress',
  sent: 'See report',
  cancelled: 'See report',
};

/** One campaign of the list: subject, status, audience, dates and, once sent, its key figures. */
export function CampaignCard({
  campaign,
  businessSlug,
}: {
  campaign: CampaignSummary;
  businessSlug: string;
}) {
  const headingId = `campaign-${campaign.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {campaign.subject || 'Untitled campaign'}
          </Title>
          <StatusBadge color={STATUS_COLORS[campaign.status]}>
            {STATUS_LABELS[campaign.status]}
          </StatusBadge>
        </Group>
        <Text fz="sm">
          To: {campaign.audience} · {campaignDateLine(campaign)}
        </Text>
        {campaign.status === 'sending' ? <SendingProgress report={campaign.report} /> : null}
        {hasReport(campaign.status) ? <KeyFigures report={campaign.report} /> : null}
        <Group gap="sm" mt={4}>
          <Button
            component={Link}
            to={campaignPath(businessSlug, campaign.id)}
            size="xs"
            variant={campaign.status === 'draft' ? 'filled' : 'default'}
            leftSection={
              campaign.status === 'draft' ? (
                <IconEdit size={16} aria-hidden />
              ) : (
                <IconChartBar size={16} aria-hidden />
              )
            }
          >
            {OPEN_LABELS[campaign.status]}
            <VisuallyHidden>: {campaign.subject || 'Untitled campaign'}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
