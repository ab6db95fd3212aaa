/**
 * Live catalog data for the static pages: a variant's current price and stock (get_pse), stock
 * per fulfilment centre, a product with its variants. Islands use these to correct what the
 * build froze.
 */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import { fromCents, priceCents } from '../../src/catalog/prices.ts';
import type { Deps } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { idParam, route } from '../middleware/route.ts';
import { defaultCurrency } from '../services/cart-edit.ts';
import { countryLocale, pricing, pickTitle } from '../services/pricing.ts';

interface PseRow {
  id: number;
  product_id: number;
  ref: string;
  quantity: number;
  promo: number;
  tax_rule_id: number;
  categories: string;
  quantity_step: number;
  price: string | null;
  promo_price: string | null;
  list_price: string | null;
}

const PSE_SQL = `SELECT s.id, s.product_id, s.ref, s.quantity, s.promo, p.tax_rule_id, p.categories, p.quantity_step, pp.price, pp.promo_price, pp.list_price
  FROM pse s JOIN product p ON p.id = s.product_id LEFT JOIN pse_price pp ON pp.pse_id = s.id AND pp.currency = ?`;

function fulfilment(deps: Deps, pseId: number) {
  return (
    deps
      .sql(
        'SELECT f.id AS center_id, f.name, f.country_id, s.quantity, f.delay_days FROM pse_stock s JOIN fulfilment_center f ON f.id = s.center_id WHERE s.pse_id = ? ORDER BY f.delay_days, f.id',
      )
      .all(pseId) as { center_id: number; name: string; country_id: number; quantity: number; delay_days: number }[]
  ).map((r) => ({ ...r }));
}

function live(deps: Deps, r: PseRow, countryId: number, vatExcluded: boolean) {
  const taxes = pricing(deps).productTaxes(r.tax_rule_id, JSON.parse(r.categories) as number[], countryId, vatExcluded);
  const price = r.price ?? '0';
  const promo = r.promo_price ?? price;
  const taxed = priceCents(price, { taxes });
  const taxedPromo = priceCents(promo, { taxes });
  return {
    id: r.id,
    product_id: r.product_id,
    ref: r.ref,
    quantity: r.quantity,
    is_promo: r.promo === 1,
    country_id: countryId,
    vat_percent: pricing(deps).vatPercent(taxes),
    price: fromCents(priceCents(price, { taxes: [] })),
    promo_price: fromCents(priceCents(promo, { taxes: [] })),
    taxed_price: fromCents(taxed),
    taxed_promo_price: fromCents(taxedPromo),
    best_taxed_price: fromCents(r.promo ? Math.min(taxed, taxedPromo) : taxed),
    list_price: r.list_price === null ? null : fromCents(priceCents(r.list_price, { taxes })),
    quantity_step: r.quantity_step,
    fulfilment: fulfilment(deps, r.id).map(({ center_id, name, quantity, delay_days }) => ({ center_id, name, quantity, delay_days })),
  };
}

export function registerCatalog(app: Hono, deps: Deps) {
  const notFound = () => new HttpError(404, ERRORS.productNotFound);
  const country = (id: number | undefined) => {
    const c = id ?? deps.config.defaultCountryId;
    if (!pricing(deps).countryExists(c)) throw new HttpError(400, ERRORS.invalidData, [{ field: 'country_id', message: ERRORS.countryNotFound }]);
    return c;
  };

  route(app, deps, 'pse', ({ params, query }) => {
    const row = deps.sql(`${PSE_SQL} WHERE s.id = ?`).get(defaultCurrency(deps), idParam(params.pseId, notFound())) as PseRow | undefined;
    if (!row) throw notFound();
    return { status_code: 200 as const, data: live(deps, row, country(query.country_id), query.vat_excluded === 'true' || query.vat_excluded === '1') };
  });

  route(app, deps, 'fulfilmentStock', ({ params }) => {
    const id = idParam(params.pseId, notFound());
    if (!deps.sql('SELECT 1 FROM pse WHERE id = ?').get(id)) throw notFound();
    return { status_code: 200 as const, data: fulfilment(deps, id) };
  });

  route(app, deps, 'fulfilmentSearch', ({ query }) => {
    if (!deps.sql('SELECT 1 FROM pse WHERE id = ?').get(query.search_pse)) throw notFound();
    return { status_code: 200 as const, data: fulfilment(deps, query.search_pse).filter((f) => f.quantity > 0) };
  });

  route(app, deps, 'features', ({ params }) => {
    const product = deps.sql('SELECT features FROM product WHERE id = ?').get(idParam(params.productId, notFound())) as { features: string } | undefined;
    if (!product) throw notFound();
    const lang = (params.langCode ?? '').replace('-', '_');
    const locale = /^[a-z]{2}_[A-Z]{2}$/.test(lang) ? lang : lang.toLowerCase() === 'ro' ? 'ro_RO' : 'de_DE';
    const features = JSON.parse(product.features) as { id: number; position: number; title: Record<string, string>; values: Record<string, string>[] }[];
    const pick = (t: Record<string, string>) => t[locale] ?? t.de_DE ?? Object.values(t)[0] ?? '';
    return {
      status_code: 200 as const,
      data: features.sort((a, b) => a.position - b.position).map((f) => ({ FEATURE_ID: f.id, POSITION: f.position, TITLE: pick(f.title), VALUES: f.values.map(pick) })),
    };
  });

  route(app, deps, 'product', ({ params, query }) => {
    const id = idParam(params.id, notFound());
    const product = deps.sql('SELECT id, ref, titles FROM product WHERE id = ?').get(id) as { id: number; ref: string; titles: string } | undefined;
    if (!product) throw notFound();
    const countryId = country(query.country_id);
    const rows = deps.sql(`${PSE_SQL} WHERE s.product_id = ? ORDER BY s.is_default DESC, s.id`).all(defaultCurrency(deps), id) as unknown as PseRow[];
    const vatExcluded = query.vat_excluded === 'true' || query.vat_excluded === '1';
    return {
      status_code: 200 as const,
      data: { id: product.id, ref: product.ref, title: pickTitle(product.titles, countryLocale(countryId)), variants: rows.map((r) => live(deps, r, countryId, vatExcluded)) },
    };
  });
}
