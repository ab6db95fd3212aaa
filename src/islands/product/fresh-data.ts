/**
 * The product page corrects the price and stock the build froze (rules and timings:
 * fresh-rules.ts). Everything changes in place: the price (through its `data-pm` amounts, so the
 * country switch keeps working), the stock badge, the pickers' stock notes, the quantity's maximum
 * and the add-to-cart button. A failed or malformed answer is logged and changes nothing.
 */
import { m } from '../../i18n/generated/messages.js';
import { stockLevel } from '../../catalog/stock.ts';
import { decodeModes, NET_MODE, pickMode, replaceMode } from '../../catalog/prices.ts';
import { countryId, excludeVAT } from '../../stores/country.ts';
import { pageMoney, priceChoice, renderPrice } from '../prices.ts';
import { FreshAnswer, FreshCacheEntry, REFETCH_EVERY_S, cacheKey, cacheUsable, freshShown, isNewer, productUrl, sellable, shouldFetch, type FreshVariant } from './fresh-rules.ts';

const readCache = (key: string): FreshCacheEntry | null => {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = FreshCacheEntry.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    sessionStorage.removeItem(key);
  } catch {
    /* storage blocked or corrupt: no cache */
  }
  return null;
};

const writeCache = (key: string, entry: FreshCacheEntry) => {
  try {
    sessionStorage.setItem(key, JSON.stringify(entry));
  } catch {
    /* full or blocked: the page works without */
  }
};

export function startFreshData(article: HTMLElement): void {
  const productId = Number(article.dataset.productId);
  const variantId = Number(article.dataset.variantId);
  const priceEl = article.querySelector<HTMLElement>('.product-price [data-pm]');
  if (!(productId > 0) || !(variantId > 0) || !priceEl) return;
  const appliedPrice = new Map<string, number>();
  let appliedStock: number | null = null;

  /** The mode shown now and the country and VAT flag to ask the API for. */
  const target = () => {
    const choice = priceChoice();
    const modes = decodeModes(priceEl.dataset.pm);
    const mode = pickMode(modes, choice.country, choice.excludeVAT);
    const countries = [...modes.keys()].filter((k) => k !== NET_MODE);
    const country = choice.country && countries.includes(choice.country) ? choice.country : countries[0];
    return mode && country ? { mode, country: Number(country), vatExcluded: mode === NET_MODE } : null;
  };

  const showStock = (q: number) => {
    const level = stockLevel(q);
    const badge = article.querySelector<HTMLElement>('[data-stock]');
    if (badge) {
      badge.className = `stock stock-${level}`;
      const text = level === 'out' ? m.catalog_outOfStock() : level === 'low' ? m.catalog_lowStockN({ n: q }) : m.catalog_inStock();
      if (badge.textContent !== text) badge.textContent = text;
    }
    const qty = article.querySelector<HTMLInputElement>('input[name="quantity"]');
    if (qty) {
      if (q > 0) qty.max = String(q);
      else qty.removeAttribute('max');
    }
  };

  const showNotes = (variants: FreshVariant[]) => {
    const byId = new Map(variants.map((v) => [v.id, v.quantity]));
    for (const option of article.querySelectorAll<HTMLElement>('.picker a[data-variant]')) {
      const q = byId.get(Number(option.dataset.variant));
      if (q === undefined) continue;
      const size = !!option.closest('.picker-size');
      const level = stockLevel(q);
      const text = level === 'out' ? m.catalog_soldOut() : size && level === 'low' ? m.catalog_inStockN({ n: q }) : '';
      let note = option.querySelector<HTMLElement>('.option-note');
      if (text && !note) note = option.appendChild(Object.assign(document.createElement('span'), { className: 'option-note' }));
      if (note && note.textContent !== text) note.textContent = text;
      if (note && !text) note.remove();
      option.classList.toggle('is-out', q <= 0);
    }
  };

  const apply = (data: FreshAnswer['data'], requestedAt: number, mode: string) => {
    if (data.id !== productId) throw new Error(`answer for product ${data.id}, not ${productId}`);
    const v = data.variants.find((x) => x.id === variantId);
    if (!v) throw new Error(`variant ${variantId} is not in the answer`);
    const shown = freshShown(v);
    if (isNewer(requestedAt, appliedPrice.get(mode)) && shown.price > 0) {
      appliedPrice.set(mode, requestedAt);
      const encoded = replaceMode(priceEl.dataset.pm ?? '', mode, shown);
      // The same amounts (most answers): the page already shows them, in the shopper's mode.
      // Formatting them again would make the page's first Intl.NumberFormat, 20-45 ms of main
      // thread (80-180 ms on a slow phone) for nothing.
      if (encoded !== priceEl.dataset.pm) {
        priceEl.dataset.pm = encoded;
        renderPrice(priceEl, pageMoney());
      }
    }
    if (isNewer(requestedAt, appliedStock)) {
      appliedStock = requestedAt;
      showStock(v.quantity);
      showNotes(data.variants);
      const button = article.querySelector<HTMLButtonElement>('.buy [data-add-to-cart]');
      const price = shown.price > 0 ? shown.price : (decodeModes(priceEl.dataset.pm).get(mode)?.[0] ?? 0);
      const can = sellable(v.quantity, price);
      if (button && button.disabled === can) {
        button.disabled = !can;
        // The cart's button code shows states in its label and remembers the resting text: both follow.
        (button.querySelector('[data-cart-label]') ?? button).textContent = can ? m.catalog_addToCart() : m.catalog_unavailable();
        delete button.dataset.label;
      }
    }
  };

  let lastAt: number | null = null;
  const load = async (t: NonNullable<ReturnType<typeof target>>) => {
    const requestedAt = Date.now();
    lastAt = requestedAt;
    try {
      const response = await fetch(productUrl(productId, t.country, t.vatExcluded), { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const parsed = FreshAnswer.safeParse(await response.json());
      if (!parsed.success) throw new Error(`the answer does not match the contract: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      apply(parsed.data.data, requestedAt, t.mode);
      writeCache(cacheKey(productId, t.mode), { at: requestedAt, data: parsed.data.data });
    } catch (error) {
      console.warn("fresh product data: kept the page's price and stock", error);
    }
  };

  const check = (reason: 'load' | 'visible' | 'timer') => {
    const t = target();
    if (!t) return;
    const now = Date.now();
    const cached = readCache(cacheKey(productId, t.mode));
    if (reason !== 'timer' && cached && cacheUsable(cached, now)) {
      try {
        apply(cached.data, cached.at, t.mode);
      } catch (error) {
        console.warn('fresh product data: cached answer not used', error);
      }
    }
    const last = cached && cacheUsable(cached, now) ? Math.max(cached.at, lastAt ?? 0) : lastAt;
    if (shouldFetch(reason, last, now)) void load(t);
  };

  check('load');
  setInterval(() => {
    if (document.visibilityState === 'visible') check('timer');
  }, REFETCH_EVERY_S * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check('visible');
  });
  // Another country or VAT mode: its own answer (cached or asked for).
  const onMode = () => {
    lastAt = null;
    check('load');
  };
  countryId.listen(onMode);
  excludeVAT.listen(onMode);
}
