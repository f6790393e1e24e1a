import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small badge with dark text on a light tint, readable whatever the color. */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" c="dark.8" tt="none" fw={600}>
      {children}
    </Badge>
  );
}
