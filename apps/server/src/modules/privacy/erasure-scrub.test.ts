import { describe, expect, it } from 'vitest';
import { redact, redactJson } from './erasure-scrub';

/** Redaction replaces whole words in string values only, never keys or JSON syntax. */

const GONE = 'Deleted buyer';

describe('redact', () => {
  it('matches whole words only: "Rue" leaves "true" alone, "Lin" leaves "lines"', () => {
    expect(redact('true lines Rue rue, LIN.', ['Rue', 'Lin'], GONE)).toBe(
      `true lines ${GONE} ${GONE}, ${GONE}.`,
    );
  });

  it('treats regular-expression characters as text', () => {
    expect(redact('call (503) 555-1234 now', ['(503) 555-1234'], GONE)).toBe(`call ${GONE} now`);
    expect(redact('100% sure_thing', ['100%', 'e_t'], GONE)).toBe(`${GONE} sure_thing`);
  });

  it('in HTML, also matches the escaped form and escapes the replacement', () => {
    const html = "<p>For O&#39;Brien and O'Brien &amp; Rue</p>";
    expect(redact(html, ["O'Brien", 'Rue'], 'A & B', { html: true })).toBe(
      '<p>For A &amp; B and A &amp; B &amp; A &amp; B</p>',
    );
  });
});

describe('redactJson', () => {
  it('keeps keys, booleans, product names and structure, and reduces addresses', () => {
    const answer = {
      ok: true,
      checkout: {
        orders: [
          {
            lines: [{ productName: 'Rue Reserve', quantity: 1 }],
            note: 'for Lin',
            fulfillmentAddress: {
              name: 'Lin',
              line1: '1 Main St',
              line2: null,
              city: 'Portland',
              state: 'OR',
              zip: '97211',
            },
          },
        ],
      },
    };
    expect(redactJson(answer, ['Rue', 'Lin'], GONE)).toEqual({
      ok: true,
      checkout: {
        orders: [
          {
            lines: [{ productName: 'Rue Reserve', quantity: 1 }],
            note: `for ${GONE}`,
            fulfillmentAddress: {
              name: null,
              line1: '',
              line2: null,
              city: '',
              state: 'OR',
              zip: '972',
            },
          },
        ],
      },
    });
  });
});
