// Every table, enum and sequence of the database, which drizzle-kit reads (drizzle.config.ts).
export * from './accounts';
export * from './businesses';
export * from './tags';
export * from './products';
export * from './payments';
export * from './orders';
export * from './wholesale';
export * from './banners';
export * from './mail';
export * from './jobs';
export * from './clubs';
export * from './club-members';
export * from './events';
export * from './marketing';
export * from './privacy';
export * from './insights';
