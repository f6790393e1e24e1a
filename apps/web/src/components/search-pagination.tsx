import { PAGINATION_PADDING } from '@bevy/core';
import { Box, Pagination } from '@mantine/core';
import { usePagination } from 'react-instantsearch';
import { paginationLabels } from '../lib/pagination-labels';

/** Page links with three pages of padding on each side, as the original had. */
export function SearchPagination({ onPageChange }: { onPageChange?: () => void }) {
  const { currentRefinement, nbPages, refine } = usePagination({ padding: PAGINATION_PADDING });
  if (nbPages <= 1) return null;
  return (
    <Box component="nav" aria-label="Pages of results" mt="lg">
      <Pagination
        total={nbPages}
        value={currentRefinement + 1}
        siblings={PAGINATION_PADDING}
        onChange={(page) => {
          refine(page - 1);
          onPageChange?.();
        }}
        {...paginationLabels(currentRefinement + 1)}
      />
    </Box>
  );
}
