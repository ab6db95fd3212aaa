/**
 * The listing engine's texts and money format for the build. The texts are the island's own
 * mapping (islands/catalog/texts.ts): rendered on the server, Paraglide's messages speak the
 * shop's language (src/integrations/i18n.ts), so the first page's HTML and the island's agree.
 */
import type { ListingTexts } from '../../catalog/listing-engine.ts';
import { listingTexts as textsIn } from '../../islands/catalog/texts.ts';
import { shop } from '../../shops/current.ts';

export const listingTexts = (): ListingTexts => textsIn(shop.currency.symbol);

export const moneyFormat = { symbol: shop.currency.symbol, format: shop.currency.format, locale: shop.hreflang };
