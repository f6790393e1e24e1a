import { Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CampaignReport } from './api/campaigns';
import { keyFigures, percentOf, reportFigures } from './campaign-labels';

/** The list's few figures of a campaign that went out, as a compact description list. */
export function KeyFigures({ report }: { report: CampaignReport }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, xs: 3, md: 6 }} spacing="xs" m={0}>
      {keyFigures(report).map((figure) => (
        <div key={figure.label}>
          <Text component="dt" fz="xs" c="dark.6">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fw={700}>
            {figure.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Every figure of the report, each with what it counts. */
export function ReportFigures({ report }: { report: CampaignReport }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
      {reportFigures(report).map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p="sm">
          <Text component="dt" fz="sm" c="dark.6">
            {figure.label}
          </Text>
          <Text component="dd" m={0}>
            <Text span display="block" fz="xl" fw={700}>
              {figure.value}
            </Text>
            {figure.note ? (
              <Text span display="block" fz="xs" c="dark.6">
                {figure.note}
              </Text>
            ) : null}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** How far sending has got: a bar and "120 of 1,204 sent". */
export function SendingProgress({ report }: { report: CampaignReport }) {
  return (
    <Stack gap={4}>
      <Progress
        value={percentOf(report.sent, report.recipients)}
        aria-label="Sent so far"
        color="orange"
      />
      <Text fz="sm">
        {report.sent.toLocaleString('en-US')} of {report.recipients.toLocaleString('en-US')} sent
      </Text>
    </Stack>
  );
}
