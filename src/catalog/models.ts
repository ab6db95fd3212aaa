/**
 * What pages read: catalog records localised for one shop, with prices computed for the shop's
 * default country. Built by build-index.ts, read through catalog.ts.
 */
import type { Locale } from './export-schema.ts';

export type Urls = Partial<Record<Locale, string>>;

export interface ImageModel {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface DocumentModel {
  href: string;
  title: string;
  mime: string;
  bytes?: number;
}

/** Prices of one variant in the shop currency: tax-excluded decimals and default-country cents. */
export interface VariantPrices {
  net: { price: string; promoPrice: string; listPrice?: string };
  gross: { price: number; promoPrice: number; listPrice?: number };
}

export interface VariantModel {
  id: number;
  ref: string;
  ean: string | null;
  isDefault: boolean;
  quantity: number;
  promo: boolean;
  newness: boolean;
  weight: number;
  url: string | null;
  urls: Urls;
  attributes: { attributeId: number; kind: 'color' | 'size' | 'other'; name: string; valueId: number; value: string; hex?: string }[];
  prices: VariantPrices;
  imageIds: number[];
  deliveryDelay?: { minDays: number; maxDays: number };
  fulfilment?: { centerId: number; quantity: number }[];
}

/**
 * A product's default variant: the one Thelia marks as default, else its first. Its price, stock
 * and images are the product's on cards, in search results and on the product's own page.
 */
export function defaultVariantOf<V extends { isDefault: boolean }>(variants: readonly V[]): V | undefined {
  return variants.find((v) => v.isDefault) ?? variants[0];
}

export interface TextsModel {
  title: string;
  chapo: string;
  /** Sanitised editor HTML. */
  descriptionHtml: string;
  postscriptum: string;
  metaTitle: string;
  metaDescription: string;
}

export interface ProductModel extends TextsModel {
  id: number;
  ref: string;
  url: string;
  urls: Urls;
  brandId: number | null;
  taxRuleId: number;
  defaultCategoryId: number;
  categoryIds: number[];
  sellable: boolean;
  variants: VariantModel[];
  features: { featureId: number; title: string; values: string[] }[];
  images: (ImageModel & { id: number })[];
  documents: DocumentModel[];
  accessoryIds: number[];
  contentIds: number[];
  createdAt: string;
  module: {
    quantityStep?: number;
    salesCount?: number;
    keywords?: string[];
    freight?: boolean;
    undeliverableCountries?: number[];
    /** Approved reviews: count and average rating (1-5). */
    rating?: { count: number; average: number };
  };
}

export interface CategoryModel extends TextsModel {
  id: number;
  parent: number;
  visible: boolean;
  position: number;
  url: string;
  urls: Urls;
  images: ImageModel[];
  contentIds: number[];
}

export interface BrandModel extends TextsModel {
  id: number;
  position: number;
  url: string;
  urls: Urls;
  logo: ImageModel | null;
}

export interface FolderModel extends TextsModel {
  id: number;
  parent: number;
  visible: boolean;
  position: number;
  url: string;
  urls: Urls;
}

export interface ContentModel extends TextsModel {
  id: number;
  position: number;
  url: string;
  urls: Urls;
  defaultFolderId: number | null;
  images: ImageModel[];
  documents: DocumentModel[];
  /** Set when the postscriptum is listing JSON ({"brand_id":..,"category_id":..}). */
  listing: { brandId: number | null; categoryId: number | null } | null;
  createdAt?: string;
}

export type PageKind = 'product' | 'variant' | 'category' | 'brand' | 'folder' | 'content';

/** One page of the catalog: its path and what it shows. */
export interface Route {
  path: string;
  kind: PageKind;
  id: number;
  /** For a variant page, the product it belongs to. */
  productId?: number;
  /** The page's cache key for Astro's incremental build: a fingerprint of the data it renders (page-keys.ts). */
  key?: string;
}

/** A row of a listing: enough to render a product card. */
export interface ProductCard {
  id: number;
  title: string;
  url: string;
  brandId: number | null;
  image: ImageModel | null;
  price: number;
  crossedOut: number | null;
  inStock: boolean;
  /** The only variant's id (pse) of a product without variants: its card can add it to the cart. */
  pse?: number;
  /** Quantity step, when above 1. */
  step?: number;
  /** The default variant's shown price in every mode of the shop (prices.ts encodeModes). */
  modes: string;
}

/** What listings filter on, beyond the card: the default variant's flags and every feature value. */
export interface ProductFacets {
  promo: boolean;
  newness: boolean;
  /** [featureId, feature title, value title] */
  features: [number, string, string][];
}
