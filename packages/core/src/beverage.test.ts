import { describe, expect, it } from 'vitest';
import { BEVERAGE_TYPES, isBeverageType, PRODUCT_STATUSES } from './beverage';

describe('BEVERAGE_TYPES', () => {
  it('lists the seven types in order', () => {
    expect(BEVERAGE_TYPES).toEqual([
      'Wine',
      'Cider',
      'Beer',
      'Spirit',
      'Cocktail',
      'Hard Kombucha',
      'Hard Seltzer',
    ]);
  });

  it('does not include the "Beer + Cider" marketing grouping', () => {
    expect(BEVERAGE_TYPES).not.toContain('Beer + Cider');
  });
});

describe('isBeverageType', () => {
  it.each([...BEVERAGE_TYPES])('accepts %s', (type) => {
    expect(isBeverageType(type)).toBe(true);
  });

  it.each(['wine', 'WINE', ' Wine', 'Beer + Cider', 'Mead', 'Hard  Seltzer', ''])(
    'rejects the string %j',
    (value) => {
      expect(isBeverageType(value)).toBe(false);
    },
  );

  it.each([undefined, null, 0, ['Wine'], { type: 'Wine' }])(
    'rejects the non-string %j',
    (value) => {
      expect(isBeverageType(value)).toBe(false);
    },
  );
});

describe('PRODUCT_STATUSES', () => {
  it('is published and draft', () => {
    expect(PRODUCT_STATUSES).toEqual(['published', 'draft']);
  });
});
