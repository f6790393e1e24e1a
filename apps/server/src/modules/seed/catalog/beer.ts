import {
  describe,
  dollars,
  quarters,
  type BottleArt,
  type DraftGenerator,
  type Palate,
  type ProductDraft,
} from './draft';
import { chance, decimalBetween, pick, weighted, type Rng } from './random';

const NAME_ADJECTIVES = [
  'Copper',
  'Golden',
  'Foggy',
  'Night',
  'Iron',
  'Little',
  'Lazy',
  'Rusty',
  'Old',
  'Hidden',
  'Wild',
  'Silver',
  'Northern',
  'Slow',
  'Bright',
  'Quiet',
  'Paper',
  'Velvet',
  'Crooked',
  'Tall',
  'Lucky',
  'Salt',
  'Cinder',
  'Sunday',
  'Harbor',
  'Prairie',
  'Timber',
  'Stone',
  'Backyard',
  'Midnight',
];

const NAME_NOUNS = [
  'Trestle',
  'Lantern',
  'Canoe',
  'Daydream',
  'Ferry',
  'Owl',
  'Heron',
  'Signal',
  'Porch',
  'Anchor',
  'Switchback',
  'Compass',
  'Orchard',
  'Harvest',
  'Meadow',
  'Tide',
  'Ridge',
  'Caboose',
  'Bicycle',
  'Parade',
  'Fox',
  'Bison',
  'Comet',
  'Kite',
  'Barn',
  'Current',
  'Tractor',
  'Thunder',
  'Wagon',
  'Skyline',
];

export function beerNickname(rng: Rng): string {
  return `${pick(rng, NAME_ADJECTIVES)} ${pick(rng, NAME_NOUNS)}`;
}

type Shade = 'pale' | 'hazy' | 'dark';

interface BeerStyle {
  varietal: string;
  labels: readonly string[];
  abv: [number, number];
  shade: Shade;
  notes: readonly string[];
  /** Big beers come in 750 ml cork-and-cage or 22 oz bottles rather than cans. */
  big?: boolean;
}

const HOP_NOTES = [
  'grapefruit peel',
  'pine resin',
  'mango',
  'passionfruit',
  'tangerine',
  'ripe peach',
  'papaya',
  'lemongrass',
  'guava',
  'orange zest',
];

const STYLES: readonly (readonly [BeerStyle, number])[] = [
  [
    {
      varietal: 'IPA',
      labels: ['IPA', 'West Coast IPA'],
      abv: [6.2, 7.2],
      shade: 'pale',
      notes: HOP_NOTES,
    },
    14,
  ],
  [
    {
      varietal: 'Hazy IPA',
      labels: ['Hazy IPA'],
      abv: [6.2, 7.4],
      shade: 'hazy',
      notes: ['mango', 'passionfruit', 'orange juice', 'ripe melon', 'pineapple', 'stone fruit'],
    },
    14,
  ],
  [
    {
      varietal: 'Double IPA',
      labels: ['Double IPA', 'Hazy Double IPA'],
      abv: [8, 9.5],
      shade: 'hazy',
      notes: ['candied citrus', 'tropical fruit', 'pine resin', 'ripe mango', 'honeyed malt'],
    },
    6,
  ],
  [
    {
      varietal: 'Session IPA',
      labels: ['Session IPA'],
      abv: [4.2, 4.9],
      shade: 'pale',
      notes: ['lemon zest', 'grapefruit', 'fresh-cut grass', 'white peach'],
    },
    4,
  ],
  [
    {
      varietal: 'Pale Ale',
      labels: ['Pale Ale', 'American Pale Ale'],
      abv: [5, 5.8],
      shade: 'pale',
      notes: ['orange peel', 'biscuit malt', 'pine', 'grapefruit', 'honey'],
    },
    7,
  ],
  [
    {
      varietal: 'Pilsner',
      labels: ['Pilsner', 'Czech-Style Pilsner', 'German Pils', 'Italian Pilsner'],
      abv: [4.6, 5.3],
      shade: 'pale',
      notes: ['crackery malt', 'noble hop spice', 'lemon zest', 'wildflowers', 'fresh bread'],
    },
    9,
  ],
  [
    {
      varietal: 'Lager',
      labels: ['Helles Lager', 'Mexican-Style Lager', 'Light Lager', 'Dark Lager', 'Rice Lager'],
      abv: [4.2, 5.2],
      shade: 'pale',
      notes: ['honeyed grain', 'fresh bread', 'lime', 'toasted cracker', 'herbal hops'],
    },
    8,
  ],
  [
    {
      varietal: 'Kölsch',
      labels: ['Kölsch'],
      abv: [4.6, 5],
      shade: 'pale',
      notes: ['white grape', 'soft bread', 'pear', 'gentle hop spice'],
    },
    3,
  ],
  [
    {
      varietal: 'Amber Ale',
      labels: ['Amber Ale', 'Red Ale', 'Irish Red'],
      abv: [5.2, 6.2],
      shade: 'pale',
      notes: ['caramel', 'toasted bread', 'toffee', 'dried cherry', 'earthy hops'],
    },
    5,
  ],
  [
    {
      varietal: 'Brown Ale',
      labels: ['Brown Ale', 'Nut Brown Ale'],
      abv: [5.2, 6.2],
      shade: 'dark',
      notes: ['toasted hazelnut', 'cocoa', 'brown sugar', 'toffee', 'dried fig'],
    },
    3,
  ],
  [
    {
      varietal: 'Porter',
      labels: ['Porter', 'Robust Porter', 'Maple Porter', 'Smoked Porter'],
      abv: [5.8, 7],
      shade: 'dark',
      notes: ['roasted coffee', 'dark chocolate', 'molasses', 'maple', 'campfire smoke'],
    },
    4,
  ],
  [
    {
      varietal: 'Stout',
      labels: ['Oatmeal Stout', 'Milk Stout', 'Dry Irish Stout', 'Coffee Stout'],
      abv: [4.5, 7],
      shade: 'dark',
      notes: ['espresso', 'dark chocolate', 'roasted barley', 'vanilla', 'sweet cream'],
    },
    5,
  ],
  [
    {
      varietal: 'Imperial Stout',
      labels: ['Imperial Stout', 'Bourbon Barrel-Aged Imperial Stout', 'Vanilla Imperial Stout'],
      abv: [9.5, 11],
      shade: 'dark',
      notes: ['fudge', 'bourbon-soaked oak', 'vanilla', 'black cherry', 'molasses', 'espresso'],
      big: true,
    },
    3,
  ],
  [
    {
      varietal: 'Saison',
      labels: ['Saison', 'Farmhouse Saison', 'Foeder-Aged Saison'],
      abv: [5.5, 7],
      shade: 'pale',
      notes: ['white pepper', 'lemon peel', 'hay', 'ripe pear', 'clove'],
    },
    4,
  ],
  [
    {
      varietal: 'Tripel',
      labels: ['Belgian Tripel', 'Abbey-Style Tripel'],
      abv: [8.5, 9.5],
      shade: 'pale',
      notes: ['ripe banana', 'clove', 'honey', 'orange peel', 'white pepper'],
      big: true,
    },
    2,
  ],
  [
    {
      varietal: 'Witbier',
      labels: ['Witbier', 'Belgian-Style Wit'],
      abv: [4.8, 5.4],
      shade: 'pale',
      notes: ['coriander', 'orange peel', 'soft wheat', 'lemon'],
    },
    3,
  ],
  [
    {
      varietal: 'Hefeweizen',
      labels: ['Hefeweizen'],
      abv: [5, 5.6],
      shade: 'pale',
      notes: ['banana', 'clove', 'bready wheat', 'bubblegum'],
    },
    2,
  ],
  [
    {
      varietal: 'Sour Ale',
      labels: ['Raspberry Gose', 'Berliner Weisse', 'Passionfruit Sour', 'Cherry Sour'],
      abv: [4, 6.5],
      shade: 'hazy',
      notes: ['tart raspberry', 'lemon', 'sea salt', 'passionfruit', 'sour cherry', 'lime'],
    },
    5,
  ],
  [
    {
      varietal: 'Barleywine',
      labels: ['Barleywine', 'English-Style Barleywine'],
      abv: [10, 11],
      shade: 'dark',
      notes: ['toffee', 'dried fig', 'orange marmalade', 'sherry', 'brown bread'],
      big: true,
    },
    1,
  ],
  [
    {
      varietal: 'Märzen',
      labels: ['Märzen', 'Oktoberfest Märzen'],
      abv: [5.6, 6.2],
      shade: 'pale',
      notes: ['toasted bread crust', 'caramel', 'noble hops', 'light toffee'],
    },
    3,
  ],
];

const BEER_NOTES = ['toasted malt', 'biscuit', 'fresh bread', 'citrus', 'honey', 'herbal hops'];
const BEER_PAIRINGS = [
  'tacos al pastor',
  'smash burgers',
  'spicy wings',
  'soft pretzels and mustard',
  'fish and chips',
  'bratwurst',
  'pad thai',
  'a backyard cookout',
];

const BEER_PALATES: Record<Shade, Palate> = {
  pale: {
    notes: BEER_NOTES,
    textures: [
      'a crisp, snappy body',
      'a firm bitterness',
      'lively carbonation',
      'a clean, light body',
    ],
    finishes: [
      'a dry, crushable finish',
      'a clean, bitter finish',
      'a bright, refreshing finish',
      'a snappy, dry finish',
    ],
    pairings: BEER_PAIRINGS,
  },
  hazy: {
    notes: BEER_NOTES,
    textures: ['a soft, pillowy body', 'a juicy, full mouthfeel', 'a plush, oat-smoothed body'],
    finishes: [
      'a gentle, lingering bitterness',
      'a bright, refreshing finish',
      'a tart, mouthwatering finish',
    ],
    pairings: [...BEER_PAIRINGS, 'a bowl of ramen', 'goat cheese and honey'],
  },
  dark: {
    notes: ['roasted malt', 'cocoa', 'toffee', 'dark bread', 'caramel'],
    textures: ['a velvety mouthfeel', 'a rich, creamy body', 'a full, chewy body'],
    finishes: [
      'a lingering roasty finish',
      'a smooth, malty finish',
      'a warming, bittersweet finish',
    ],
    pairings: [
      'chocolate cake',
      'a plate of oysters',
      'smoked brisket',
      'beef stew',
      'aged gouda',
      'vanilla ice cream',
    ],
  },
};

function cannedArt(shade: Shade, tall: boolean): BottleArt {
  if (shade === 'dark') return 'beer-can-dark';
  if (shade === 'hazy' || tall) return 'beer-can-hazy';
  return 'beer-can-gold';
}

type Package = Pick<
  ProductDraft,
  'volume_ml' | 'closure_style' | 'format' | 'art' | 'pack' | 'priceCents'
> & { suffix: string };

function beerPackage(rng: Rng, style: BeerStyle): Package {
  const strong = style.abv[0] >= 8;
  if (style.big) {
    return chance(rng, 0.5)
      ? {
          volume_ml: 750,
          closure_style: 'Natural Cork',
          format: 'Bottle',
          art: 'beer-bottle-amber',
          pack: 'bottle',
          priceCents: dollars(rng, 16, 32),
          suffix: '',
        }
      : {
          volume_ml: 650,
          closure_style: 'Crown Cap',
          format: 'Bottle',
          art: 'beer-bottle-amber',
          pack: 'bottle',
          priceCents: dollars(rng, 11, 19),
          suffix: '',
        };
  }
  const kind = weighted(rng, [
    ['tallboy', 38],
    ['can', 22],
    ['bottle', 22],
    ['sixtel', 14],
    ['half-barrel', 4],
  ] as const);
  switch (kind) {
    case 'tallboy':
      return {
        volume_ml: 473,
        closure_style: 'Can End',
        format: 'Can',
        art: cannedArt(style.shade, true),
        pack: 'can',
        priceCents: quarters(rng, strong ? 500 : 375, strong ? 700 : 550),
        suffix: '',
      };
    case 'can':
      return {
        volume_ml: 355,
        closure_style: 'Can End',
        format: 'Can',
        art: cannedArt(style.shade, false),
        pack: 'can',
        priceCents: quarters(rng, strong ? 425 : 275, strong ? 575 : 425),
        suffix: '',
      };
    case 'bottle':
      return {
        volume_ml: 355,
        closure_style: 'Crown Cap',
        format: 'Bottle',
        art: 'beer-bottle-amber',
        pack: 'bottle',
        priceCents: quarters(rng, strong ? 425 : 275, strong ? 600 : 425),
        suffix: '',
      };
    case 'sixtel':
      return {
        volume_ml: 19550,
        closure_style: 'Sankey Coupler',
        format: 'Keg',
        art: 'keg',
        pack: 'keg',
        priceCents: dollars(rng, strong ? 170 : 125, strong ? 240 : 185),
        suffix: ' (1/6 BBL Keg)',
      };
    case 'half-barrel':
      return {
        volume_ml: 58670,
        closure_style: 'Sankey Coupler',
        format: 'Keg',
        art: 'keg',
        pack: 'keg',
        priceCents: dollars(rng, strong ? 330 : 260, strong ? 450 : 360),
        suffix: ' (1/2 BBL Keg)',
      };
  }
}

const beer: DraftGenerator = (rng) => {
  const style = weighted(rng, STYLES);
  const label = pick(rng, style.labels);
  const pack = beerPackage(rng, style);
  return {
    name: `${beerNickname(rng)} ${label}${pack.suffix}`,
    beverageType: 'Beer',
    varietal: style.varietal,
    vintage: null,
    abv: decimalBetween(rng, style.abv[0], style.abv[1]),
    volume_ml: pack.volume_ml,
    closure_style: pack.closure_style,
    format: pack.format,
    art: pack.art,
    pack: pack.pack,
    priceCents: pack.priceCents,
    description: describe(rng, BEER_PALATES[style.shade], { notes: style.notes }),
  };
};

export const BEER_GENERATORS = { beer } as const satisfies Record<string, DraftGenerator>;
