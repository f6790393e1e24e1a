import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure in a row of them (a description list inside): its name, then it, large. */
export function FigureCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text component="dt" fz="sm" c="dark.6">
        {label}
      </Text>
      <Text component="dd" m={0} fz="xl" fw={700}>
        {children}
      </Text>
    </Paper>
  );
}
