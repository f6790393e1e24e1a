import type { BeverageType } from '@bevy/core';
import { chance, pick, type Rng } from './random';

/** Bottle artwork under apps/web/public/art/bottles. */
export const BOTTLE_ART = [
  'wine-red',
  'wine-white',
  'wine-rose',
  'wine-sparkling',
  'mead-bottle',
  'beer-bottle-amber',
  'beer-can-gold',
  'beer-can-hazy',
  'beer-can-dark',
  'cider-bottle',
  'cider-can',
  'spirit-whiskey',
  'spirit-clear',
  'spirit-liqueur',
  'cocktail-can',
  'cocktail-bottle',
  'kombucha-bottle',
  'kombucha-can',
  'seltzer-can',
  'keg',
] as const;
export type BottleArt = (typeof BOTTLE_ART)[number];

export const CLOSURE_STYLES = [
  'Natural Cork',
  'Synthetic Cork',
  'Screw Cap',
  'Crown Cap',
  'Can End',
  'Swing Top',
  'Glass Stopper',
  'Bar Top Cork',
  'Sankey Coupler',
] as const;
export type ClosureStyle = (typeof CLOSURE_STYLES)[number];

export const PRODUCT_FORMATS = ['Bottle', 'Half Bottle', 'Magnum', 'Can', 'Keg', 'Box'] as const;
export type ProductFormat = (typeof PRODUCT_FORMATS)[number];

/** Drives the tier minimums: bottles sell by 6/12, cans by the case, kegs one at a time. */
export type PackKind = 'bottle' | 'can' | 'keg' | 'box';

export interface ProductDraft {
  name: string;
  beverageType: BeverageType;
  varietal: string | null;
  vintage: number | null;
  abv: number;
  volume_ml: number;
  closure_style: ClosureStyle;
  format: ProductFormat;
  art: BottleArt;
  pack: PackKind;
  /** Retail price for a single unit, in cents. */
  priceCents: number;
  description: string;
}

/** Where the producer is, so wines can name a believable appellation. */
export interface DraftContext {
  state?: string | undefined;
  locality?: string | undefined;
}

export type DraftGenerator = (rng: Rng, context: DraftContext) => ProductDraft;

/** Dollars to cents, on whole dollars or x.99 so shelf prices look real. */
export function dollars(rng: Rng, min: number, max: number): number {
  const whole = min + Math.floor(rng() * (max - min + 1));
  return chance(rng, 0.25) ? whole * 100 - 1 : whole * 100;
}

/** Small amounts (cans) to the nearest quarter. */
export function quarters(rng: Rng, minCents: number, maxCents: number): number {
  const cents = minCents + rng() * (maxCents - minCents);
  return Math.round(cents / 25) * 25;
}

export const capitalize = (text: string): string =>
  text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);

interface Notes {
  a: string;
  b: string;
  c: string;
}

interface Finishing {
  texture: string;
  finish: string;
  pairing: string;
}

export type Opener = (notes: Notes) => string;
export type Closer = (finishing: Finishing) => string;

/** Fragments a description is composed from; notes are noun phrases. */
export interface Palate {
  notes: readonly string[];
  textures: readonly string[];
  finishes: readonly string[];
  pairings: readonly string[];
  closers?: readonly Closer[];
}

const OPENERS: readonly Opener[] = [
  (n) => `Aromas of ${n.a} and ${n.b} lead into ${n.c} on the palate.`,
  (n) => `${capitalize(n.a)} and ${n.b} up front, with ${n.c} underneath.`,
  (n) => `Expect ${n.a}, ${n.b} and a touch of ${n.c}.`,
  (n) => `Bursting with ${n.a} and ${n.b}, plus a hint of ${n.c}.`,
  (n) => `Notes of ${n.a}, ${n.b} and ${n.c}.`,
  (n) => `Opens with ${n.a} and ${n.b} before settling into ${n.c}.`,
  (n) => `Think ${n.a}, ${n.b} and ${n.c}.`,
];

export const FOOD_CLOSERS: readonly Closer[] = [
  (f) => `${capitalize(f.texture)} and ${f.finish} round it out.`,
  (f) => `Pour it alongside ${f.pairing}.`,
  (f) => `${capitalize(f.finish)} makes it a natural match for ${f.pairing}.`,
  (f) => `With ${f.texture} and ${f.finish}, it is made for ${f.pairing}.`,
  (f) => `${capitalize(f.texture)}, then ${f.finish}; try it with ${f.pairing}.`,
];

export interface DescribeOptions {
  /** Notes specific to this product's kind (a style, a flavor); preferred over the palate's. */
  notes?: readonly string[];
  /** A note that must appear, e.g. the fruit in the product's name. */
  lead?: string;
  /** Overrides the palate's pairings (spirits and cocktails pair with drinks, not food). */
  pairings?: readonly string[];
}

/** Adds random notes from `pool` not already in `picked` until it holds `target` notes. */
function addNotes(rng: Rng, picked: string[], pool: readonly string[], target: number): void {
  // Random draws first; the scan afterwards guarantees termination on tiny or repetitive pools.
  for (let tries = pool.length * 3; picked.length < target && tries > 0; tries--) {
    const note = pick(rng, pool);
    if (!picked.includes(note)) picked.push(note);
  }
  for (const note of pool) {
    if (picked.length >= target) return;
    if (!picked.includes(note)) picked.push(note);
  }
}

/** One or two sentences of tasting notes composed from fragments. */
export function describe(rng: Rng, palate: Palate, options: DescribeOptions = {}): string {
  const picked: string[] = options.lead ? [options.lead] : [];
  const kindNotes = options.notes ?? [];
  // Rich kind lists carry the whole description; short ones get one generic note mixed in.
  const fromKind = kindNotes.length >= 4 ? 3 : Math.min(2, kindNotes.length);
  addNotes(rng, picked, kindNotes, fromKind);
  addNotes(rng, picked, palate.notes, 3);
  addNotes(rng, picked, kindNotes, 3);
  const [a = '', b = '', c = ''] = picked;
  const opener = pick(rng, OPENERS)({ a, b, c });
  if (chance(rng, 0.12)) return opener;
  const closer = pick(
    rng,
    palate.closers ?? FOOD_CLOSERS,
  )({
    texture: pick(rng, palate.textures),
    finish: pick(rng, palate.finishes),
    pairing: pick(rng, options.pairings ?? palate.pairings),
  });
  return `${opener} ${closer}`;
}
