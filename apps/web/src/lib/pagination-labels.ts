import type { PaginationProps } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Names for the buttons of a Mantine Pagination ("Page 3", "Next page"), which otherwise read as
 * bare numbers and unnamed arrows, with `currentPage` marked as the current one. Spread them in:
 * `<Pagination {...paginationLabels(page)} />`.
 */
export function paginationLabels(
  currentPage: number,
): Required<Pick<PaginationProps, 'getItemProps' | 'getControlProps'>> {
  return {
    getItemProps: (page) => ({
      'aria-label': `Page ${page}`,
      'aria-current': page === currentPage ? 'page' : undefined,
    }),
    getControlProps: (control) => ({ 'aria-label': CONTROL_LABELS[control] }),
  };
}
