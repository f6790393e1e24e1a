/** The search module's public entry: what the rest of the server may use of it. */
export { PRODUCT_INDEX_SETTINGS } from './product-documents';
export type { ProductDocument } from './product-documents';
export { loadProductDocuments } from './product-documents';
export { ProductSearch } from './product-search';
export { startSearchKeyRevocations } from './search-key-revocations';
export { openProductIndex, saveProductIndex } from './search-snapshot';
export { startSearchSync } from './search-sync';
export { searchRoutes } from './search.routes';
