export * from './beverage';
export * from './fulfillment';
export * from './geo';
export * from './limits';
export * from './money';
export * from './pricing';
export type * from './product-hit';
export type * from './site';
