import { PAGINATION_PADDING } from '@bevy/core';
import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { usePagination } from 'react-instantsearch';

// Not part of the shop's first load: the links appear only once results span several pages.
const PageLinks = lazy(() => import('./page-links').then((m) => ({ default: m.PageLinks })));

/** Page links with three pages of padding on each side, as the original had. */
export function SearchPagination({ onPageChange }: { onPageChange?: () => void }) {
  const { currentRefinement, nbPages, refine } = usePagination({ padding: PAGINATION_PADDING });
  if (nbPages <= 1) return null;
  return (
    <Box component="nav" aria-label="Pages of results" mt="lg">
      <Suspense fallback={null}>
        <PageLinks
          total={nbPages}
          page={currentRefinement + 1}
          onChange={(page) => {
            refine(page - 1);
            onPageChange?.();
          }}
        />
      </Suspense>
    </Box>
  );
}
