import { Button, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useCurrentRefinements } from 'react-instantsearch';

/** What each refined value reads as, by attribute (e.g. Volume 750 -> "750 ml"). */
export type RefinementLabels = Record<
  string,
  { title: string; format?: (value: string) => string }
>;

/** The refinements in force, one removable chip each, e.g. "Beverage Type: Wine ×". */
export function CurrentRefinementChips({ labels }: { labels: RefinementLabels }) {
  const { items, refine } = useCurrentRefinements();
  const chips = items.flatMap((item) =>
    item.refinements.map((refinement) => {
      const { title = item.label, format = (value: string) => value } =
        labels[item.attribute] ?? {};
      return { refinement, text: `${title}: ${format(String(refinement.label))}` };
    }),
  );
  if (chips.length === 0) return null;
  return (
    <Group
      gap="xs"
      component="ul"
      aria-label="Active refinements"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {chips.map(({ refinement, text }) => (
        <li key={`${refinement.attribute}:${refinement.value}`}>
          <Button
            variant="light"
            size="compact-sm"
            radius="xl"
            rightSection={<IconX size={14} aria-hidden />}
            aria-label={`Remove ${text}`}
            onClick={() => refine(refinement)}
          >
            {text}
          </Button>
        </li>
      ))}
    </Group>
  );
}
