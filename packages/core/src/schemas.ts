// Validation schemas (zod), shared by web forms and the server. Kept apart from the index so that
// pages which need only constants and formatting do not load zod. The business profile's schemas
// are an entry of their own (`@bevy/core/business-schemas`): they bring the phone number metadata.
export * from './account-schemas';
export * from './banner-schemas';
export * from './wholesale-schemas';
export * from './privacy-schemas';
export * from './product-schemas';
export * from './payment-schemas';
