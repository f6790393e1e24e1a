import { Paper, Stack, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list with nothing in it: an icon, what that means, and the way on. */
export function EmptyState({ icon: StateIcon, children }: { icon: Icon; children: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <StateIcon size={26} />
        </ThemeIcon>
        {children}
      </Stack>
    </Paper>
  );
}
