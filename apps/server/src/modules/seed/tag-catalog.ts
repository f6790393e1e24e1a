import { BEVERAGE_TYPES } from '@bevy/core';
import { BUSINESS_TYPES } from './catalog/types';
import { CLOSURE_STYLES, FEATURE_TAGS, PRODUCT_FORMATS } from './catalog';

/**
 * Tag categories (themselves tags) with the original's configured ids where it had them
 * (format 17, product to render 8, beverage types 16, package units 55, package name 78).
 */
export const TAG_CATEGORIES: { id: number; name: string; tags: readonly string[] }[] = [
  { id: 1, name: 'Business Type', tags: BUSINESS_TYPES },
  { id: 2, name: 'Feature', tags: FEATURE_TAGS },
  { id: 3, name: 'Closure Style', tags: CLOSURE_STYLES },
  { id: 8, name: 'Product to Render', tags: ['Bottle', 'Can', 'Keg', 'Gift Set'] },
  { id: 16, name: 'Beverage Type', tags: BEVERAGE_TYPES },
  { id: 17, name: 'Format', tags: PRODUCT_FORMATS },
  { id: 55, name: 'Package Unit', tags: ['Single', '4-Pack', '6-Pack', '12-Pack', 'Case'] },
  { id: 78, name: 'Package Name', tags: ['Bottle', 'Can', 'Case', 'Keg', 'Pack'] },
];

/** Identity values given by hand stop here; generated ids start above. */
export const FIRST_GENERATED_TAG_ID = 1000;
