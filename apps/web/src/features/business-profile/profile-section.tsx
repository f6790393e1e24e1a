import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Room left above a section scrolled to by its anchor, so its border stays in view. */
const ANCHOR_OFFSET = 'var(--mantine-spacing-md)';

/** One titled section of the profile; `id` is its anchor (e.g. /business/x/edit#payment). */
export function ProfileSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="lg"
      style={{ scrollMarginTop: ANCHOR_OFFSET }}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h3" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text fz="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
