/** Every listing a shop has: categories, brands, listing contents and the grid types. */
import type { Catalog } from './catalog.ts';
import { GRID_TYPES, type ListingRef } from './listing.ts';

export function allListingRefs(catalog: Catalog): ListingRef[] {
  const refs: ListingRef[] = [];
  for (const r of catalog.routes()) {
    if (r.kind === 'category') refs.push({ kind: 'category', id: r.id });
    else if (r.kind === 'brand') refs.push({ kind: 'brand', id: r.id });
    else if (r.kind === 'content') {
      const listing = catalog.content(r.id)?.listing;
      if (listing) refs.push({ kind: 'content', id: r.id, brandId: listing.brandId, categoryId: listing.categoryId });
    }
  }
  for (const type of GRID_TYPES) refs.push({ kind: 'grid', type });
  return refs;
}
