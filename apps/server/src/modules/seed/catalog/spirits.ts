import {
  capitalize,
  describe,
  dollars,
  type BottleArt,
  type Closer,
  type DraftGenerator,
  type Palate,
} from './draft';
import { chance, decimalBetween, intBetween, pick, weighted, type Rng } from './random';

interface SpiritVariant {
  label: string;
  abv: [number, number];
  art: BottleArt;
  price: [number, number];
  /** Aged single-barrel style releases sometimes carry a distillation year. */
  vintageShare?: number;
  /** A note the variant's name promises, e.g. 'spruce tips' for a Spruce Tip Gin. */
  lead?: string;
}

interface SpiritKind {
  varietal: string;
  /** Label is "<variant> <suffix>", e.g. "Single Barrel" + "Bourbon". */
  suffix: string;
  variants: readonly SpiritVariant[];
  notes: readonly string[];
  serves: readonly string[];
}

const WHISKEY_SERVES = ['an Old Fashioned', 'a Manhattan', 'a Boulevardier', 'a highball'];
const aged = (
  label: string,
  abv: [number, number],
  price: [number, number],
  vintageShare = 0,
): SpiritVariant => ({ label, abv, price, art: 'spirit-whiskey', vintageShare });
const clear = (label: string, abv: [number, number], price: [number, number]): SpiritVariant => ({
  label,
  abv,
  price,
  art: 'spirit-clear',
});
const liqueur = (label: string, abv: [number, number], price: [number, number]): SpiritVariant => ({
  label,
  abv,
  price,
  art: 'spirit-liqueur',
});

const KINDS: readonly (readonly [SpiritKind, number])[] = [
  [
    {
      varietal: 'Bourbon',
      suffix: 'Bourbon',
      variants: [
        aged('Single Barrel', [47, 55], [55, 90], 0.5),
        aged('Small Batch', [45, 48], [38, 55]),
        aged('Bottled-in-Bond', [50, 50], [42, 60], 0.5),
        aged('Wheated', [45, 50], [40, 58]),
        aged('Cask Strength', [55, 60], [65, 110], 0.3),
        aged('High-Rye', [45, 50], [38, 55]),
        aged('Toasted Barrel', [46, 50], [50, 75]),
        aged('Four Grain', [45, 48], [42, 60]),
      ],
      notes: ['caramel', 'vanilla', 'toasted oak', 'baking spice', 'dark cherry', 'brown sugar'],
      serves: WHISKEY_SERVES,
    },
    20,
  ],
  [
    {
      varietal: 'Rye Whiskey',
      suffix: 'Rye Whiskey',
      variants: [
        aged('Straight', [45, 50], [38, 58]),
        aged('Barrel Proof', [55, 60], [60, 95], 0.3),
        aged('Monongahela-Style', [45, 50], [45, 65]),
        aged('Malted', [45, 48], [45, 65]),
        aged('Bottled-in-Bond', [50, 50], [45, 62], 0.5),
      ],
      notes: ['black pepper', 'dill', 'cinnamon', 'dried apricot', 'mint', 'honeyed oak'],
      serves: WHISKEY_SERVES,
    },
    12,
  ],
  [
    {
      varietal: 'Single Malt Whiskey',
      suffix: 'Single Malt Whiskey',
      variants: [
        aged('American', [43, 48], [55, 85]),
        { ...aged('Peated', [46, 50], [60, 90]), lead: 'peat smoke' },
        { ...aged('Sherry Cask', [46, 50], [65, 95], 0.4), lead: 'sherry-soaked raisins' },
        aged('Port Finished', [45, 48], [60, 90]),
        { ...aged('Smoked', [45, 48], [55, 80]), lead: 'applewood smoke' },
      ],
      notes: ['malted barley', 'orchard fruit', 'peat smoke', 'honey', 'dried fig', 'sea spray'],
      serves: ['a Penicillin', 'a Rob Roy', 'a splash of spring water'],
    },
    7,
  ],
  [
    {
      varietal: 'Wheat Whiskey',
      suffix: 'Wheat Whiskey',
      variants: [aged('Straight', [45, 48], [38, 55]), aged('Small Batch', [45, 47], [36, 50])],
      notes: ['soft bread', 'honey', 'vanilla', 'toasted marshmallow'],
      serves: WHISKEY_SERVES,
    },
    3,
  ],
  [
    {
      varietal: 'Corn Whiskey',
      suffix: 'Whiskey',
      variants: [
        clear('White', [45, 50], [28, 38]),
        clear('Unaged Heirloom Corn', [45, 50], [30, 40]),
      ],
      notes: ['sweet corn', 'buttered popcorn', 'white pepper', 'fresh grain'],
      serves: ['a highball', 'a whiskey sour', 'a Collins'],
    },
    2,
  ],
  [
    {
      varietal: 'Gin',
      suffix: 'Gin',
      variants: [
        clear('London Dry', [43, 47], [30, 42]),
        clear('Navy Strength', [57, 58], [38, 50]),
        clear('Old Tom', [40, 45], [32, 42]),
        aged('Barrel-Rested', [45, 47], [38, 50]),
        clear('Botanical', [40, 45], [30, 42]),
        { ...clear('Douglas Fir', [42, 45], [34, 44]), lead: 'Douglas fir tips' },
        { ...clear('Citrus & Sage', [40, 44], [32, 42]), lead: 'garden sage' },
        { ...clear('Coastal', [42, 45], [34, 44]), lead: 'sea kelp' },
        { ...clear('Rose & Cucumber', [40, 42], [32, 42]), lead: 'rose petal' },
        { ...clear('Spruce Tip', [42, 45], [34, 44]), lead: 'spruce tips' },
      ],
      notes: ['juniper', 'coriander seed', 'grapefruit peel', 'angelica root', 'pink pepper'],
      serves: ['a dry martini', 'a Negroni', 'a French 75', 'a gin and tonic'],
    },
    16,
  ],
  [
    {
      varietal: 'Vodka',
      suffix: 'Vodka',
      variants: [
        clear('Wheat', [40, 40], [24, 34]),
        clear('Potato', [40, 40], [28, 38]),
        clear('Corn', [40, 40], [22, 32]),
        clear('Rye', [40, 42], [26, 36]),
        { ...clear('Honey', [40, 40], [28, 38]), lead: 'wildflower honey' },
        clear('Small Batch', [40, 41], [26, 36]),
      ],
      notes: ['clean grain', 'white pepper', 'soft vanilla', 'citrus oil'],
      serves: ['a martini', 'a Moscow Mule', 'a Bloody Mary', 'a vodka soda'],
    },
    10,
  ],
  [
    {
      varietal: 'Rum',
      suffix: 'Rum',
      variants: [
        clear('White', [40, 42], [24, 34]),
        aged('Aged', [40, 46], [34, 55], 0.2),
        { ...aged('Spiced', [40, 45], [28, 38]), lead: 'clove' },
        clear('Overproof', [57, 60], [32, 42]),
        aged('Dark', [40, 45], [30, 42]),
        clear('Cane Juice', [45, 50], [38, 52]),
      ],
      notes: [
        'molasses',
        'banana bread',
        'brown sugar',
        'tropical fruit',
        'allspice',
        'fresh cane',
      ],
      serves: ['a daiquiri', 'a Mai Tai', 'a Dark and Stormy', 'a rum punch'],
    },
    8,
  ],
  [
    {
      varietal: 'Brandy',
      suffix: 'Brandy',
      variants: [
        { ...aged('Apple', [40, 50], [38, 60], 0.3), lead: 'baked apple' },
        { ...clear('Pear Eau de Vie', [40, 45], [40, 60]), lead: 'ripe Bartlett pear' },
        aged('Aged Grape', [40, 45], [42, 70], 0.3),
        { ...clear('Peach Eau de Vie', [40, 45], [40, 58]), lead: 'white peach' },
        { ...aged('Cherry', [40, 42], [40, 58]), lead: 'black cherry' },
      ],
      notes: ['baked apple', 'ripe pear', 'vanilla', 'dried apricot', 'toasted almond'],
      serves: ['a Sidecar', 'a Jack Rose', 'a Vieux Carré', 'a snifter after dinner'],
    },
    6,
  ],
  [
    {
      varietal: 'Agave Spirit',
      suffix: 'Agave Spirit',
      variants: [
        clear('Blanco', [40, 45], [38, 55]),
        aged('Reposado', [40, 45], [45, 65]),
        aged('Añejo', [40, 45], [55, 80]),
      ],
      notes: ['roasted agave', 'white pepper', 'lime zest', 'wet earth', 'green herbs'],
      serves: ['a Paloma', 'a margarita', 'a Ranch Water'],
    },
    5,
  ],
  [
    {
      varietal: 'Sotol',
      suffix: 'Sotol',
      variants: [clear('Desert', [40, 45], [42, 60]), aged('Reposado', [40, 45], [50, 70])],
      notes: ['desert sage', 'green olive', 'eucalyptus', 'smoky earth'],
      serves: ['a Paloma', 'a margarita', 'a Ranch Water'],
    },
    2,
  ],
  [
    {
      varietal: 'Amaro',
      suffix: 'Amaro',
      variants: [
        liqueur('Alpine', [35, 38], [32, 44]),
        { ...liqueur('Citrus', [35, 38], [30, 42]), lead: 'blood orange peel' },
        { ...liqueur('Coffee', [35, 38], [30, 42]), lead: 'cold brew coffee' },
        { ...liqueur('Black Walnut', [35, 38], [34, 46]), lead: 'black walnut' },
      ],
      notes: ['gentian root', 'bitter orange', 'cola nut', 'cinnamon', 'burnt sugar'],
      serves: ['an after-dinner pour over ice', 'a Black Manhattan', 'a spritz'],
    },
    4,
  ],
  [
    {
      varietal: 'Liqueur',
      suffix: 'Liqueur',
      variants: [liqueur('Orange', [40, 40], [30, 40])],
      notes: ['candied orange', 'bitter orange peel', 'vanilla', 'burnt sugar'],
      serves: ['a Margarita', 'a Sidecar', 'a Cosmopolitan'],
    },
    1,
  ],
  [
    {
      varietal: 'Liqueur',
      suffix: 'Liqueur',
      variants: [liqueur('Coffee', [35, 36], [28, 38])],
      notes: ['cold brew', 'dark chocolate', 'vanilla', 'burnt sugar'],
      serves: ['an Espresso Martini', 'a White Russian', 'an Irish coffee'],
    },
    1,
  ],
  [
    {
      varietal: 'Absinthe',
      suffix: 'Absinthe',
      variants: [liqueur('Verte', [55, 60], [55, 75]), clear('Blanche', [55, 60], [52, 70])],
      notes: ['anise', 'fennel', 'wormwood', 'lemon balm'],
      serves: ['a traditional drip with ice water', 'a Sazerac rinse', 'a Corpse Reviver No. 2'],
    },
    1,
  ],
  [
    {
      varietal: 'Aquavit',
      suffix: 'Aquavit',
      variants: [
        clear('Caraway', [40, 45], [32, 42]),
        { ...clear('Dill & Caraway', [40, 45], [32, 42]), lead: 'fresh dill' },
        aged('Barrel-Aged', [42, 45], [38, 50]),
      ],
      notes: ['caraway', 'dill', 'orange peel', 'fennel', 'star anise'],
      serves: ['a chilled shot with smørrebrød', 'a Bloody Mary', 'an aquavit Collins'],
    },
    2,
  ],
];

const SPIRIT_CLOSERS: readonly Closer[] = [
  (f) => `${capitalize(f.texture)} and ${f.finish} round it out.`,
  (f) => `Excellent neat, or in ${f.pairing}.`,
  (f) => `With ${f.texture} and ${f.finish}, it shines in ${f.pairing}.`,
  (f) => `${capitalize(f.finish)}; a bartender favorite for ${f.pairing}.`,
];

const SPIRIT_PALATE: Palate = {
  notes: ['vanilla', 'citrus oil', 'baking spice', 'honey', 'dried fruit', 'cracked pepper'],
  textures: [
    'a warming, oily texture',
    'a soft, rounded palate',
    'a peppery, dry palate',
    'a rich, viscous mouthfeel',
    'a bright, clean entry',
  ],
  finishes: [
    'a long, spicy finish',
    'a clean, crisp finish',
    'a lingering oak finish',
    'a gentle, sweet finish',
  ],
  pairings: ['a favorite cocktail'],
  closers: SPIRIT_CLOSERS,
};

function spiritSize(rng: Rng): {
  volume_ml: number;
  format: 'Bottle' | 'Half Bottle';
  factor: number;
} {
  const roll = rng();
  if (roll < 0.12) return { volume_ml: 375, format: 'Half Bottle', factor: 0.55 };
  if (roll < 0.2) return { volume_ml: 1000, format: 'Bottle', factor: 1.3 };
  return { volume_ml: 750, format: 'Bottle', factor: 1 };
}

const spirit: DraftGenerator = (rng) => {
  const kind = weighted(rng, KINDS);
  const variant = pick(rng, kind.variants);
  const vintage = chance(rng, variant.vintageShare ?? 0) ? intBetween(rng, 2014, 2020) : null;
  const size = spiritSize(rng);
  let name = `${variant.label} ${kind.suffix}`;
  if (vintage) name += ` ${vintage}`;
  if (size.volume_ml !== 750) name += ` (${size.volume_ml === 1000 ? '1 L' : '375 ml'})`;
  const price = dollars(rng, variant.price[0], variant.price[1]);
  return {
    name,
    beverageType: 'Spirit',
    varietal: kind.varietal,
    vintage,
    abv: variant.abv[0] === variant.abv[1] ? variant.abv[0] : decimalBetween(rng, ...variant.abv),
    volume_ml: size.volume_ml,
    closure_style:
      variant.art === 'spirit-clear' && chance(rng, 0.35)
        ? 'Screw Cap'
        : chance(rng, 0.1)
          ? 'Glass Stopper'
          : 'Bar Top Cork',
    format: size.format,
    art: variant.art,
    pack: 'bottle',
    priceCents: Math.round((price * size.factor) / 100) * 100 - (price % 100 === 0 ? 0 : 1),
    description: describe(rng, SPIRIT_PALATE, {
      notes: kind.notes,
      lead: variant.lead,
      pairings: kind.serves,
    }),
  };
};

export const SPIRIT_GENERATORS = { spirit } as const satisfies Record<string, DraftGenerator>;
