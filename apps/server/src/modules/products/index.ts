/** The products module's public entry: what the rest of the server may use of it. */
export { TAG_BACKED_ATTRIBUTES, followTagRename } from './product-tag-values';
export { tiersOfProducts } from './products.service';
export type { PriceTierRow, ProductRow } from './products.service';
