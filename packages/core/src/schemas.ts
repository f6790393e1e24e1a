// Validation schemas (zod), shared by web forms and the server. Kept apart from the index so that
// pages which need only constants and formatting do not load zod.
export * from './account-schemas';
export * from './banner-schemas';
export * from './business-schemas';
export * from './wholesale-schemas';
export * from './product-schemas';
