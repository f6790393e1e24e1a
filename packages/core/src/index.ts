export * from './beverage';
export * from './fulfillment';
export * from './geo';
export * from './limits';
export * from './money';
export * from './pricing';
export * from './wholesale';
export type * from './product-hit';
export type * from './site';
