import { FACET_LIMIT, FACET_SHOW_MORE_LIMIT } from '@bevy/core';
import { useRefinementList } from 'react-instantsearch';
import type { RefinementLabels } from './current-refinement-chips';

const milliliters = (ml: string) => `${ml} ml`;

/** Spec "Shop page": the refiners, in its order, and how their values read. */
export const REFINERS: {
  attribute: string;
  title: string;
  searchable?: boolean;
  format?: (value: string) => string;
}[] = [
  { attribute: 'Beverage Type', title: 'Beverage Type' },
  { attribute: 'Closure Style', title: 'Closure Style' },
  { attribute: 'Format', title: 'Format' },
  { attribute: 'Produced By', title: 'Produced By', searchable: true },
  { attribute: 'Varietal', title: 'Varietal', searchable: true },
  { attribute: 'Vintage', title: 'Vintage', searchable: true },
  { attribute: 'Volume', title: 'Volume (in ml)', format: milliliters },
];

/** How the chips of the refinements in force read, e.g. "Volume (in ml): 750 ml". */
export const SHOP_REFINEMENT_LABELS: RefinementLabels = Object.fromEntries(
  REFINERS.map(({ attribute, title, format }) => [attribute, { title, format }]),
);

function VirtualRefiner({ attribute }: { attribute: string }) {
  useRefinementList({
    attribute,
    limit: FACET_LIMIT,
    showMore: true,
    showMoreLimit: FACET_SHOW_MORE_LIMIT,
  });
  return null;
}

/**
 * The refiners without their lists, for while they are out of view in the phone's drawer, whose
 * contents mount only when first opened: refinements from the address apply, and count as active,
 * from the first search.
 */
export function VirtualShopRefiners() {
  return REFINERS.map(({ attribute }) => <VirtualRefiner key={attribute} attribute={attribute} />);
}
