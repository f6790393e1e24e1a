import { describe, expect, it } from 'vitest';
import { parseFulfillmentChoices } from './use-fulfillment-choices';

describe('parseFulfillmentChoices', () => {
  it('reads back what the cart page stored', () => {
    const stored = { zip: '97214', modes: { '3': 'delivery', '9': 'ship' } };
    expect(parseFulfillmentChoices(JSON.stringify(stored))).toEqual(stored);
  });

  it('leaves out unknown ways, odd business ids and anything that is not text', () => {
    const stored = {
      zip: 97214,
      modes: { '3': 'teleport', abc: 'pickup', '0': 'ship', '9': 'pickup' },
    };
    expect(parseFulfillmentChoices(JSON.stringify(stored))).toEqual({
      zip: '',
      modes: { '9': 'pickup' },
    });
  });

  it.each([null, '', 'not json', '[]', '"97214"', 'null'])('reads %j as no choices', (text) => {
    expect(parseFulfillmentChoices(text)).toEqual({ zip: '', modes: {} });
  });
});
