import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The page's shape while its figures load: four figures, then chart cards. */
export function InsightsSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <Stack gap="md" role="status">
      <VisuallyHidden>Loading figures…</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h={84} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {Array.from({ length: cards }, (_, index) => (
          <Skeleton key={index} h={280} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
