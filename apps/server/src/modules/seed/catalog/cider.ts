import { describe, dollars, quarters, type DraftGenerator, type Palate } from './draft';
import { chance, decimalBetween, intBetween, pick, weighted, type Rng } from './random';

const APPLES = [
  'Kingston Black',
  'Gravenstein',
  'Newtown Pippin',
  'Golden Russet',
  'Dabinett',
  'Baldwin',
  'Northern Spy',
  'Winesap',
  'Harrison',
  'Ashmead’s Kernel',
  'Porter’s Perfection',
  'Wickson Crab',
];

const FRUITS = [
  ['Tart Cherry', ['tart cherry', 'almond']],
  ['Blackberry', ['ripe blackberry', 'bramble']],
  ['Cranberry', ['cranberry', 'orange zest']],
  ['Elderflower', ['elderflower', 'lychee']],
  ['Ginger', ['fresh ginger', 'lemon']],
  ['Pineapple', ['pineapple', 'toasted coconut']],
  ['Wild Blueberry', ['wild blueberry', 'lavender']],
  ['Peach', ['ripe peach', 'honeysuckle']],
] as const;

interface CiderKind {
  /** Name and varietal for one draw, plus the notes that go with it. */
  make: (rng: Rng) => { name: string; varietal: string; notes: readonly string[] };
  abv: [number, number];
  /** Share of 750 ml bottles; the rest are cans, 500 ml bottles or kegs. */
  bottleShare: number;
  vintageShare: number;
}

const KINDS: readonly (readonly [CiderKind, number])[] = [
  [
    {
      make: (rng) => ({
        name: `${pick(rng, ['Dry Heirloom', 'Farmhouse Dry', 'Estate Dry', 'Wild Ferment', 'Brut', 'Bone Dry'])} Cider`,
        varietal: 'Dry Cider',
        notes: ['tannic apple skin', 'green apple', 'wet stone', 'lemon pith'],
      }),
      abv: [6.5, 8.5],
      bottleShare: 0.4,
      vintageShare: 0.3,
    },
    20,
  ],
  [
    {
      make: (rng) => ({
        name: `${pick(rng, ['Orchard Blend', 'Harvest', 'Sunday', 'Porch', 'Golden Hour'])} Semi-Dry Cider`,
        varietal: 'Semi-Dry Cider',
        notes: ['baked apple', 'honey', 'ripe pear', 'apple blossom'],
      }),
      abv: [5.5, 6.9],
      bottleShare: 0.15,
      vintageShare: 0,
    },
    16,
  ],
  [
    {
      make: (rng) => {
        const apple = pick(rng, APPLES);
        return {
          name: `${apple} Single Varietal Cider`,
          varietal: apple,
          notes: ['bittersweet tannin', 'russeted apple', 'quince', 'orange peel'],
        };
      },
      abv: [7, 8.5],
      bottleShare: 0.85,
      vintageShare: 0.6,
    },
    12,
  ],
  [
    {
      make: (rng) => ({
        name: `${pick(rng, ['Blush', 'Red-Fleshed', 'Orchard', 'Hibiscus'])} Rosé Cider`,
        varietal: 'Rosé Cider',
        notes: ['wild strawberry', 'red apple', 'rose hip', 'pink grapefruit'],
      }),
      abv: [5.5, 7],
      bottleShare: 0.25,
      vintageShare: 0.1,
    },
    10,
  ],
  [
    {
      make: (rng) => ({
        name: `${pick(rng, ['Citra', 'Mosaic', 'Cascade', 'Nelson Sauvin', 'Galaxy'])} Hopped Cider`,
        varietal: 'Hopped Cider',
        notes: ['citrusy hops', 'green apple', 'grapefruit', 'passionfruit'],
      }),
      abv: [5.8, 6.9],
      bottleShare: 0.1,
      vintageShare: 0,
    },
    8,
  ],
  [
    {
      make: (rng) => {
        const [fruit, notes] = pick(rng, FRUITS);
        return { name: `${fruit} Cider`, varietal: 'Fruit Cider', notes };
      },
      abv: [5, 6.9],
      bottleShare: 0.1,
      vintageShare: 0,
    },
    14,
  ],
  [
    {
      make: (rng) => {
        const pear = pick(rng, ['Bartlett', 'Bosc', 'Seckel', 'Comice', 'Wild', 'Heirloom']);
        return {
          name: `${pear} Perry`,
          varietal: 'Perry',
          notes: ['ripe pear', 'white flowers', 'melon', 'soft spice'],
        };
      },
      abv: [5.5, 7.5],
      bottleShare: 0.5,
      vintageShare: 0.3,
    },
    7,
  ],
  [
    {
      make: (rng) => ({
        name: `${pick(rng, ['Bourbon', 'Rye', 'Rum', 'Apple Brandy', 'French Oak'])} Barrel-Aged Cider`,
        varietal: 'Barrel-Aged Cider',
        notes: ['vanilla oak', 'baked apple', 'caramel', 'toasted coconut'],
      }),
      abv: [7.5, 9],
      bottleShare: 0.8,
      vintageShare: 0.4,
    },
    7,
  ],
  [
    {
      make: (rng) => ({
        name: `${pick(rng, ['Traditional Method', 'Méthode Champenoise', 'Estate Sparkling'])} Cider`,
        varietal: 'Sparkling Cider',
        notes: ['brioche', 'green apple', 'chalk', 'lemon zest'],
      }),
      abv: [8, 9],
      bottleShare: 1,
      vintageShare: 0.7,
    },
    6,
  ],
];

const CIDER_PALATE: Palate = {
  notes: ['baked apple', 'green apple', 'honey', 'lemon', 'cinnamon', 'ripe pear', 'apple blossom'],
  textures: [
    'fine, Champagne-like bubbles',
    'a bone-dry palate',
    'gentle tannins',
    'bright acidity',
    'a juicy, off-dry palate',
  ],
  finishes: [
    'a crisp, tart finish',
    'a clean, dry finish',
    'a long, tannic finish',
    'a refreshing finish',
  ],
  pairings: [
    'roast pork',
    'aged cheddar',
    'fried chicken',
    'a ploughman’s lunch',
    'mussels and fries',
    'apple pie',
    'a Thanksgiving table',
    'grilled sausages',
  ],
};

const cider: DraftGenerator = (rng) => {
  const kind = weighted(rng, KINDS);
  const label = kind.make(rng);
  const common = {
    beverageType: 'Cider' as const,
    varietal: label.varietal,
    abv: decimalBetween(rng, kind.abv[0], kind.abv[1]),
    description: describe(rng, CIDER_PALATE, { notes: label.notes }),
  };
  if (chance(rng, kind.bottleShare)) {
    const vintage = chance(rng, kind.vintageShare) ? intBetween(rng, 2019, 2023) : null;
    return {
      ...common,
      name: vintage ? `${label.name} ${vintage}` : label.name,
      vintage,
      volume_ml: 750,
      closure_style: pick(rng, ['Natural Cork', 'Natural Cork', 'Swing Top', 'Crown Cap'] as const),
      format: 'Bottle',
      art: 'cider-bottle',
      pack: 'bottle',
      priceCents: dollars(rng, 14, 30),
    };
  }
  const vessel = weighted(rng, [
    ['can', 60],
    ['bottle', 28],
    ['keg', 12],
  ] as const);
  switch (vessel) {
    case 'can':
      return {
        ...common,
        name: label.name,
        vintage: null,
        volume_ml: 355,
        closure_style: 'Can End',
        format: 'Can',
        art: 'cider-can',
        pack: 'can',
        priceCents: quarters(rng, 300, 475),
      };
    case 'bottle':
      return {
        ...common,
        name: `${label.name} (500 ml)`,
        vintage: null,
        volume_ml: 500,
        closure_style: 'Crown Cap',
        format: 'Bottle',
        art: 'cider-bottle',
        pack: 'bottle',
        priceCents: dollars(rng, 7, 12),
      };
    case 'keg':
      return {
        ...common,
        name: `${label.name} (1/6 BBL Keg)`,
        vintage: null,
        volume_ml: 19550,
        closure_style: 'Sankey Coupler',
        format: 'Keg',
        art: 'keg',
        pack: 'keg',
        priceCents: dollars(rng, 140, 210),
      };
  }
};

export const CIDER_GENERATORS = { cider } as const satisfies Record<string, DraftGenerator>;
