import {
  describe,
  dollars,
  type ClosureStyle,
  type DraftContext,
  type DraftGenerator,
  type Palate,
  type ProductDraft,
} from './draft';
import { chance, decimalBetween, intBetween, pick, weighted, type Rng } from './random';

interface WineRegion {
  appellations: readonly string[];
  red: readonly string[];
  white: readonly string[];
}

const DEFAULT_REGION: WineRegion = {
  appellations: ['American', 'Estate', 'Cellar Select'],
  red: [
    'Pinot Noir',
    'Cabernet Sauvignon',
    'Merlot',
    'Syrah',
    'Zinfandel',
    'Cabernet Franc',
    'Malbec',
    'Tempranillo',
    'Grenache',
    'Petite Sirah',
    'Sangiovese',
    'Barbera',
  ],
  white: [
    'Chardonnay',
    'Sauvignon Blanc',
    'Riesling',
    'Pinot Gris',
    'Viognier',
    'Chenin Blanc',
    'Albariño',
    'Grüner Veltliner',
    'Gewürztraminer',
    'Vermentino',
  ],
};

const REGIONS_BY_STATE: Record<string, WineRegion> = {
  OR: {
    appellations: ['Willamette Valley', 'Dundee Hills', 'Eola-Amity Hills', 'Chehalem Mountains'],
    red: ['Pinot Noir', 'Pinot Noir', 'Gamay Noir', 'Syrah'],
    white: ['Chardonnay', 'Pinot Gris', 'Pinot Blanc', 'Riesling'],
  },
  WA: {
    appellations: ['Columbia Valley', 'Walla Walla Valley', 'Yakima Valley', 'Red Mountain'],
    red: ['Cabernet Sauvignon', 'Syrah', 'Merlot', 'Cabernet Franc', 'Grenache', 'Lemberger'],
    white: ['Riesling', 'Chardonnay', 'Sémillon', 'Viognier', 'Sauvignon Blanc'],
  },
  CA: {
    appellations: ['Russian River Valley', 'Sonoma Coast', 'Dry Creek Valley', 'Sonoma County'],
    red: ['Pinot Noir', 'Zinfandel', 'Cabernet Sauvignon', 'Syrah', 'Petite Sirah'],
    white: ['Chardonnay', 'Sauvignon Blanc', 'Chenin Blanc', 'Vermentino'],
  },
  NY: {
    appellations: ['Finger Lakes', 'Seneca Lake'],
    red: ['Cabernet Franc', 'Pinot Noir', 'Lemberger', 'Saperavi'],
    white: ['Riesling', 'Riesling', 'Grüner Veltliner', 'Chardonnay', 'Gewürztraminer'],
  },
  MI: {
    appellations: ['Old Mission Peninsula', 'Leelanau Peninsula', 'Michigan'],
    red: ['Pinot Noir', 'Cabernet Franc', 'Blaufränkisch'],
    white: ['Riesling', 'Pinot Gris', 'Chardonnay', 'Gewürztraminer', 'Pinot Blanc'],
  },
  CO: {
    appellations: ['Grand Valley', 'Colorado'],
    red: ['Cabernet Franc', 'Syrah', 'Merlot', 'Cabernet Sauvignon'],
    white: ['Riesling', 'Chardonnay', 'Viognier', 'Gewürztraminer'],
  },
  TX: {
    appellations: ['Texas Hill Country', 'Texas High Plains', 'Texas'],
    red: ['Tempranillo', 'Tannat', 'Mourvèdre', 'Sangiovese', 'Montepulciano', 'Aglianico'],
    white: ['Viognier', 'Roussanne', 'Vermentino', 'Trebbiano', 'Albariño'],
  },
  VA: {
    appellations: ['Monticello', 'Rockfish Valley', 'Shenandoah Valley', 'Virginia'],
    red: ['Cabernet Franc', 'Petit Verdot', 'Norton', 'Merlot', 'Tannat'],
    white: ['Viognier', 'Petit Manseng', 'Chardonnay', 'Albariño'],
  },
  NC: {
    appellations: ['Yadkin Valley', 'Swan Creek', 'North Carolina'],
    red: ['Chambourcin', 'Cabernet Franc', 'Merlot', 'Petit Verdot'],
    white: ['Viognier', 'Petit Manseng', 'Chardonnay', 'Traminette'],
  },
  AZ: {
    appellations: ['Sonoita', 'Willcox', 'Arizona'],
    red: ['Tempranillo', 'Graciano', 'Grenache', 'Syrah', 'Sangiovese', 'Mourvèdre'],
    white: ['Malvasia Bianca', 'Viognier', 'Picpoul Blanc', 'Vermentino'],
  },
};

/** Towns whose wines differ from the rest of their state. */
const REGIONS_BY_LOCALITY: Record<string, WineRegion> = {
  'CA:Paso Robles': {
    appellations: ['Paso Robles', 'Adelaida District', 'Willow Creek District'],
    red: ['Grenache', 'Syrah', 'Mourvèdre', 'Zinfandel', 'Cabernet Sauvignon', 'Tempranillo'],
    white: ['Roussanne', 'Grenache Blanc', 'Viognier', 'Picpoul Blanc', 'Marsanne'],
  },
};

function regionFor(context: DraftContext): WineRegion {
  const local = REGIONS_BY_LOCALITY[`${context.state ?? ''}:${context.locality ?? ''}`];
  return local ?? (context.state ? REGIONS_BY_STATE[context.state] : undefined) ?? DEFAULT_REGION;
}

const VINEYARD_SITES = [
  'Hawk Ridge',
  'Cedar Bench',
  'Old Barn',
  'Schoolhouse',
  'Coyote Draw',
  'Two Oaks',
  'Granite Knoll',
  'Lone Pine',
  'Stone Wall',
  'Meadowlark',
  'Windy Point',
  'Quarry',
  'Sunset Terrace',
  'Heron Creek',
  'Owl Hollow',
  'Saddle Block',
  'North Slope',
  'Bee Tree',
  'Fox Run',
  'Chapel Hill',
];

const PROPRIETARY_NAMES = [
  'Night Heron',
  'Long Table',
  'First Light',
  'Homestead',
  'Wild Hare',
  'Borderland',
  'Field Notes',
  'Black Dog',
  'Tall Grass',
  'Red Tail',
  'Slow Dance',
  'Harvest Moon',
  'Good Neighbor',
  'Iron Gate',
  'Lantern',
];

const RED_PALATE: Palate = {
  notes: [
    'black cherry',
    'ripe plum',
    'cassis',
    'wild raspberry',
    'blackberry',
    'violet',
    'rose petal',
    'cedar',
    'tobacco leaf',
    'baking spice',
    'dark chocolate',
    'mocha',
    'forest floor',
    'cracked black pepper',
    'dried herbs',
    'graphite',
    'cranberry',
    'pomegranate',
    'licorice',
    'sage',
    'red currant',
    'bramble fruit',
  ],
  textures: [
    'silky tannins',
    'fine-grained tannins',
    'a plush mid-palate',
    'a firm, structured frame',
    'bright acidity',
    'a supple texture',
  ],
  finishes: [
    'a long, savory finish',
    'a dusty, cocoa-tinged finish',
    'a lingering spice-box finish',
    'a fresh, juicy finish',
    'a warm, generous finish',
    'a mineral-driven finish',
  ],
  pairings: [
    'grilled lamb chops',
    'mushroom risotto',
    'braised short ribs',
    'wood-fired pizza',
    'duck breast with cherries',
    'aged cheddar',
    'smoked brisket',
    'roast chicken',
    'pork tenderloin',
    'pasta bolognese',
    'a steak frites night',
  ],
};

const WHITE_PALATE: Palate = {
  notes: [
    'green apple',
    'Meyer lemon',
    'white peach',
    'ripe pear',
    'honeysuckle',
    'lime zest',
    'wet stone',
    'jasmine',
    'pineapple',
    'apricot',
    'grapefruit',
    'lemon curd',
    'toasted almond',
    'brioche',
    'chamomile',
    'honeydew melon',
    'orange blossom',
    'quince',
    'beeswax',
    'fresh-cut herbs',
  ],
  textures: [
    'bright acidity',
    'a creamy mid-palate',
    'racy acidity',
    'a round, textured palate',
    'a crisp, lean frame',
    'a kiss of sweetness',
  ],
  finishes: [
    'a clean, mineral finish',
    'a long citrus-pith finish',
    'a lightly toasty finish',
    'a refreshing, saline finish',
    'a honeyed finish',
  ],
  pairings: [
    'oysters on the half shell',
    'grilled halibut',
    'Thai green curry',
    'a goat cheese salad',
    'roast chicken',
    'lobster rolls',
    'spicy noodles',
    'seared scallops',
    'sushi',
    'a cheese board',
  ],
};

const ROSE_PALATE: Palate = {
  notes: [
    'wild strawberry',
    'watermelon',
    'ruby grapefruit',
    'white cherry',
    'rose petal',
    'blood orange',
    'red currant',
    'peach skin',
    'rhubarb',
    'fresh herbs',
    'tangerine',
    'raspberry',
  ],
  textures: ['crisp acidity', 'a dry, refreshing palate', 'a light, silky body'],
  finishes: ['a mouthwatering finish', 'a dry, saline finish', 'a bright, zesty finish'],
  pairings: [
    'charcuterie',
    'grilled shrimp',
    'a niçoise salad',
    'fish tacos',
    'watermelon and feta',
    'a summer picnic',
  ],
};

const SPARKLING_PALATE: Palate = {
  notes: [
    'green apple',
    'brioche',
    'lemon zest',
    'toasted hazelnut',
    'white flowers',
    'pear',
    'fresh bread',
    'raspberry',
    'chalk',
    'ginger',
    'yellow plum',
  ],
  textures: ['a fine, persistent mousse', 'a creamy bead', 'lively bubbles', 'racy acidity'],
  finishes: ['a crisp, chalky finish', 'a long, toasty finish', 'a bright, dry finish'],
  pairings: [
    'fried chicken',
    'oysters',
    'potato chips and caviar',
    'a weekend brunch',
    'soft-ripened cheeses',
    'anything worth celebrating',
  ],
};

const MEAD_PALATE: Palate = {
  notes: [
    'wildflower honey',
    'orange blossom',
    'beeswax',
    'baked apple',
    'chamomile',
    'vanilla',
    'clove',
    'lemon peel',
    'dried apricot',
    'black tea',
    'fresh-cut hay',
  ],
  textures: [
    'a silky, off-dry palate',
    'a bone-dry body',
    'a rich, mouth-coating texture',
    'gentle carbonation',
  ],
  finishes: ['a floral, lingering finish', 'a clean, honeyed finish', 'a warm spice finish'],
  pairings: [
    'blue cheese',
    'roast pork',
    'baklava',
    'spicy Thai dishes',
    'fruit tarts',
    'a cheese board',
  ],
};

function wineClosure(rng: Rng, corkShare: number): ClosureStyle {
  const roll = rng();
  if (roll < corkShare) return 'Natural Cork';
  if (roll < corkShare + 0.08) return 'Glass Stopper';
  if (roll < corkShare + 0.16) return 'Synthetic Cork';
  return 'Screw Cap';
}

/** Bottle, magnum or half bottle; scales the price with the volume. */
function bottleSize(
  rng: Rng,
  name: string,
  price: number,
  magnumShare: number,
): Pick<ProductDraft, 'name' | 'volume_ml' | 'format' | 'priceCents'> {
  if (chance(rng, magnumShare)) {
    return {
      name: `${name} Magnum`,
      volume_ml: 1500,
      format: 'Magnum',
      priceCents: Math.round((price * 2.2) / 100) * 100,
    };
  }
  return { name, volume_ml: 750, format: 'Bottle', priceCents: price };
}

function vintageBetween(rng: Rng, oldest: number, newest: number): number {
  // Skewed toward recent releases, as on a real shelf.
  return newest - Math.floor(rng() ** 1.6 * (newest - oldest + 1));
}

type WineStyle = 'appellation' | 'estate' | 'reserve' | 'site' | 'proprietary';

function stillWineName(
  rng: Rng,
  region: WineRegion,
  grape: string,
  blend: string,
): { name: string; varietal: string; reserve: boolean; proprietary: boolean } {
  const style = weighted<WineStyle>(rng, [
    ['appellation', 35],
    ['estate', 10],
    ['reserve', 10],
    ['site', 25],
    ['proprietary', 20],
  ]);
  switch (style) {
    case 'appellation':
      return {
        name: `${pick(rng, region.appellations)} ${grape}`,
        varietal: grape,
        reserve: false,
        proprietary: false,
      };
    case 'estate':
      return { name: `Estate ${grape}`, varietal: grape, reserve: false, proprietary: false };
    case 'reserve':
      return { name: `Reserve ${grape}`, varietal: grape, reserve: true, proprietary: false };
    case 'site':
      return {
        name: `${pick(rng, VINEYARD_SITES)} Vineyard ${grape}`,
        varietal: grape,
        reserve: true,
        proprietary: false,
      };
    case 'proprietary':
      return {
        name: `${pick(rng, PROPRIETARY_NAMES)} ${blend}`,
        varietal: blend,
        reserve: false,
        proprietary: true,
      };
  }
}

const redWine: DraftGenerator = (rng, context) => {
  const region = regionFor(context);
  const label = stillWineName(rng, region, pick(rng, region.red), 'Red Blend');
  const vintage = label.proprietary && chance(rng, 0.25) ? null : vintageBetween(rng, 2015, 2022);
  const base = label.reserve ? dollars(rng, 38, 85) : dollars(rng, 22, 48);
  const size = bottleSize(rng, vintage ? `${label.name} ${vintage}` : label.name, base, 0.06);
  return {
    ...size,
    beverageType: 'Wine',
    varietal: label.varietal,
    vintage,
    abv: decimalBetween(rng, 12.5, 15.5),
    closure_style: wineClosure(rng, 0.7),
    art: 'wine-red',
    pack: 'bottle',
    description: describe(rng, RED_PALATE),
  };
};

const DESSERT_GRAPES = ['Riesling', 'Gewürztraminer', 'Vidal Blanc', 'Chenin Blanc'];

const whiteWine: DraftGenerator = (rng, context) => {
  const region = regionFor(context);
  if (chance(rng, 0.08)) {
    const grape = pick(rng, DESSERT_GRAPES);
    const vintage = vintageBetween(rng, 2017, 2023);
    return {
      name: `Late Harvest ${grape} ${vintage}`,
      beverageType: 'Wine',
      varietal: grape,
      vintage,
      abv: decimalBetween(rng, 11, 12.5),
      volume_ml: 375,
      closure_style: pick(rng, ['Natural Cork', 'Glass Stopper', 'Screw Cap'] as const),
      format: 'Half Bottle',
      art: 'wine-white',
      pack: 'bottle',
      priceCents: dollars(rng, 26, 42),
      description: describe(rng, WHITE_PALATE, { notes: ['candied apricot', 'wildflower honey'] }),
    };
  }
  const label = stillWineName(rng, region, pick(rng, region.white), 'White Blend');
  const vintage = label.proprietary && chance(rng, 0.25) ? null : vintageBetween(rng, 2018, 2024);
  const base = label.reserve ? dollars(rng, 30, 60) : dollars(rng, 18, 34);
  const size = bottleSize(rng, vintage ? `${label.name} ${vintage}` : label.name, base, 0.03);
  return {
    ...size,
    beverageType: 'Wine',
    varietal: label.varietal,
    vintage,
    abv: decimalBetween(rng, 11, 13.8),
    closure_style: wineClosure(rng, 0.4),
    art: 'wine-white',
    pack: 'bottle',
    description: describe(rng, WHITE_PALATE),
  };
};

function roseName(rng: Rng, region: WineRegion, grape: string): string {
  switch (intBetween(rng, 0, 4)) {
    case 0:
      return `${pick(rng, region.appellations)} Rosé`;
    case 1:
      return `Rosé of ${grape}`;
    case 2:
      return `${pick(rng, PROPRIETARY_NAMES)} Rosé`;
    case 3:
      return `${pick(rng, VINEYARD_SITES)} Rosé`;
    default:
      return 'Dry Rosé';
  }
}

const roseWine: DraftGenerator = (rng, context) => {
  const region = regionFor(context);
  const vintage = vintageBetween(rng, 2021, 2024);
  const grape = pick(rng, region.red);
  const name = roseName(rng, region, grape);
  return {
    name: `${name} ${vintage}`,
    beverageType: 'Wine',
    varietal: 'Rosé',
    vintage,
    abv: decimalBetween(rng, 11.5, 13.5),
    volume_ml: 750,
    closure_style: wineClosure(rng, 0.3),
    format: 'Bottle',
    art: 'wine-rose',
    pack: 'bottle',
    priceCents: dollars(rng, 18, 30),
    description: describe(rng, ROSE_PALATE),
  };
};

const SPARKLING_PREFIXES = ['Estate', 'Sparkling', 'Cuvée'];

const sparklingWine: DraftGenerator = (rng, context) => {
  const region = regionFor(context);
  const style = pick(rng, [
    { label: 'Brut', varietal: 'Sparkling Blend' },
    { label: 'Extra Brut', varietal: 'Sparkling Blend' },
    { label: 'Blanc de Blancs', varietal: 'Chardonnay' },
    { label: 'Blanc de Noirs', varietal: 'Pinot Noir' },
    { label: 'Brut Rosé', varietal: 'Sparkling Rosé' },
    { label: 'Pét-Nat', varietal: null },
  ]);
  if (style.varietal === null) {
    const grape = chance(rng, 0.6) ? pick(rng, region.white) : pick(rng, region.red);
    const vintage = vintageBetween(rng, 2021, 2024);
    return {
      name: `Pét-Nat of ${grape} ${vintage}`,
      beverageType: 'Wine',
      varietal: grape,
      vintage,
      abv: decimalBetween(rng, 11, 12.5),
      volume_ml: 750,
      closure_style: 'Crown Cap',
      format: 'Bottle',
      art: 'wine-sparkling',
      pack: 'bottle',
      priceCents: dollars(rng, 24, 32),
      description: describe(rng, SPARKLING_PALATE, { notes: ['cloudy lemonade', 'crunchy pear'] }),
    };
  }
  const vintage = chance(rng, 0.45) ? vintageBetween(rng, 2015, 2021) : null;
  const prefix = chance(rng, 0.25) ? pick(rng, region.appellations) : pick(rng, SPARKLING_PREFIXES);
  const name = `${prefix} ${style.label}${vintage ? ` ${vintage}` : ''}`;
  return {
    ...bottleSize(rng, name, dollars(rng, vintage ? 38 : 28, vintage ? 65 : 44), 0.05),
    beverageType: 'Wine',
    varietal: style.varietal,
    vintage,
    abv: decimalBetween(rng, 11.5, 12.8),
    closure_style: 'Natural Cork',
    art: 'wine-sparkling',
    pack: 'bottle',
    description: describe(rng, SPARKLING_PALATE),
  };
};

const HONEYS = [
  'Wildflower',
  'Orange Blossom',
  'Buckwheat',
  'Clover',
  'Sourwood',
  'Tupelo',
  'Fireweed',
  'Blackberry Blossom',
  'Tulip Poplar',
  'Meadowfoam',
];

interface MeadKind {
  varietal: string;
  /** Flavor words for the name, each with the tasting notes it brings. */
  flavors: readonly (readonly [label: string, notes: readonly string[]])[];
  name: (flavor: string, rng: Rng) => string;
  abv: [number, number];
  price: [number, number];
  /** 375 ml dessert meads and 500 ml session meads; otherwise 750 ml. */
  volume?: 375 | 500;
}

const MEAD_KINDS: readonly MeadKind[] = [
  {
    varietal: 'Traditional Mead',
    flavors: HONEYS.map((honey) => [honey, []] as const),
    name: (honey, rng) => `${pick(rng, ['Dry', 'Semi-Sweet', 'Estate'])} ${honey} Mead`,
    abv: [11, 14],
    price: [24, 36],
  },
  {
    varietal: 'Sack Mead',
    flavors: HONEYS.map((honey) => [honey, ['candied orange', 'dark honey', 'toffee']] as const),
    name: (honey) => `${honey} Sack Mead`,
    abv: [14, 15.5],
    price: [28, 44],
    volume: 375,
  },
  {
    varietal: 'Melomel',
    flavors: [
      ['Blueberry', ['wild blueberry', 'blueberry jam']],
      ['Blackberry', ['ripe blackberry', 'bramble']],
      ['Black Currant', ['black currant', 'cassis']],
      ['Raspberry', ['raspberry', 'red berries']],
      ['Tart Cherry', ['tart cherry', 'almond']],
      ['Peach', ['ripe peach', 'apricot']],
      ['Elderberry', ['elderberry', 'dark fruit']],
      ['Cranberry', ['cranberry', 'orange zest']],
    ],
    name: (fruit) => `${fruit} Melomel`,
    abv: [10, 13],
    price: [26, 38],
  },
  {
    varietal: 'Cyser',
    flavors: [
      ['Spiced Apple', ['baked apple', 'cinnamon']],
      ['Heirloom Apple', ['crisp apple', 'honeycomb']],
      ['Wild Apple', ['tart apple skin', 'honeycomb']],
      ['Sparkling', ['green apple', 'honeycomb']],
    ],
    name: (label) => `${label} Cyser`,
    abv: [8, 12],
    price: [22, 32],
  },
  {
    varietal: 'Metheglin',
    flavors: [
      ['Chai Spice', ['cardamom', 'cinnamon', 'black tea']],
      ['Lavender', ['lavender', 'lemon balm']],
      ['Vanilla Bean', ['vanilla bean', 'crème brûlée']],
      ['Ginger Lemon', ['fresh ginger', 'lemon peel']],
      ['Rose & Cardamom', ['rose petal', 'cardamom']],
      ['Juniper', ['juniper', 'pine']],
    ],
    name: (spice) => `${spice} Metheglin`,
    abv: [10, 13],
    price: [24, 36],
  },
  {
    varietal: 'Pyment',
    flavors: [
      ['Riesling', ['white peach', 'lime blossom']],
      ['Pinot Noir', ['red cherry', 'rose hip']],
      ['Concord Grape', ['Concord grape', 'grape jelly']],
      ['Muscat', ['orange blossom', 'lychee']],
    ],
    name: (grape) => `${grape} Pyment`,
    abv: [11, 14],
    price: [28, 40],
  },
  {
    varietal: 'Session Mead',
    flavors: [
      ['Lemon Ginger', ['lemon', 'fresh ginger']],
      ['Hibiscus', ['hibiscus', 'cranberry']],
      ['Blueberry', ['wild blueberry', 'light honey']],
      ['Dry-Hopped', ['citrusy hops', 'light honey']],
      ['Raspberry', ['raspberry', 'light honey']],
      ['Mint & Lime', ['fresh mint', 'lime']],
    ],
    name: (flavor) => `Sparkling ${flavor} Session Mead`,
    abv: [6, 8],
    price: [9, 14],
    volume: 500,
  },
];

const mead: DraftGenerator = (rng) => {
  const kind = pick(rng, MEAD_KINDS);
  const [flavor, notes] = pick(rng, kind.flavors);
  const name = kind.name(flavor, rng);
  const vintage = chance(rng, 0.3) ? intBetween(rng, 2018, 2024) : null;
  const volume = kind.volume ?? 750;
  return {
    name: vintage ? `${name} ${vintage}` : name,
    beverageType: 'Wine',
    varietal: kind.varietal,
    vintage,
    abv: decimalBetween(rng, kind.abv[0], kind.abv[1]),
    volume_ml: volume,
    closure_style:
      volume === 500
        ? 'Swing Top'
        : pick(rng, ['Natural Cork', 'Screw Cap', 'Synthetic Cork', 'Swing Top'] as const),
    format: volume === 375 ? 'Half Bottle' : 'Bottle',
    art: 'mead-bottle',
    pack: 'bottle',
    priceCents: dollars(rng, kind.price[0], kind.price[1]),
    description: describe(rng, MEAD_PALATE, { notes }),
  };
};

export const WINE_GENERATORS = {
  red: redWine,
  white: whiteWine,
  rose: roseWine,
  sparkling: sparklingWine,
  mead,
} as const satisfies Record<string, DraftGenerator>;
