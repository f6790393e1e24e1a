import { describe, expect, it } from 'vitest';
import type { CampaignCatalogue } from './api/campaigns';
import { catalogueOptions, optionsWithChosen } from './catalogue-options';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');

const CATALOGUE: CampaignCatalogue = {
  businessProducts: [
    {
      id: 1,
      name: 'Pinot Noir 2022',
      status: 'published',
      retailPricing: [
        { price_per_unit: 3200, minimum_unit_count_for_price: 1 },
        { price_per_unit: 2900, minimum_unit_count_for_price: 6 },
      ],
    },
    { id: 2, name: 'Secret blend', status: 'draft', retailPricing: [] },
    { id: 3, name: 'Wholesale only', status: 'published', retailPricing: [] },
  ],
  clubsToManage: [
    {
      id: 5,
      name: 'Cellar club',
      status: 'open',
      isSubscription: false,
      memberDiscountBasisPoints: 1000,
      tiers: [
        { id: 1, priceBasis: 'fixed', fixedPriceCents: 12000 },
        { id: 2, priceBasis: 'fixed', fixedPriceCents: 9000 },
      ],
    },
    {
      id: 6,
      name: 'Collectors',
      status: 'open',
      isSubscription: false,
      memberDiscountBasisPoints: 1500,
      tiers: [{ id: 3, priceBasis: 'contents', fixedPriceCents: null }],
    },
    {
      id: 7,
      name: 'Old club',
      status: 'closed',
      isSubscription: false,
      memberDiscountBasisPoints: 0,
      tiers: [],
    },
  ],
  eventsToManage: [
    {
      id: 8,
      title: 'Harvest party',
      when: 'Saturday, October 5, 2026, 6:00 PM – 9:00 PM PT',
      endsAt: '2026-10-06T04:00:00.000Z',
      cancelled: false,
      ticketTypes: [
        { id: 1, priceCents: 2500 },
        { id: 2, priceCents: 4000 },
      ],
    },
    {
      id: 9,
      title: 'Open house',
      when: 'Sunday, May 3, 2026',
      endsAt: '2026-05-03T20:00:00.000Z',
      cancelled: false,
      ticketTypes: [{ id: 3, priceCents: 0 }],
    },
    {
      id: 10,
      title: 'Last year’s party',
      when: 'Saturday, October 4, 2025',
      endsAt: '2025-10-05T04:00:00.000Z',
      cancelled: false,
      ticketTypes: [],
    },
    {
      id: 11,
      title: 'Rained out',
      when: 'Saturday, June 6, 2026',
      endsAt: '2026-06-06T04:00:00.000Z',
      cancelled: true,
      ticketTypes: [],
    },
  ],
};

describe('the catalogue blocks’ options', () => {
  it('offers published products with their lowest retail price, open clubs, events to come', () => {
    expect(catalogueOptions(CATALOGUE, NOW)).toEqual({
      product: [
        { value: '1', label: 'Pinot Noir 2022 · $29.00' },
        { value: '3', label: 'Wholesale only' },
      ],
      club: [
        { value: '5', label: 'Cellar club · from $90.00 a release' },
        { value: '6', label: 'Collectors · retail less 15%' },
      ],
      event: [
        {
          value: '8',
          label: 'Harvest party · Saturday, October 5, 2026, 6:00 PM – 9:00 PM PT · from $25.00',
        },
        { value: '9', label: 'Open house · Sunday, May 3, 2026 · free' },
      ],
    });
    expect(catalogueOptions(null, NOW)).toBeNull();
  });

  it('keeps a chosen item that is no longer offered, so the draft still shows it', () => {
    const options = [{ value: '1', label: 'Pinot' }];
    expect(optionsWithChosen(options, 'product', 1)).toEqual(options);
    expect(optionsWithChosen(options, 'product', null)).toEqual(options);
    expect(optionsWithChosen(options, 'event', 10)).toEqual([
      { value: '10', label: 'An event over or cancelled (#10)' },
      ...options,
    ]);
    // The catalogue still loading: the choice is kept, not called gone.
    expect(optionsWithChosen(null, 'club', 5)).toEqual([{ value: '5', label: 'Loading…' }]);
  });
});
