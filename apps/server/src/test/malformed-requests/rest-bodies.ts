/** JSON bodies for the REST endpoints: search queries and Stripe-like webhook events. */
import { createHmac } from 'node:crypto';
import { RawNumber, toJson } from './encoding';
import { longString, nastyString } from './nasty-values';
import type { Rng } from './random';
import type { FuzzContext } from './requests';

/** A random Algolia-like multi-query search body, mostly well-formed, with odd values. */
export function searchBody(rng: Rng): string {
  const paramValue = (): Record<string, unknown> => {
    const params: Record<string, unknown> = {};
    const keys = rng
      .shuffle([
        'query',
        'page',
        'hitsPerPage',
        'facets',
        'maxValuesPerFacet',
        'facetFilters',
        'numericFilters',
        'filters',
        'aroundLatLng',
        'aroundRadius',
        'distinct',
        'facetName',
        'facetQuery',
        'maxFacetHits',
        'attributesToHighlight',
        'highlightPreTag',
        'highlightPostTag',
        'analytics',
        'clickAnalytics',
      ])
      .slice(0, rng.int(0, 8));
    const facets = [
      'Beverage Type',
      'Produced By',
      'Varietal',
      'Vintage',
      'Closure Style',
      'Format',
      'Volume',
      'ABV',
      'nope',
      '*',
      '',
    ];
    for (const key of keys) {
      switch (key) {
        case 'query':
        case 'facetQuery':
          params[key] = rng.chance(0.5)
            ? rng.pick(['pinot', 'ipa', 'a', '"', '-', 'cider -dry', '*'])
            : nastyString(rng);
          break;
        case 'page':
        case 'hitsPerPage':
        case 'maxValuesPerFacet':
        case 'maxFacetHits':
          params[key] = rng.pick<unknown>([
            0,
            1,
            20,
            -1,
            1000,
            1001,
            10_000,
            1.5,
            '5',
            'abc',
            null,
            new RawNumber('1e400'),
            2147483648,
            [],
            {},
          ]);
          break;
        case 'facets':
        case 'attributesToHighlight':
          params[key] = rng.pick<unknown>([
            ['*'],
            rng.shuffle(facets).slice(0, 3),
            'Beverage Type',
            '["Varietal"]',
            '[broken',
            [1, null],
            Array.from({ length: 200 }, () => 'x'),
            {},
          ]);
          break;
        case 'facetFilters':
          params[key] = rng.pick<unknown>([
            ['Beverage Type:Wine'],
            [['Beverage Type:Wine', 'Beverage Type:Beer']],
            'Beverage Type:Wine',
            '[["Varietal:Pinot Noir"]]',
            ['-Beverage Type:Wine'],
            ['Beverage Type'],
            [':'],
            ['nope:x'],
            [[['deep']]],
            [1, 2],
            `["${'x'.repeat(5000)}"]`,
            ['Beverage Type:\u0000'],
            {},
          ]);
          break;
        case 'numericFilters':
          params[key] = rng.pick<unknown>([
            ['ABV>5'],
            ['Vintage>=2000', 'Vintage<=2020'],
            ['ABV<>>5'],
            ['ABV:1 TO 5'],
            ['ABV:5 TO 1'],
            ['ABV>abc'],
            ['Volume=NaN'],
            ['ABV>1e400'],
            ['nope>1'],
            ['>'],
            'ABV>5,Vintage<2000',
            [['ABV>5', 'ABV<2']],
            '[broken',
          ]);
          break;
        case 'filters':
          params[key] = rng.pick([
            'Vintage > 2000',
            '(a OR',
            'NOT NOT NOT',
            'ABV:1 TO 5 AND "Beverage Type":Wine',
            '"Beverage Type":"Wine" OR "Beverage Type":"Beer"',
            ')(',
            'x'.repeat(4001),
            '\u0000',
            '_tags:x',
            'ABV > "five"',
            'Vintage = 2000 AND AND',
            `${'('.repeat(500)}ABV > 1${')'.repeat(500)}`,
          ]);
          break;
        case 'aroundLatLng':
          params[key] = rng.pick<unknown>([
            '45.5,-122.6',
            'abc,def',
            '91,181',
            'NaN,NaN',
            '1e400,1',
            '45.5',
            ',',
            '',
            '45.5,-122.6,7',
            5,
            null,
          ]);
          break;
        case 'aroundRadius':
          params[key] = rng.pick<unknown>([
            'all',
            1000,
            -1,
            0,
            'none',
            1e308,
            new RawNumber('1e400'),
            'abc',
          ]);
          break;
        case 'distinct':
          params[key] = rng.pick<unknown>([true, false, 0, 1, 4, 5, -1, 'true', 'yes', null]);
          break;
        case 'facetName':
          params[key] = rng.pick(facets);
          break;
        default:
          params[key] = rng.pick<unknown>([
            'x',
            '\u0000',
            1,
            true,
            null,
            longString(rng).slice(0, 300),
          ]);
      }
    }
    return params;
  };
  const request = (): unknown => {
    const params = paramValue();
    const shaped = rng.pick<unknown>([
      params,
      params,
      params,
      new URLSearchParams(
        Object.entries(params).map(([key, value]): [string, string] => [
          key,
          typeof value === 'string' ? value : toJson(value),
        ]),
      ).toString(),
      'query=%00&hitsPerPage=abc&facets=%5Bbroken',
      '&&&===',
      null,
      42,
      [],
    ]);
    const item: Record<string, unknown> = {
      indexName: rng.pick<unknown>([
        'products',
        'products',
        'Production Index',
        'businesses',
        'Production Business Index',
        'nope',
        '',
        'x'.repeat(201),
        '\u0000',
        7,
        null,
      ]),
      params: shaped,
    };
    if (rng.chance(0.3)) item.type = rng.pick<unknown>(['facet', 'default', 'other', 1]);
    if (rng.chance(0.3))
      item.facet = rng.pick<unknown>(['Beverage Type', 'Produced By', 'nope', '\u0000', 5]);
    if (rng.chance(0.1)) delete item.params;
    return item;
  };
  const body = rng.pick<() => unknown>([
    () => ({ requests: Array.from({ length: rng.int(1, 3) }, request) }),
    () => ({ requests: Array.from({ length: rng.int(1, 3) }, request) }),
    () => ({ requests: Array.from({ length: rng.int(1, 3) }, request) }),
    () => ({ requests: Array.from({ length: rng.pick([0, 20, 21, 200]) }, request) }),
    () => ({ requests: 'all' }),
    () => ({ requests: null }),
    () => ({}),
    () => [request()],
    () => request(),
    () => ({ requests: [request()], extra: true, __proto__: { requests: [] } }),
  ])();
  return toJson(body);
}

/** A Stripe-like event, with a valid signature now and then so the event handling is reached. */
export function webhook(
  rng: Rng,
  ctx: FuzzContext,
): { body: string; signature: string | undefined } {
  const object: Record<string, unknown> = {
    id: rng.pick<unknown>([
      'acct_fuzz',
      'pi_fuzz',
      '',
      '\u0000',
      7,
      null,
      `acct_${'x'.repeat(300)}`,
    ]),
  };
  if (rng.chance(0.5)) object.charges_enabled = rng.pick<unknown>([true, false, 'yes', null]);
  if (rng.chance(0.5)) {
    object.metadata = rng.pick<unknown>([
      {
        checkout_id: rng.pick<unknown>([
          '1',
          '-1',
          '99999999999999999999',
          'abc',
          '\u0000',
          1.5,
          null,
        ]),
      },
      { transfer_group: nastyString(rng) },
      'metadata',
      null,
    ]);
  }
  if (rng.chance(0.3))
    object.amount = rng.pick<unknown>([100, -1, 1e308, '100', new RawNumber('1e400')]);
  if (rng.chance(0.3)) object.transfer_group = rng.pick<unknown>([nastyString(rng), 5, null]);
  const event = rng.pick<unknown>([
    {
      id: rng.pick<unknown>([
        `evt_fuzz_${rng.int(1, 1e6)}`,
        '',
        '\u0000',
        7,
        `evt_${'x'.repeat(500)}`,
      ]),
      type: rng.pick<unknown>([
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
        'account.updated',
        'charge.refunded',
        'nope',
        '',
        5,
      ]),
      created: rng.pick<unknown>([
        Math.floor(Date.now() / 1000),
        0,
        -1,
        9007199254740991,
        1e12,
        1.5,
        '1700000000',
        new RawNumber('1e400'),
      ]),
      data: rng.pick<unknown>([{ object }, { object: null }, { object: 'x' }, {}, null]),
    },
    'not json at all',
    [],
    null,
    {},
  ]);
  const body = typeof event === 'string' ? event : toJson(event);
  const timestamp = rng.pick([
    Math.floor(Date.now() / 1000),
    Math.floor(Date.now() / 1000) - 3600,
    0,
  ]);
  const signed = createHmac('sha256', ctx.webhookSecret)
    .update(`${timestamp}.${body}`)
    .digest('hex');
  const signature = rng.pick<string | undefined>([
    `t=${timestamp},v1=${signed}`,
    `t=${timestamp},v1=${signed}`,
    `t=${timestamp},v1=${'0'.repeat(64)}`,
    undefined,
    '',
    'garbage',
    't=,v1=',
    `t=${'9'.repeat(30)},v1=${signed}`,
    `v1=${signed}`,
    `t=abc,v1=${signed}`,
    `t=${timestamp},v0=${signed}`,
    ','.repeat(100),
  ]);
  return { body, signature };
}
