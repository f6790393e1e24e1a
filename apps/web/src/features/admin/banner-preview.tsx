import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

export const BANNER_COLORS: Record<string, string> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

/** A banner as the site strip shows it; the link and close mark are only drawn. */
export function BannerPreview({
  type,
  lines,
  link,
  dismissible,
}: {
  type: string;
  lines: string[];
  link: { url: string; title: string } | null;
  dismissible: boolean;
}) {
  const shown = lines.map((line) => line.trim()).filter(Boolean);
  const linkTitle = link?.title.trim();
  return (
    <Alert
      role="group"
      aria-label="Banner preview"
      color={BANNER_COLORS[type] ?? 'blue'}
      variant="light"
      py="xs"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          {shown.length === 0 ? (
            <Text fz="sm" c="dark.8" fs="italic">
              The banner text appears here.
            </Text>
          ) : (
            shown.map((line, index) => (
              <Text key={index} fz="sm" c="dark.8">
                {line}
                {index === shown.length - 1 && linkTitle ? (
                  <>
                    {' '}
                    <Anchor component="span" fw={600} c="dark.8" underline="always">
                      {linkTitle}
                    </Anchor>
                  </>
                ) : null}
              </Text>
            ))
          )}
        </Stack>
        {dismissible ? <IconX size={16} aria-hidden /> : null}
      </Group>
    </Alert>
  );
}
