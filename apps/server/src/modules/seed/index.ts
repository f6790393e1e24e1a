/** The seed module's public entry: what the rest of the server may use of it. */
export { hashString, mulberry32, pick, weighted } from './catalogue/random';
export type { Rng } from './catalogue/random';
export { formatDemoAccounts } from './demo-accounts';
export { seedDemoData } from './seed';
export { generateProducts, slugify } from './catalogue';
export type { BusinessType, ProductSource } from './catalogue';
