/**
 * Every price on the page in the shopper's country and VAT mode (spec §4 Country dropdown, §6),
 * framework-free, started by the chrome on every page. The build writes each price's amounts in
 * every mode of the shop (prices.ts encodeModes) into `data-pm` and each VAT label's texts into
 * `data-vat-modes`; this picks the mode from the persistent country stores (so a change in
 * another tab follows) and rewrites the texts in place. The texts change only when the mode
 * differs from the build's, and only the amounts: the elements keep their place.
 */
import { countryId, excludeVAT } from '../stores/country.ts';
import { decodeModes, formatMoney, pickMode, type MoneyFormat } from '../catalog/prices.ts';

/** The shop's money format: the currency on <html> (Base.astro), the locale from its lang. */
export function pageMoney(): MoneyFormat {
  const root = document.documentElement;
  return { symbol: root.dataset.cur || '€', format: root.dataset.curFormat || '%n %s', locale: root.lang };
}

/** The shopper's choice: the selected country id and whether VAT is excluded. */
export const priceChoice = (): { country: string; excludeVAT: boolean } => ({ country: countryId.get(), excludeVAT: excludeVAT.get() === 'true' });

const setText = (node: Node | null | undefined, text: string) => {
  if (node && node.textContent !== text) node.textContent = text;
};

/**
 * One price element: `[data-price]` gets the amount, `[data-was]` (if any) the crossed-out one.
 * `asBuilt`: the element still shows what the build wrote, its first mode's amounts; when that is
 * the shopper's mode there is nothing to write, and no number to format (the first
 * Intl.NumberFormat of a page costs ~40 ms of main thread on a fast machine).
 */
export function renderPrice(el: HTMLElement, money: MoneyFormat, choice = priceChoice(), asBuilt = false): void {
  const modes = decodeModes(el.dataset.pm);
  const mode = pickMode(modes, choice.country, choice.excludeVAT);
  if (asBuilt && mode === modes.keys().next().value) return;
  const m = mode === undefined ? undefined : modes.get(mode);
  if (!m || m[0] <= 0) return;
  setText(el.querySelector('[data-price]'), formatMoney(m[0], money));
  const was = el.querySelector<HTMLElement>('[data-was]');
  if (was) {
    if (m[1] > 0) {
      // The amount is the last text node, after the visually hidden "was" (added when the build had none).
      const last = was.lastChild?.nodeType === Node.TEXT_NODE ? was.lastChild : was.appendChild(document.createTextNode(''));
      setText(last, formatMoney(m[1], money));
    }
    was.hidden = !(m[1] > 0);
  }
  el.classList.toggle('is-sale', !!was && m[1] > 0);
}

/** One VAT label: its text for the mode, from `data-vat-modes` ([["5", "inkl. 19% Ust."], ["n", "VAT 0%"]], the default first). */
export function renderVat(el: HTMLElement, choice = priceChoice()): void {
  let texts: Map<string, string>;
  try {
    texts = new Map(JSON.parse(el.dataset.vatModes || '[]') as [string, string][]);
  } catch {
    return;
  }
  const mode = pickMode(texts, choice.country, choice.excludeVAT);
  const text = mode === undefined ? undefined : texts.get(mode);
  if (typeof text === 'string') setText(el, text);
}

/** Every price and VAT label under `root` in the shopper's mode (`asBuilt`: see renderPrice). */
export function applyPrices(root: ParentNode = document, asBuilt = false): void {
  const money = pageMoney();
  const choice = priceChoice();
  for (const el of root.querySelectorAll<HTMLElement>('[data-pm]')) renderPrice(el, money, choice, asBuilt);
  for (const el of root.querySelectorAll<HTMLElement>('[data-vat-modes]')) renderVat(el, choice);
}

/**
 * The chrome's price pass. A shopper in another mode than the build's finds the page's prices
 * hidden (`pm-wait`, set before the first paint by Base.astro's inline script; base.scss shows them
 * after 3 s whatever happens): they are shown once they are the shopper's.
 */
export function startPrices(): void {
  const run = () => applyPrices();
  countryId.listen(run);
  excludeVAT.listen(run);
  applyPrices(document, true);
  document.documentElement.classList.remove('pm-wait');
}
