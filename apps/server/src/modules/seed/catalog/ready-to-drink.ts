import {
  capitalize,
  describe,
  dollars,
  quarters,
  type Closer,
  type DraftGenerator,
  type Palate,
} from './draft';
import { chance, decimalBetween, pick, pickDistinct, weighted } from './random';

interface CocktailKind {
  varietal: string;
  /** Product names, each with the note its name promises (if any). */
  names: readonly (readonly [name: string, lead?: string])[];
  /** Notes shared by every variant. */
  notes: readonly string[];
  /** What goes in it, e.g. 'fresh lime and blanco agave spirit'. */
  builds: readonly string[];
  can?: [number, number];
  bottle?: [number, number];
}

const COCKTAILS: readonly CocktailKind[] = [
  {
    varietal: 'Margarita',
    names: [
      ['Classic Margarita'],
      ['Spicy Margarita', 'jalapeño heat'],
      ['Mezcal Margarita', 'mezcal smoke'],
      ['Prickly Pear Margarita', 'prickly pear'],
    ],
    notes: ['fresh lime', 'orange liqueur', 'roasted agave', 'sea salt'],
    builds: ['real lime juice and blanco agave spirit', 'agave spirit and orange liqueur'],
    can: [8, 12],
    bottle: [15, 18],
  },
  {
    varietal: 'Paloma',
    names: [['Paloma'], ['Grapefruit Paloma', 'pink grapefruit'], ['Smoky Paloma', 'mezcal smoke']],
    notes: ['grapefruit', 'lime', 'agave', 'sea salt'],
    builds: ['grapefruit soda and agave spirit', 'fresh grapefruit and agave spirit'],
    can: [5, 8],
  },
  {
    varietal: 'Old Fashioned',
    names: [
      ['Barrel-Aged Old Fashioned', 'toasted oak'],
      ['Maple Old Fashioned', 'maple'],
      ['Smoked Old Fashioned', 'hickory smoke'],
    ],
    notes: ['caramel', 'orange peel', 'Angostura bitters', 'demerara sugar'],
    builds: ['straight bourbon, demerara and aromatic bitters', 'rye whiskey and maple syrup'],
    bottle: [18, 20],
  },
  {
    varietal: 'Negroni',
    names: [['Negroni'], ['White Negroni', 'gentian'], ['Coffee Negroni', 'cold brew']],
    notes: ['bitter orange', 'juniper', 'vermouth', 'rhubarb'],
    builds: ['local gin, vermouth and bitter aperitivo'],
    bottle: [18, 20],
  },
  {
    varietal: 'Manhattan',
    names: [['Manhattan'], ['Rye Manhattan', 'spicy rye'], ['Black Manhattan', 'dark amaro']],
    notes: ['dark cherry', 'sweet vermouth', 'baking spice', 'orange bitters'],
    builds: ['rye whiskey, sweet vermouth and bitters', 'bourbon, vermouth and bitters'],
    bottle: [18, 20],
  },
  {
    varietal: 'Espresso Martini',
    names: [['Espresso Martini'], ['Cold Brew Espresso Martini', 'cold brew']],
    notes: ['fresh espresso', 'dark chocolate', 'vanilla', 'brown sugar'],
    builds: ['cold brew coffee, vodka and coffee liqueur'],
    can: [10, 12],
    bottle: [15, 18],
  },
  {
    varietal: 'Moscow Mule',
    names: [['Moscow Mule'], ['Ginger Lime Mule', 'lime zest'], ['Kentucky Mule', 'bourbon']],
    notes: ['spicy ginger', 'lime', 'candied ginger', 'mint'],
    builds: ['fiery ginger beer, lime and vodka', 'ginger beer and lime'],
    can: [5, 7],
  },
  {
    varietal: 'Gin & Tonic',
    names: [
      ['Gin & Tonic'],
      ['Cucumber Gin & Tonic', 'cucumber'],
      ['Grapefruit Gin & Tonic', 'grapefruit'],
    ],
    notes: ['juniper', 'quinine', 'lemon peel', 'coriander'],
    builds: ['house-made tonic and botanical gin'],
    can: [5, 7],
  },
  {
    varietal: 'Vodka Soda',
    names: [
      ['Lime Vodka Soda', 'lime'],
      ['Cranberry Vodka Soda', 'cranberry'],
      ['Watermelon Vodka Soda', 'watermelon'],
    ],
    notes: ['sparkling water', 'citrus peel'],
    builds: ['sparkling water, real fruit and vodka'],
    can: [5, 6],
  },
  {
    varietal: 'Mojito',
    names: [['Mojito'], ['Blackberry Mojito', 'blackberry']],
    notes: ['fresh mint', 'lime', 'cane sugar', 'grassy rum'],
    builds: ['white rum, fresh mint and lime'],
    can: [6, 8],
  },
  {
    varietal: 'Daiquiri',
    names: [['Classic Daiquiri'], ['Strawberry Daiquiri', 'ripe strawberry']],
    notes: ['lime', 'cane sugar', 'grassy rum'],
    builds: ['white rum, lime and cane sugar'],
    can: [8, 12],
  },
  {
    varietal: 'Ranch Water',
    names: [['Ranch Water'], ['Jalapeño Ranch Water', 'jalapeño heat']],
    notes: ['lime', 'mineral water', 'agave'],
    builds: ['agave spirit, sparkling mineral water and lime'],
    can: [5, 6],
  },
  {
    varietal: 'Spritz',
    names: [
      ['Blood Orange Spritz', 'blood orange'],
      ['Aperitivo Spritz', 'bitter orange'],
      ['Elderflower Spritz', 'elderflower'],
    ],
    notes: ['bitter herbs', 'sparkling wine', 'orange peel'],
    builds: ['bitter aperitivo, sparkling wine and soda'],
    can: [6, 8],
  },
  {
    varietal: 'Mai Tai',
    names: [['Mai Tai']],
    notes: ['orgeat', 'aged rum', 'lime', 'orange curaçao'],
    builds: ['two rums, orgeat and lime'],
    can: [10, 12],
  },
  {
    varietal: 'Whiskey Sour',
    names: [['Whiskey Sour'], ['Bourbon Smash', 'fresh mint']],
    notes: ['lemon', 'bourbon', 'honey', 'vanilla'],
    builds: ['bourbon, lemon and honey'],
    can: [8, 10],
  },
  {
    varietal: 'Cosmopolitan',
    names: [['Cosmopolitan'], ['Cranberry Cosmo', 'tart cranberry']],
    notes: ['cranberry', 'orange liqueur', 'lime', 'citrus vodka'],
    builds: ['citrus vodka, cranberry and lime'],
    can: [10, 12],
    bottle: [15, 17],
  },
  {
    varietal: 'Dark & Stormy',
    names: [['Dark & Stormy']],
    notes: ['dark rum', 'spicy ginger', 'lime', 'molasses'],
    builds: ['dark rum and fiery ginger beer'],
    can: [6, 8],
  },
];

const COCKTAIL_CLOSERS: readonly Closer[] = [
  (f) => `Made with ${f.pairing}; just chill and pour.`,
  (f) => `${capitalize(f.texture)} and ${f.finish} round it out.`,
  (f) => `Built on ${f.pairing}, with ${f.texture}.`,
  (f) => `Serve over ice with a twist; ${f.finish} keeps it easy-drinking.`,
];

const COCKTAIL_PALATE: Palate = {
  notes: ['citrus zest', 'cane sugar', 'aromatic bitters', 'fresh herbs'],
  textures: [
    'a balanced, not-too-sweet profile',
    'bright natural carbonation',
    'a spirit-forward backbone',
    'a silky, stirred texture',
  ],
  finishes: ['a clean, tart finish', 'a crisp, dry finish', 'a gently bitter finish'],
  pairings: ['real ingredients'],
  closers: COCKTAIL_CLOSERS,
};

const cocktail: DraftGenerator = (rng) => {
  const kind = pick(rng, COCKTAILS);
  const [base, lead] = pick(rng, kind.names);
  const description = describe(rng, COCKTAIL_PALATE, {
    notes: kind.notes,
    lead,
    pairings: kind.builds,
  });
  const canned = kind.can && (!kind.bottle || chance(rng, 0.6));
  if (canned && kind.can) {
    return {
      name: chance(rng, 0.5) ? `${base} Canned Cocktail` : base,
      beverageType: 'Cocktail',
      varietal: kind.varietal,
      vintage: null,
      abv: decimalBetween(rng, kind.can[0], kind.can[1]),
      volume_ml: 355,
      closure_style: 'Can End',
      format: 'Can',
      art: 'cocktail-can',
      pack: 'can',
      priceCents: quarters(rng, 400, 650),
      description,
    };
  }
  const abv = kind.bottle ?? [18, 20];
  const large = chance(rng, 0.3);
  return {
    name: large ? `Bottled ${base} (750 ml)` : `Bottled ${base}`,
    beverageType: 'Cocktail',
    varietal: kind.varietal,
    vintage: null,
    abv: decimalBetween(rng, abv[0], abv[1]),
    volume_ml: large ? 750 : 375,
    closure_style: chance(rng, 0.6) ? 'Screw Cap' : 'Bar Top Cork',
    format: 'Bottle',
    art: 'cocktail-bottle',
    pack: 'bottle',
    priceCents: large ? dollars(rng, 32, 48) : dollars(rng, 18, 30),
    description,
  };
};

type Flavor = readonly [name: string, notes: readonly [string, string]];

const KOMBUCHA_FLAVORS: readonly Flavor[] = [
  ['Ginger Hibiscus', ['fresh ginger', 'tart hibiscus']],
  ['Blood Orange', ['blood orange', 'orange zest']],
  ['Prickly Pear', ['prickly pear', 'watermelon rind']],
  ['Blueberry Lavender', ['wild blueberry', 'lavender']],
  ['Mango Chili', ['ripe mango', 'chile warmth']],
  ['Passionfruit Lime', ['passionfruit', 'lime zest']],
  ['Grapefruit Rosemary', ['pink grapefruit', 'rosemary']],
  ['Pineapple Turmeric', ['pineapple', 'earthy turmeric']],
  ['Raspberry Lemonade', ['raspberry', 'lemon']],
  ['Watermelon Mint', ['watermelon', 'fresh mint']],
  ['Peach Ginger', ['white peach', 'ginger']],
  ['Cherry Lime', ['dark cherry', 'lime']],
  ['Yuzu Ginger', ['yuzu', 'ginger']],
  ['Elderflower Pear', ['elderflower', 'pear']],
  ['Chai Spice', ['cinnamon', 'cardamom']],
  ['Guava Hibiscus', ['pink guava', 'hibiscus']],
  ['Cranberry Honey', ['cranberry', 'wildflower honey']],
  ['Lemon Lavender', ['lemon', 'lavender']],
  ['Strawberry Basil', ['strawberry', 'sweet basil']],
  ['Mesquite Apple', ['mesquite smoke', 'baked apple']],
];

const KOMBUCHA_PALATE: Palate = {
  notes: ['green tea', 'jasmine tea', 'black tea', 'white tea', 'yerba mate', 'rooibos'],
  textures: ['tart, lively bubbles', 'a dry, tangy body', 'gentle carbonation'],
  finishes: ['a refreshing, tart finish', 'a clean, dry finish', 'a zippy finish'],
  pairings: ['fish tacos', 'poke bowls', 'spicy noodles', 'grain salads', 'banh mi'],
};

const kombucha: DraftGenerator = (rng) => {
  const [flavor, notes] = pick(rng, KOMBUCHA_FLAVORS);
  const prefix = chance(rng, 0.3)
    ? `${pick(rng, ['Dry-Hopped', 'Reserve', 'Sparkling', 'Barrel-Aged', 'Wild'])} `
    : '';
  const common = {
    beverageType: 'Hard Kombucha' as const,
    varietal: flavor,
    vintage: null,
    abv: decimalBetween(rng, 4.5, 8),
    description: describe(rng, KOMBUCHA_PALATE, { notes }),
  };
  const name = `${prefix}${flavor} Hard Kombucha`;
  const vessel = weighted(rng, [
    ['can', 58],
    ['bottle', 32],
    ['keg', 10],
  ] as const);
  switch (vessel) {
    case 'can':
      return {
        ...common,
        name,
        volume_ml: 355,
        closure_style: 'Can End',
        format: 'Can',
        art: 'kombucha-can',
        pack: 'can',
        priceCents: quarters(rng, 375, 550),
      };
    case 'bottle':
      return {
        ...common,
        name: `${name} (500 ml)`,
        volume_ml: 500,
        closure_style: 'Swing Top',
        format: 'Bottle',
        art: 'kombucha-bottle',
        pack: 'bottle',
        priceCents: quarters(rng, 650, 950),
      };
    case 'keg':
      return {
        ...common,
        name: `${name} (1/6 BBL Keg)`,
        volume_ml: 19550,
        closure_style: 'Sankey Coupler',
        format: 'Keg',
        art: 'keg',
        pack: 'keg',
        priceCents: dollars(rng, 140, 195),
      };
  }
};

const SELTZER_FLAVORS: readonly Flavor[] = [
  ['Black Cherry', ['black cherry', 'almond blossom']],
  ['Lime', ['Key lime', 'lime zest']],
  ['Grapefruit', ['pink grapefruit', 'citrus pith']],
  ['Mango', ['ripe mango', 'tangerine']],
  ['Watermelon', ['watermelon', 'cucumber']],
  ['Raspberry', ['raspberry', 'lemon']],
  ['Pineapple', ['pineapple', 'coconut']],
  ['Cucumber Mint', ['cucumber', 'fresh mint']],
  ['Huckleberry', ['huckleberry', 'wild blueberry']],
  ['Prickly Pear', ['prickly pear', 'lime']],
  ['Tangerine', ['tangerine', 'orange blossom']],
  ['Blackberry', ['blackberry', 'sage']],
  ['Peach', ['white peach', 'honeysuckle']],
  ['Lemon', ['Meyer lemon', 'lemon verbena']],
  ['Passionfruit', ['passionfruit', 'guava']],
  ['Cranberry', ['cranberry', 'orange peel']],
  ['Strawberry Basil', ['strawberry', 'sweet basil']],
  ['Yuzu', ['yuzu', 'white grapefruit']],
  ['Maple Apple', ['crisp apple', 'maple']],
  ['Beach Plum', ['beach plum', 'sea salt']],
  ['Concord Grape', ['Concord grape', 'lemon']],
];

const SELTZER_CLOSERS: readonly Closer[] = [
  (f) => `${capitalize(f.texture)} and ${f.finish} round it out.`,
  (f) => `Perfect for ${f.pairing}.`,
  (f) => `With ${f.texture} and ${f.finish}, it is made for ${f.pairing}.`,
];

const SELTZER_PALATE: Palate = {
  notes: ['sparkling water', 'citrus zest', 'sea salt', 'cane sugar'],
  textures: ['crisp, fine bubbles', 'a light, dry body', 'zero lingering sweetness'],
  finishes: ['a clean finish', 'a bright, zesty finish', 'a refreshing finish'],
  pairings: ['beach days', 'backyard barbecues', 'patio afternoons', 'tailgates', 'lake weekends'],
  closers: SELTZER_CLOSERS,
};

const seltzer: DraftGenerator = (rng) => {
  if (chance(rng, 0.1)) {
    const theme = pick(rng, ['Orchard', 'Citrus', 'Berry', 'Tropical', 'Summer', 'Porch']);
    const flavors = pickDistinct(rng, SELTZER_FLAVORS, 2);
    return {
      name: `${theme} Variety Pack (12 Cans)`,
      beverageType: 'Hard Seltzer',
      varietal: 'Variety Pack',
      vintage: null,
      abv: 5,
      volume_ml: 12 * 355,
      closure_style: 'Can End',
      format: 'Box',
      art: 'seltzer-can',
      pack: 'box',
      priceCents: dollars(rng, 19, 25),
      description: describe(rng, SELTZER_PALATE, { notes: flavors.map(([, [note]]) => note) }),
    };
  }
  const [flavor, notes] = pick(rng, SELTZER_FLAVORS);
  const prefix = chance(rng, 0.25) ? `${pick(rng, ['Extra Dry', 'Real Fruit', 'Tall'])} ` : '';
  const tall = prefix === 'Tall ';
  return {
    name: `${prefix}${flavor} Hard Seltzer`,
    beverageType: 'Hard Seltzer',
    varietal: flavor,
    vintage: null,
    abv: tall ? decimalBetween(rng, 5, 6) : decimalBetween(rng, 4, 5.5),
    volume_ml: tall ? 710 : 355,
    closure_style: 'Can End',
    format: 'Can',
    art: 'seltzer-can',
    pack: 'can',
    priceCents: tall ? quarters(rng, 450, 600) : quarters(rng, 250, 375),
    description: describe(rng, SELTZER_PALATE, { notes }),
  };
};

export const READY_TO_DRINK_GENERATORS = {
  cocktail,
  kombucha,
  seltzer,
} as const satisfies Record<string, DraftGenerator>;
