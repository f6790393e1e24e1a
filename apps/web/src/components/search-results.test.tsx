import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoProduct } from '../lib/cart-test-data';
import { renderInApp } from '../test/render';
import { SearchResults } from './search-results';

type Status = 'idle' | 'loading' | 'stalled' | 'error';

// What InstantSearch reports: its status, and results that are "artificial" (its empty
// placeholder) until the first answer comes.
const search = vi.hoisted(() => ({
  status: 'idle' as Status,
  results: { nbHits: 0, __isArtificial: true } as { nbHits: number; __isArtificial?: boolean },
  items: [] as unknown[],
}));

vi.mock('react-instantsearch', () => ({
  useInstantSearch: () => ({ status: search.status, error: undefined }),
  useHits: () => ({ items: search.items, results: search.results }),
}));

const EMPTY = 'No products match your search. Try different words.';

function showResults() {
  renderInApp(<SearchResults buyer="retail" emptyMessage={EMPTY} />);
}

describe('search results before and after the first answer', () => {
  beforeEach(() => {
    search.items = [];
    search.results = { nbHits: 0, __isArtificial: true };
  });

  it.each<Status>(['idle', 'loading', 'stalled'])(
    'say Loading, not "no products", before the first answer (status %s)',
    (status) => {
      search.status = status;
      showResults();
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    },
  );

  it('say that nothing matches when the answer has no products', () => {
    search.status = 'idle';
    search.results = { nbHits: 0 };
    showResults();
    expect(screen.getByRole('status')).toHaveTextContent('0 products');
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
  });

  it('count and show the products of an answer', () => {
    search.status = 'idle';
    search.items = [demoProduct('7', { name: 'Harvest Cider' })];
    search.results = { nbHits: 1 };
    showResults();
    expect(screen.getByRole('status')).toHaveTextContent('1 product');
    expect(screen.getByRole('article', { name: 'Harvest Cider' })).toBeInTheDocument();
  });
});
