import { formatCents, formatDueDate } from '@bevy/core';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ClubFiguresView } from '../api/club-manage';

function Figure({ label, children }: { label: string; children: ReactNode }) {
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

/** The club's figures as a row of cards (a description list: each figure's name, then it). */
export function ClubFigures({ figures }: { figures: ClubFiguresView }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" m={0}>
      <Figure label="Active members">{figures.activeMembers}</Figure>
      <Figure label="Joined this month">{figures.joinedThisMonth}</Figure>
      <Figure label="Cancelled this month">{figures.cancelledThisMonth}</Figure>
      <Figure label="Lost to failed payments this month">
        {figures.involuntaryChurnThisMonth}
      </Figure>
      <Figure label="Failed payments recovered this month">{figures.recoveredThisMonth}</Figure>
      <Figure label="Next release">
        {figures.nextReleaseOn ? (
          <Text component="span" fz="lg" fw={700}>
            {formatDueDate(figures.nextReleaseOn)}
            <Text component="span" display="block" fz="sm" fw={400} c="dark.7">
              about {formatCents(figures.nextReleaseExpectedCents)} expected
            </Text>
          </Text>
        ) : (
          <Text component="span" fz="md" fw={400}>
            None scheduled
          </Text>
        )}
      </Figure>
    </SimpleGrid>
  );
}
