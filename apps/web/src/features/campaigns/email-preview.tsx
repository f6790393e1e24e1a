import { Box, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

const WIDTHS = {
  desktop: { label: 'Desktop', px: 600 },
  phone: { label: 'Phone', px: 375 },
} as const;
type PreviewWidth = keyof typeof WIDTHS;

/**
 * The email as recipients see it (the server's rendering, with a sample footer) at a desktop
 * inbox's width or a phone's. The frame is sandboxed: no script runs and no link leaves the page.
 * It keeps our origin only so that the email's pictures (ours, served same-origin only) load;
 * without scripts that grants the sanitised HTML nothing more.
 */
export function EmailPreview({
  html,
  subject,
  note,
}: {
  html: string;
  subject: string;
  /** Said above the preview, e.g. that unsaved changes are not in it yet. */
  note?: string;
}) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const { label, px } = WIDTHS[width];
  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-preview">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="xl" id="campaign-preview">
          Preview
        </Title>
        <SegmentedControl
          aria-label="Preview width"
          size="xs"
          data={Object.entries(WIDTHS).map(([value, width]) => ({ value, label: width.label }))}
          value={width}
          onChange={(value) => setWidth(value as PreviewWidth)}
        />
      </Group>
      {note ? (
        <Text fz="sm" c="dark.6">
          {note}
        </Text>
      ) : null}
      <Text fz="sm">
        <Text span fw={600}>
          Subject:
        </Text>{' '}
        {subject || '(no subject yet)'}
      </Text>
      {/* Narrower screens show it at their own width: the email is built to fit. */}
      <Box
        maw={px}
        w="100%"
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
      >
        <iframe
          title={`Email preview at ${label.toLowerCase()} width`}
          sandbox="allow-same-origin"
          srcDoc={html}
          style={{ display: 'block', width: '100%', height: 640, border: 0, borderRadius: 8 }}
        />
      </Box>
    </Stack>
  );
}
