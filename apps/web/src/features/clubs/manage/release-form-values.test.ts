import { describe, expect, it } from 'vitest';
import {
  emptyRelease,
  firstErrorInput,
  refusalOnForm,
  releaseDraft,
  validateRelease,
  type ReleaseFormValues,
} from './release-form-values';

const TIERS = [
  { id: 11, name: 'Pair', bottles: 2 },
  { id: 12, name: 'Case', bottles: 6 },
];

const filled = (): ReleaseFormValues => ({
  title: 'Spring release',
  chargeOn: '2030-04-01',
  tiers: [
    { tierId: 11, lines: [{ productId: '5', quantity: 2 }] },
    {
      tierId: 12,
      lines: [
        { productId: '5', quantity: 4 },
        { productId: '7', quantity: 2 },
      ],
    },
  ],
});

describe('the release form', () => {
  it('starts each tier with one line holding all its bottles', () => {
    expect(emptyRelease(TIERS).tiers).toEqual([
      { tierId: 11, lines: [{ productId: null, quantity: 2 }] },
      { tierId: 12, lines: [{ productId: null, quantity: 6 }] },
    ]);
  });

  it('sends every tier’s lines as one list of items', () => {
    expect(releaseDraft(filled())).toEqual({
      draft: {
        title: 'Spring release',
        chargeOn: '2030-04-01',
        items: [
          { tierId: 11, productId: 5, quantity: 2 },
          { tierId: 12, productId: 5, quantity: 4 },
          { tierId: 12, productId: 7, quantity: 2 },
        ],
      },
      linePaths: ['tiers.0.lines.0', 'tiers.1.lines.0', 'tiers.1.lines.1'],
    });
    expect(validateRelease(filled(), TIERS)).toEqual({});
  });

  it('says what is missing, beside each field, and where the keyboard goes first', () => {
    const values = emptyRelease(TIERS);
    values.tiers[1]!.lines.push({ productId: null, quantity: NaN });
    const errors = validateRelease(values, TIERS);
    expect(errors).toMatchObject({
      title: 'Name the release, such as "Spring release".',
      chargeOn: 'Choose the charge date.',
      'tiers.0.lines.0.productId': 'Choose a product.',
      'tiers.1.lines.1.quantity': 'Enter the quantity as a whole number.',
    });
    expect(errors).not.toHaveProperty('tiers.1.lines');
    expect(firstErrorInput(values, errors)).toBe('title');
  });

  it('counts each tier’s bottles, and refuses the same product twice in a tier', () => {
    const values = filled();
    values.tiers[1]!.lines[1] = { productId: '5', quantity: 1 };
    const errors = validateRelease(values, TIERS);
    expect(errors).toEqual({
      'tiers.1.lines.1.productId': 'This product is already in this tier.',
      'tiers.1.lines': 'The Case tier holds 6 bottles; this release gives it 5.',
    });
    expect(firstErrorInput(values, errors)).toBe('tiers.1.lines.0.productId');
  });

  it('puts the server’s item refusals on the lines they came from', () => {
    const { linePaths } = releaseDraft(filled());
    expect(
      refusalOnForm(
        {
          message: 'Choose one of your published products.',
          field: 'items.2.productId',
          fields: { 'items.2.productId': 'Choose one of your published products.', items: 'x' },
        },
        linePaths,
      ),
    ).toEqual({
      message: 'Choose one of your published products.',
      field: 'tiers.1.lines.1.productId',
      fields: { 'tiers.1.lines.1.productId': 'Choose one of your published products.', items: 'x' },
    });
  });
});
