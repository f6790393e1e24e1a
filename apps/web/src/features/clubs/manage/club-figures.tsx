import { formatCents, formatDueDate } from '@bevy/core';
import { SimpleGrid, Text } from '@mantine/core';
import type { ClubFiguresView } from '../api/club-manage';
import { FigureCard } from '../../../components/figure-card';

/** The club's figures as a row of cards (a description list: each figure's name, then it). */
export function ClubFigures({ figures }: { figures: ClubFiguresView }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" m={0}>
      <FigureCard label="Active members">{figures.activeMembers}</FigureCard>
      <FigureCard label="Joined this month">{figures.joinedThisMonth}</FigureCard>
      <FigureCard label="Cancelled this month">{figures.cancelledThisMonth}</FigureCard>
      <FigureCard label="Lost to failed payments this month">
        {figures.involuntaryChurnThisMonth}
      </FigureCard>
      <FigureCard label="Failed payments recovered this month">
        {figures.recoveredThisMonth}
      </FigureCard>
      <FigureCard label="Next release">
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
      </FigureCard>
    </SimpleGrid>
  );
}
