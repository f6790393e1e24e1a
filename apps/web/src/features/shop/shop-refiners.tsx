import { Group, Stack, Title } from '@mantine/core';
import { ClearRefinements } from '../../components/clear-refinements';
import { RefinementFacet } from '../../components/refinement-facet';
import { REFINERS } from './shop-refiner-list';

export function ShopRefiners() {
  return (
    <Stack gap="md" component="section" aria-labelledby="refine-heading">
      <Group justify="space-between" align="center">
        <Title order={2} fz="lg" id="refine-heading">
          Refine
        </Title>
        <ClearRefinements />
      </Group>
      {REFINERS.map(({ attribute, title, searchable, format }) => (
        <RefinementFacet
          key={attribute}
          attribute={attribute}
          title={title}
          searchable={searchable}
          formatValue={format}
        />
      ))}
    </Stack>
  );
}
