import { Button } from '@mantine/core';
import { useClearRefinements } from 'react-instantsearch';

/** The clear-refinements button: takes every refiner back to "all". */
export function ClearRefinements() {
  const { canRefine, refine } = useClearRefinements();
  return (
    <Button variant="default" size="xs" onClick={refine} disabled={!canRefine}>
      Clear refinements
    </Button>
  );
}
