import { PAGINATION_PADDING } from '@bevy/core';
import { Pagination } from '@mantine/core';
import { paginationLabels } from '../lib/pagination-labels';

/** The page links of a result list; its own chunk, loaded once results span several pages. */
export function PageLinks({
  total,
  page,
  onChange,
}: {
  total: number;
  /** The current page, from 1. */
  page: number;
  onChange: (page: number) => void;
}) {
  return (
    <Pagination
      total={total}
      value={page}
      siblings={PAGINATION_PADDING}
      onChange={onChange}
      {...paginationLabels(page)}
    />
  );
}
