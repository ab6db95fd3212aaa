/** The not-found reasons of spec §2 and their texts. */
import { t } from '../../shops/current.ts';

export const NOT_FOUND_REASONS = [
  'rewriting-failed',
  'product-fetch-failed',
  'category-fetch-failed',
  'brand-fetch-failed',
  'content-fetch-failed',
  'content-type-not-found',
  'route-not-found',
] as const;
export type NotFoundReason = (typeof NOT_FOUND_REASONS)[number];

export const notFoundTexts = (): Record<NotFoundReason, string> => ({
  'rewriting-failed': t.catalog_notFoundRewriting,
  'product-fetch-failed': t.catalog_notFoundProduct,
  'category-fetch-failed': t.catalog_notFoundCategory,
  'brand-fetch-failed': t.catalog_notFoundBrand,
  'content-fetch-failed': t.catalog_notFoundContent,
  'content-type-not-found': t.catalog_notFoundContentType,
  'route-not-found': t.notFoundText,
});
