/** The listing engine's data, one static JSON file per listing (see catalog/listing-engine.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { catalog } from '../../shops/current.ts';
import { allListingRefs } from '../../catalog/listing-refs.ts';
import { listingKey, listingsOf, type ListingRef } from '../../catalog/listing.ts';

export const getStaticPaths = (() =>
  allListingRefs(catalog).map((ref) => ({ params: { key: listingKey(ref) }, props: { ref }, cacheKey: catalog.listingCacheKey(listingKey(ref)) }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(listingsOf(catalog).data((props as { ref: ListingRef }).ref)), { headers: { 'content-type': 'application/json' } });
