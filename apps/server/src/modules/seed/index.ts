/** The seed module's public entry: what the rest of the server may use of it. */
export { hashString, mulberry32, pick, weighted } from './catalog/random';
export type { Rng } from './catalog/random';
export { formatDemoAccounts } from './demo-accounts';
export { seedDemoData } from './seed';
export { generateProducts, slugify } from './catalog';
export type { BusinessType, ProductSource } from './catalog';
