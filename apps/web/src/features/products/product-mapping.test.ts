import { productInputSchema } from '@bevy/core/schemas';
import { describe, expect, it } from 'vitest';
import type { ManagedProduct } from './api/products';
import {
  centsToDollars,
  editPathFor,
  emptyProductValues,
  formValuesToInput,
  numberOrNull,
  productToFormValues,
  tagOptions,
  toTileProduct,
  type ProductFormValues,
} from './product-mapping';
import { splitFieldErrors } from '../../lib/form-focus';

const product: ManagedProduct = {
  id: 42,
  businessId: 7,
  name: 'Estate Pinot Noir',
  short_description: 'Bright cherry.',
  bottleImageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
  productType: 'Wine',
  producedBy: 'Hillside Cellars',
  abv: 13.5,
  varietal: 'Pinot Noir',
  closureStyle: 'Cork',
  format: 'Bottle',
  vintage: 2021,
  volumeMl: 750,
  status: 'draft',
  stockCount: 12,
  membersOnly: true,
  retailPricing: [
    { minimum_unit_count_for_price: 6, price_per_unit: 2799 },
    { minimum_unit_count_for_price: 1, price_per_unit: 2999 },
  ],
  wholesalePricing: [{ minimum_unit_count_for_price: 12, price_per_unit: 1850 }],
};

describe('toTileProduct', () => {
  it('gives a seller product the search hit shape the tile reads', () => {
    expect(toTileProduct(product, 'hillside-cellars')).toEqual({
      objectID: '42',
      name: 'Estate Pinot Noir',
      short_description: 'Bright cherry.',
      bottleImageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
      producedBy: 'Hillside Cellars',
      slug: 'hillside-cellars',
      'Beverage Type': ['Wine'],
      Varietal: 'Pinot Noir',
      Vintage: 2021,
      ABV: 13.5,
      Volume: 750,
      Format: 'Bottle',
      'Closure Style': 'Cork',
      retailPricing: [
        { minimum_unit_count_for_price: 6, price_per_unit: 2799 },
        { minimum_unit_count_for_price: 1, price_per_unit: 2999 },
      ],
      wholesalePricing: [{ minimum_unit_count_for_price: 12, price_per_unit: 1850 }],
    });
  });

  it('keeps only the tier fields, not the typename the GraphQL client adds', () => {
    const withTypename = {
      ...product,
      retailPricing: [
        { __typename: 'PriceTier', minimum_unit_count_for_price: 1, price_per_unit: 500 },
      ],
    };
    expect(toTileProduct(withTypename, 's').retailPricing).toEqual([
      { minimum_unit_count_for_price: 1, price_per_unit: 500 },
    ]);
  });
});

describe('editPathFor', () => {
  it('appends /edit/{id} to the current path', () => {
    expect(editPathFor('/business/hillside/products', 42)).toBe(
      '/business/hillside/products/edit/42',
    );
    expect(editPathFor('/business/hillside/products/', 42)).toBe(
      '/business/hillside/products/edit/42',
    );
  });
});

describe('prices between cents and dollars', () => {
  it('turns integer cents into the dollars a seller types', () => {
    expect(centsToDollars(2999)).toBe('29.99');
    expect(centsToDollars(1)).toBe('0.01');
    expect(centsToDollars(100)).toBe('1.00');
    expect(centsToDollars(123456789)).toBe('1234567.89');
  });

  it('survives the round trip through the form and the shared schema', () => {
    for (const cents of [1, 5, 10, 99, 101, 1999, 2999, 12345, 9_999_999]) {
      const values = productToFormValues(
        { ...product, retailPricing: [{ minimum_unit_count_for_price: 1, price_per_unit: cents }] },
        'Hillside',
      );
      const parsed = productInputSchema.parse(formValuesToInput(values));
      expect(parsed.retailTiers[0]?.price, String(cents)).toBe(cents);
    }
  });
});

describe('productToFormValues', () => {
  it('fills the form, tiers in order of minimum count, prices in dollars', () => {
    const values = productToFormValues(product, 'Hillside');
    expect(values).toMatchObject({
      name: 'Estate Pinot Noir',
      beverageType: 'Wine',
      producedBy: 'Hillside Cellars',
      abv: 13.5,
      vintage: 2021,
      nonVintage: false,
      volumeMl: 750,
      status: 'draft',
      stockCount: 12,
      membersOnly: true,
      retailTiers: [
        { minimum_unit_count_for_price: 1, price: '29.99' },
        { minimum_unit_count_for_price: 6, price: '27.99' },
      ],
      wholesaleTiers: [{ minimum_unit_count_for_price: 12, price: '18.50' }],
    });
  });

  it('shows a producer equal to the business name as the empty default', () => {
    expect(productToFormValues(product, 'Hillside Cellars').producedBy).toBe('');
  });

  it('reads a missing vintage as non-vintage and missing numbers as empty fields', () => {
    const values = productToFormValues(
      { ...product, vintage: null, abv: null, volumeMl: null, stockCount: null },
      'Hillside',
    );
    expect(values).toMatchObject({
      vintage: '',
      nonVintage: true,
      abv: '',
      volumeMl: '',
      stockCount: '',
    });
  });

  it('leaves an unknown beverage type for the seller to choose', () => {
    expect(productToFormValues({ ...product, productType: 'Mead' }, 'x').beverageType).toBeNull();
  });
});

describe('formValuesToInput', () => {
  const filled = (): ProductFormValues => ({
    ...emptyProductValues(),
    name: ' Dry Cider ',
    beverageType: 'Cider',
    producedBy: '  ',
    abv: '6.5',
    varietal: ' Kingston Black ',
    vintage: 2023,
    volumeMl: 500,
    stockCount: '',
    retailTiers: [{ key: 'a', minimum_unit_count_for_price: 1, price: '4.5' }],
    wholesaleTiers: [{ key: 'b', minimum_unit_count_for_price: '24', price: 3 }],
  });

  it('sends empty text and numbers as null, numbers typed as text as numbers', () => {
    expect(formValuesToInput(filled())).toEqual({
      name: ' Dry Cider ',
      beverageType: 'Cider',
      shortDescription: '',
      bottleImageUrl: null,
      producedBy: null,
      abv: 6.5,
      varietal: 'Kingston Black',
      closureStyle: null,
      format: null,
      vintage: 2023,
      volumeMl: 500,
      retailTiers: [{ minimum_unit_count_for_price: 1, price: 4.5 }],
      wholesaleTiers: [{ minimum_unit_count_for_price: 24, price: 3 }],
      status: 'published',
      stockCount: null,
      membersOnly: false,
    });
  });

  it('sends no vintage for a non-vintage product, whatever year is left in the field', () => {
    expect(formValuesToInput({ ...filled(), nonVintage: true }).vintage).toBeNull();
  });

  it('lets the shared schema place tier errors on their rows', () => {
    const priceErrors = productInputSchema.safeParse(
      formValuesToInput({
        ...filled(),
        retailTiers: [
          { key: 'a', minimum_unit_count_for_price: 1, price: 0 },
          { key: 'b', minimum_unit_count_for_price: 6, price: 1.234 },
          { key: 'c', minimum_unit_count_for_price: '', price: '' },
        ],
      }),
    );
    expect(priceErrors.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      [
        ['retailTiers.0.price', 'The price must be above zero.'],
        ['retailTiers.1.price', 'Use at most two decimals.'],
        ['retailTiers.2.minimum_unit_count_for_price', 'Enter a minimum count.'],
        ['retailTiers.2.price', 'Enter a price.'],
      ],
    );
    const duplicate = productInputSchema.safeParse(
      formValuesToInput({
        ...filled(),
        wholesaleTiers: [
          { key: 'a', minimum_unit_count_for_price: 12, price: 3 },
          { key: 'b', minimum_unit_count_for_price: 12, price: 2.5 },
        ],
      }),
    );
    expect(duplicate.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['wholesaleTiers.1.minimum_unit_count_for_price', 'Each minimum count can be used once.'],
    ]);
  });
});

describe('numberOrNull', () => {
  it('reads what a number field holds', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('  ')).toBeNull();
    expect(numberOrNull(0)).toBe(0);
    expect(numberOrNull('12.5')).toBe(12.5);
    expect(numberOrNull('-')).toBeNaN();
  });
});

describe('splitFieldErrors', () => {
  it('keeps messages for fields and rows the form has, and sets the rest apart', () => {
    const values = { ...emptyProductValues(), retailTiers: emptyProductValues().retailTiers };
    expect(
      splitFieldErrors(
        {
          name: 'Enter the product name.',
          'retailTiers.0.price': 'Use at most two decimals.',
          retailTiers: 'Use at most 10 tiers.',
          'retailTiers.3.price': 'Enter a price.',
          slug: 'There is no business at that address.',
        },
        values,
      ),
    ).toEqual({
      onFields: {
        name: 'Enter the product name.',
        'retailTiers.0.price': 'Use at most two decimals.',
        retailTiers: 'Use at most 10 tiers.',
      },
      elsewhere: ['Enter a price.', 'There is no business at that address.'],
    });
  });
});

describe('tagOptions', () => {
  it("lists a category's tags by name", () => {
    expect(tagOptions(['Screw Cap', 'Natural Cork', 'Crown Cap'], '')).toEqual([
      'Crown Cap',
      'Natural Cork',
      'Screw Cap',
    ]);
    expect(tagOptions(['Screw Cap', 'Natural Cork'], 'Screw Cap')).toEqual([
      'Natural Cork',
      'Screw Cap',
    ]);
  });

  it('shows a stored value that is no tag first, marked, so the seller can see and replace it', () => {
    expect(tagOptions(['Screw Cap'], 'wax seal')).toEqual([
      { value: 'wax seal', label: 'wax seal (not in the list)' },
      'Screw Cap',
    ]);
  });
});
