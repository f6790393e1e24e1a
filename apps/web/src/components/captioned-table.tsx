import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A striped list table with its caption above it (what it lists, for everyone, and its name for
 * screen readers), scrolling sideways on narrow screens rather than squeezing its columns.
 */
export function CaptionedTable({
  caption,
  minWidth,
  children,
}: {
  caption: string;
  minWidth: number;
  /** The table's head and body. */
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover captionSide="top" verticalSpacing="sm">
        <Table.Caption>
          <Text ta="left" size="sm" c="dark.6">
            {caption}
          </Text>
        </Table.Caption>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
