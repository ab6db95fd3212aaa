/** Live search and /search/{term} (issue 7), on the 200-product sample's Pagefind index. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { SAMPLE_FIXTURES as F } from '../../../scripts/sample/fixtures.ts';
import { getShop } from '../../../src/shops/index.ts';
import { THUMB_WIDTH } from '../../../src/catalog/images.ts';
import { PARTS_FILE, parseParts } from '../../../src/catalog/search-parts.ts';
import { testCatalog } from '../setup/catalog.ts';
import { E2E, shopUrl } from '../setup/paths.ts';
import { aboutPath, decided, offline, type Shop } from '../chrome/helpers.ts';

test.beforeEach(async ({ context }) => {
  await offline(context);
  for (const shop of ['de', 'at', 'ro'] as const) await decided(context, shop);
});

const box = (page: Page) => page.locator('#site-search');
const dropdown = (page: Page) => page.locator('[data-search-dropdown]');
const status = (page: Page) => page.locator('[data-search-dropdown] [data-search-status]');
const hits = (page: Page) => page.locator('[data-search-dropdown] .search-hit');
const hitTitles = (page: Page) => page.locator('[data-search-dropdown] .search-hit__title');
/** A request for a result's fragment, of the index at /pagefind/ or of one of its parts (the de shop's, decision 0019). */
const isFragment = (url: string) => /\/pagefind\/(?:parts\/[0-9a-f]+\/)?fragment\//.test(url);
/** The parts of a test shop's search index besides the one at /pagefind/ (decision 0019), as its build listed them. */
const partsOf = (shop: Shop) => parseParts(JSON.parse(readFileSync(join(E2E.dist, shop, 'pagefind', PARTS_FILE), 'utf8')));
/** Cents as the German shop shows them. */
const money = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/** Records in the page every count of results the dropdown shows, in order (countsSeen reads them). */
async function recordCounts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __counts: number[] };
    w.__counts = [];
    new MutationObserver(() => {
      const n = document.querySelectorAll('[data-search-dropdown] .search-hit').length;
      if (n !== w.__counts.at(-1)) w.__counts.push(n);
    }).observe(document.body, { subtree: true, childList: true });
  });
}

/** The counts of results recorded in the page (`__counts`: recordCounts, or a test's own recorder), 0 left out. */
const countsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __counts: number[] }).__counts.filter((n) => n > 0));

/** The serious and critical axe violations on the page as it is. */
async function serious(page: Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The count of `items` once it has stopped growing (the chunks that load by themselves have loaded). */
async function settled(page: Page, items: Locator) {
  let n = -1;
  for (let i = 0; i < 20 && n !== (await items.count()); i++) {
    n = await items.count();
    await page.waitForTimeout(400);
  }
  return n;
}

/** Scrolls down until `items` has more than `n` or a while has passed. */
async function scrollPast(page: Page, items: Locator, n: number) {
  for (let i = 0; i < 20 && (await items.count()) <= n; i++) {
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(100);
  }
}

/** Scrolls down until the list shows all `total` results (infinite scroll), and expects them. */
async function scrollToAll(page: Page, items: Locator, total: number) {
  for (let i = 0; i < 40 && (await items.count()) < total; i++) {
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(100);
  }
  await expect(items).toHaveCount(total);
}

/**
 * A deploy while the page is open, from `now()` on: the index's files get new names, so until the
 * page loads the index's entry again, the chunks and fragments it asks for are gone (404), as on
 * Netlify after a deploy. `gone` counts those requests; `reloaded` says the entry was fetched again.
 */
async function routeDeploy(page: Page) {
  let deployed = false;
  let reloaded = false;
  let gone = 0;
  await page.route('**/pagefind/**', (r) => {
    const path = new URL(r.request().url()).pathname;
    if (deployed && path.endsWith('/pagefind-entry.json')) reloaded = true;
    if (deployed && !reloaded && /\/pagefind\/(?:parts\/[0-9a-f]+\/)?(?:index|fragment)\//.test(path)) {
      gone++;
      return r.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    }
    return r.continue();
  });
  return { now: () => void (deployed = true), gone: () => gone, reloaded: () => reloaded };
}

async function open(page: Page, shop: Shop = 'de') {
  await page.goto(shopUrl(shop, aboutPath(shop)));
}

async function type(page: Page, text: string) {
  await box(page).click();
  await box(page).pressSequentially(text, { delay: 20 });
}

const TEXTS = {
  de: {
    hint: 'Bitte geben Sie mehr als drei Zeichen ein.',
    none: 'Leider konnten wir keine Ergebnisse finden. Bitte versuchen Sie eine andere Eingabe.',
    error: 'Bei der Suche ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  },
  ro: { hint: 'Vă rugăm să introduceți mai mult de trei caractere.' },
};

test.describe('loading', () => {
  test('the search island loads only on interaction with the box, Pagefind on its focus, never before', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.url().includes('/pagefind/')) scripts.push(r.url());
    });
    await open(page);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    expect(scripts.filter((u) => /SearchBox|pagefind/.test(u))).toEqual([]);
    // A pointer resting on the box hydrates the island, but only the focus loads Pagefind.
    await box(page).hover();
    await expect.poll(() => scripts.some((u) => u.includes('SearchBox'))).toBe(true);
    await page.waitForTimeout(500);
    expect(scripts.filter((u) => u.includes('/pagefind/'))).toEqual([]);
    await box(page).focus();
    // Pagefind's JS, worker, wasm and filter indexes, before anything is typed; no index chunk yet.
    await expect.poll(() => scripts.some((u) => u.includes('/pagefind/pagefind.js'))).toBe(true);
    await expect.poll(() => scripts.some((u) => /\/pagefind\/wasm\.\w+\.pagefind$/.test(u))).toBe(true);
    await expect.poll(() => scripts.some((u) => u.includes('/pagefind/filter/'))).toBe(true);
    // The de shop's other parts (decision 0019): their filter indexes too.
    const parts = partsOf('de');
    expect(parts.length).toBeGreaterThan(1);
    await expect.poll(() => parts.filter((part) => !scripts.some((u) => u.includes(`${part}filter/`)))).toEqual([]);
    expect(scripts.filter((u) => /\/pagefind\/(?:parts\/[0-9a-f]+\/)?(index|fragment)\//.test(u))).toEqual([]);
  });

  test('a focus that hydrates the island (keyboard) loads Pagefind too', async ({ page }) => {
    const pagefind: string[] = [];
    page.on('request', (r) => r.url().includes('/pagefind/') && pagefind.push(r.url()));
    await open(page);
    await page.waitForLoadState('networkidle');
    expect(pagefind).toEqual([]);
    await box(page).focus();
    await expect.poll(() => pagefind.some((u) => u.includes('/pagefind/filter/'))).toBe(true);
  });

  test('the search runs during the 300 ms pause, its results show only after it', async ({ page }) => {
    const fragments: string[] = [];
    page.on('request', (r) => isFragment(r.url()) && fragments.push(r.url()));
    await open(page);
    // Every count of results the dropdown shows, in order (more chunks follow the first at once,
    // as the end of a short list is near: under load, a count read after the pause was 17 or 29).
    await recordCounts(page);
    await type(page, 'Gar');
    await expect(status(page)).toHaveText(TEXTS.de.hint);
    // The page's clock stands still from here (no timer fires until runFor).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await box(page).pressSequentially('antie', { delay: 20 });
    // The pause has not ended, yet the search ran and fetched the data of the first 5 results.
    await expect.poll(() => fragments.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await expect(hits(page)).toHaveCount(0);
    await expect(status(page)).toHaveText(TEXTS.de.hint);
    await page.clock.runFor(250);
    await expect(hits(page)).toHaveCount(0);
    await expect(status(page)).toHaveText(TEXTS.de.hint);
    await page.clock.runFor(100);
    await page.clock.resume();
    await expect(status(page)).toHaveText(/^\d+ Ergebnisse$/);
    // After the pause the first chunk (5) shows at once, whatever follows it.
    await expect(hits(page)).not.toHaveCount(0);
    const counts = await countsSeen(page);
    expect(counts[0]).toBe(5);
  });
});

test.describe('an index in parts (decision 0019)', () => {
  test("the de shop's index in parts finds what the at shop's one index finds: the same count and category counts, every part searched", async ({ page }) => {
    // The same catalog in both German shops; de's index is in parts (SEARCH_PART_RECORDS in the browser tests), at's is one.
    expect(partsOf('at')).toEqual([]);
    const parts = partsOf('de');
    expect(parts.length).toBeGreaterThan(1);
    const searched = new Set<string>();
    page.on('request', (r) => {
      const m = /^\/pagefind\/parts\/[0-9a-f]+\/(?=index\/)/.exec(new URL(r.url()).pathname);
      if (m) searched.add(m[0]);
    });
    const found = async (shop: Shop) => {
      await open(page, shop);
      await type(page, 'Premium');
      await expect(status(page)).toHaveText(/^\d+ Ergebnisse$/);
      await expect(page.locator('[data-search-dropdown] .search-facet').first()).toBeVisible();
      const facets = await page
        .locator('[data-search-dropdown] .search-facet')
        .evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.facet} ${e.querySelector('.search-facet__count')?.textContent ?? ''}`));
      // Every result, once the dropdown has loaded them all (its chunks follow as the end of a short list nears).
      const total = Number((await status(page).textContent())!.split(' ')[0]);
      await expect(hitTitles(page)).toHaveCount(total);
      // (The titles differ: at names some products in Austrian German.)
      return { total, facets, distinct: new Set(await hitTitles(page).allTextContents()).size };
    };
    const de = await found('de');
    expect([...searched].sort()).toEqual([...parts].sort());
    expect(de.facets.length).toBeGreaterThan(2);
    expect(de.total).toBeGreaterThan(10);
    expect(de).toEqual(await found('at'));
  });
});

test.describe('live search box', () => {
  test('fewer than 4 characters shows the hint, translated per shop', async ({ page }) => {
    await open(page);
    await type(page, 'Kom');
    await expect(status(page)).toHaveText(TEXTS.de.hint);
    await expect(page.locator('#search-status')).toHaveText(TEXTS.de.hint);
    await box(page).fill('');
    await open(page, 'ro');
    await type(page, '  ab ');
    await expect(status(page)).toHaveText(TEXTS.ro.hint);
  });

  test('4 or more characters search after a 300 ms pause, not before', async ({ page }) => {
    await open(page);
    await type(page, 'Kom');
    await expect(status(page)).toHaveText(TEXTS.de.hint);
    // The page's clock stands still from here (no timer fires until runFor): an installed clock that
    // still flows fired the 300 ms pause while the test looked, and the test failed half the time.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await box(page).press('b');
    await page.clock.runFor(250);
    await expect(status(page)).toHaveText(TEXTS.de.hint);
    await expect(hits(page)).toHaveCount(0);
    await page.clock.runFor(100);
    await page.clock.resume();
    await expect(status(page)).toHaveText(/^\d+ Ergebnisse$/);
    await expect(hitTitles(page).first()).toContainText('Kombi');
  });

  test('a German plural finds the singular (German stemming)', async ({ page }) => {
    await open(page);
    await type(page, 'Kombizangen');
    await expect(hitTitles(page).first()).toBeVisible();
    const titles = await hitTitles(page).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t).toMatch(/Kombizange\b/);
    expect(titles.join(' ')).not.toContain('Kombizangen');
  });

  test('a Romanian query without diacritics finds the word with them', async ({ page }) => {
    await open(page, 'ro');
    await type(page, 'suruburi');
    await expect(hitTitles(page).first()).toBeVisible();
    const titles = await hitTitles(page).allTextContents();
    expect(titles.some((t) => t.includes('Șuruburi'))).toBe(true);
    await box(page).fill('');
    await type(page, 'manusi');
    await expect(hitTitles(page).first()).toContainText('Mănuși');
  });

  test('HTML and regex special characters are searched literally and rendered safely', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const hostile = testCatalog('de').product(F.hostileHtml.productId)!;
    await open(page);
    await type(page, '"Elektriker" <VDE>');
    await expect(hitTitles(page).first()).toBeVisible();
    await expect(hitTitles(page).filter({ hasText: hostile.title })).toHaveCount(1);
    await expect(page.locator('[data-search-dropdown] vde')).toHaveCount(0);

    await box(page).fill('');
    await type(page, '<img src=x onerror=window.__xss=1>');
    await expect(status(page)).not.toHaveText(/…/);
    await expect(page.locator('[data-search-dropdown] img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await box(page).fill('');
    await type(page, 'Kombizange.*(200');
    await expect(hitTitles(page).first()).toBeVisible();
    await expect(hitTitles(page).first()).toContainText('Kombizange');
    await box(page).fill('');
    await type(page, '[(.*+?^$|\\');
    await expect(status(page)).toHaveText(TEXTS.de.none);
    expect(errors).toEqual([]);
  });

  test('the category facet narrows, All resets; counts are shown', async ({ page }) => {
    await open(page);
    await type(page, 'Premium');
    await expect(status(page)).toHaveText(/^\d+ Ergebnisse$/);
    const total = Number((await status(page).textContent())!.split(' ')[0]);
    const facet = page.locator('[data-search-dropdown] .search-facet[data-facet="Garten"]');
    const facetCount = Number((await facet.locator('.search-facet__count').textContent())!.replace(/\D/g, ''));
    expect(facetCount).toBeGreaterThan(0);
    expect(facetCount).toBeLessThan(total);
    await facet.click();
    await expect(facet).toHaveAttribute('aria-pressed', 'true');
    await expect(status(page)).toHaveText(`${facetCount} Ergebnisse`);
    await expect(dropdown(page)).toBeVisible();
    const all = page.locator('[data-search-dropdown] .search-facet[data-facet=""]');
    await all.click();
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(status(page)).toHaveText(`${total} Ergebnisse`);
  });

  test('results: image, title, price, stock state, friendly URL; 5 in the first load, then chunks of 6 by infinite scroll', async ({ page }) => {
    await open(page);
    await recordCounts(page);
    await type(page, 'Garantie');
    await expect(status(page)).toHaveText(/^\d+ Ergebnisse$/);
    const total = Number((await status(page).textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(40);
    await expect.poll(() => hits(page).count()).toBeGreaterThan(5);
    const counts = await countsSeen(page);
    expect(counts[0]).toBe(5);
    for (const n of counts.slice(1)) expect((n - 5) % 6 === 0 || n === total).toBe(true);
    const before = await hits(page).count();
    expect(before).toBeLessThan(total);
    await dropdown(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => hits(page).count()).toBeGreaterThan(before);

    const first = hits(page).first();
    // The thumbnail derivative (a 64 px image), not the original photo.
    await expect(first.locator('img')).toHaveAttribute('src', new RegExp(`^/_img/[0-9a-f]+-${THUMB_WIDTH}\\.webp$`));
    const thumb = await first.locator('img').evaluate(async (img: HTMLImageElement) => (await fetch(img.src)).status);
    expect(thumb).toBe(200);
    await expect(first.locator('.search-hit__price')).toHaveText(/\d,\d\d €/);
    await expect(first.locator('.search-hit__stock')).not.toBeEmpty();
    const url = await first.getAttribute('data-url');
    expect(
      testCatalog('de')
        .routes()
        .some((r) => r.path === url && r.kind === 'product'),
    ).toBe(true);
  });

  test('the dropdown: more results that fail to load are the error and a button that loads them', async ({ page }) => {
    let fail = false;
    await page.route(
      (url) => isFragment(url.href),
      (r) => (fail ? r.abort('failed') : r.continue()),
    );
    await open(page);
    await type(page, 'Garantie');
    await expect(status(page)).toHaveText(/^\d+ Ergebnisse$/);
    await expect.poll(() => hits(page).count()).toBeGreaterThan(5);
    const before = await settled(page, hits(page));
    fail = true;
    await dropdown(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const alert = dropdown(page).getByRole('alert');
    await expect(alert).toContainText(TEXTS.de.error);
    await expect(hits(page)).toHaveCount(before);
    // The search's own status line still counts the results: only the next chunk failed.
    await expect(status(page)).toHaveText(/^\d+ Ergebnisse$/);
    fail = false;
    await alert.getByRole('button', { name: 'Weitere Ergebnisse laden' }).click();
    await expect.poll(() => hits(page).count()).toBeGreaterThan(before);
    await expect(alert).toHaveCount(0);
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  });

  test('stock states and prices following the country and VAT mode', async ({ page }) => {
    const cat = testCatalog('de');
    const low = cat.product(F.lowStockProductId)!;
    const out = cat.product(F.outOfStockProductId)!;
    await open(page);
    await type(page, low.ref);
    await expect(hits(page).first().locator('.search-hit__stock')).toHaveText(/^Nur noch \d auf Lager$/);
    await box(page).fill('');
    await type(page, out.ref);
    await expect(hits(page).first().locator('.search-hit__stock')).toHaveText('Nicht auf Lager');

    const p = cat.product(F.simpleProductId)!;
    const card = cat.cards([p.id])[0]!;
    await box(page).fill('');
    await type(page, p.ref);
    const price = hits(page).first().locator('.search-hit__price');
    await expect(price).toHaveText(money(card.price));
    const at = getShop('de').countries.find((c) => c.isoalpha2 === 'AT');
    if (at) {
      await page.evaluate((id) => {
        localStorage.setItem('country_id', String(id));
        window.dispatchEvent(new StorageEvent('storage', { key: 'country_id', newValue: String(id), storageArea: localStorage }));
      }, at.id);
      await expect(price).not.toHaveText(money(card.price));
    }
    await page.evaluate(() => {
      localStorage.setItem('excludeVAT', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'excludeVAT', newValue: 'true', storageArea: localStorage }));
    });
    const net = Math.round(Number(p.variants.find((v) => v.isDefault)!.prices.net.price) * 100);
    await expect(price).toHaveText(money(net));
  });

  test('content links grouped by parent folder, collapsible, 5 shown then more', async ({ page }) => {
    await open(page);
    // Every text the search's status line says on the way (the term finds contents, no product).
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => {
        for (const s of document.querySelectorAll('header [role=status]')) said.push(s.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await type(page, 'Werkhof');
    const groups = page.locator('[data-search-dropdown] .search-folder');
    await expect(groups.first()).toBeVisible();
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said, 'no "no results" before the contents arrive').not.toContain(TEXTS.de.none);
    expect(await groups.count()).toBeGreaterThanOrEqual(2);
    const blog = groups.filter({ hasText: 'Blog' });
    await expect(blog.locator('li')).toHaveCount(5);
    await blog.locator('.search-folder__more').click();
    expect(await blog.locator('li').count()).toBeGreaterThan(5);
    const toggle = blog.locator('.search-folder__toggle');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(blog.locator('ul')).toBeHidden();
    await toggle.click();
    await expect(blog.locator('ul')).toBeVisible();
    const href = await blog.locator('a').first().getAttribute('href');
    expect(
      testCatalog('de')
        .routes()
        .some((r) => r.path === href && r.kind === 'content'),
    ).toBe(true);
  });

  test('no results and error messages (spec §8)', async ({ page }) => {
    await open(page);
    await type(page, 'Qjjqkk');
    await expect(status(page)).toHaveText(TEXTS.de.none);
    await expect(page.locator('#search-status')).toHaveText(TEXTS.de.none);
    await page.goto('about:blank');
    await page.route('**/pagefind/**', (r) => r.abort('failed'));
    await open(page);
    await type(page, 'Kombizange');
    await expect(status(page)).toHaveText(TEXTS.de.error);
  });

  test('a deploy while the page is open: a search that finds the index files gone loads the index again and answers', async ({ page }) => {
    const deploy = await routeDeploy(page);
    await open(page);
    await type(page, 'Kombizange');
    await expect(hits(page).first()).toBeVisible();
    deploy.now();
    const p = testCatalog('de').product(F.simpleProductId)!;
    await box(page).fill('');
    await type(page, p.ref);
    await expect(hitTitles(page).first()).toHaveText(p.title);
    await expect(status(page)).not.toHaveText(TEXTS.de.error);
    expect(deploy.gone(), 'the old index asked for a file that is gone').toBeGreaterThan(0);
    expect(deploy.reloaded()).toBe(true);
  });

  test('prices come from the price sheets beside the index (decision 0015): a sheet that fails is the error message, and typing again loads it', async ({ page }) => {
    const cat = testCatalog('de');
    const [p, q] = [cat.product(F.simpleProductId)!, cat.product(F.lowStockProductId)!];
    const priceOf = (id: number) => money(cat.cards([id])[0]!.price);
    let fail = true;
    const sheets: string[] = [];
    await page.route('**/search-prices/*.json', (r) => (sheets.push(new URL(r.request().url()).pathname), fail ? r.abort('failed') : r.continue()));
    await open(page);
    await type(page, p.ref);
    await expect(status(page)).toHaveText(TEXTS.de.error);
    // The sheets that failed: the term's, and those of shorter terms searched while it was typed.
    const failed = new Set(sheets);
    for (const s of failed) expect(s).toMatch(/^\/search-prices\/[0-9a-f]{3}\.json$/);
    const before = sheets.length;
    fail = false;
    // The same term typed again (cleared and retyped within the pause): searched again, its
    // sheet fetched again (a failure is not kept).
    await box(page).fill('');
    await type(page, p.ref);
    await expect(hits(page).first().locator('.search-hit__price')).toHaveText(priceOf(p.id));
    expect(sheets.slice(before).filter((s) => failed.has(s)).length, 'a sheet that failed is fetched again').toBeGreaterThan(0);
    // Another term.
    await box(page).fill('');
    await type(page, q.ref);
    await expect(hits(page).first().locator('.search-hit__price')).toHaveText(priceOf(q.id));
  });

  test('outside click closes; page scroll locked while open', async ({ page }) => {
    await open(page);
    await type(page, 'Kombizange');
    await expect(hits(page).first()).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    await page
      .locator('footer')
      .first()
      .click({ position: { x: 5, y: 5 } });
    await expect(dropdown(page)).toBeHidden();
    await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('keyboard only: combobox with arrow keys, Escape, Enter; the count is announced', async ({ page }) => {
    await open(page);
    for (let i = 0; i < 30 && !(await box(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(box(page)).toBeFocused();
    await expect(box(page)).toHaveAttribute('role', 'combobox');
    await page.keyboard.type('Kombizange', { delay: 20 });
    await expect(hits(page).first()).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#search-status')).toHaveText(/^\d+ Ergebnisse$/);
    await expect(page.locator('#search-status')).toHaveAttribute('aria-live', 'polite');
    await page.keyboard.press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', 'search-option-0');
    await expect(page.locator('#search-option-0')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', 'search-option-1');
    await page.keyboard.press('ArrowUp');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', 'search-option-0');
    await page.keyboard.press('Escape');
    await expect(dropdown(page)).toBeHidden();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(box(page)).not.toHaveAttribute('aria-activedescendant', /./);
    await page.keyboard.press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', 'search-option-0');
    const url = await page.locator('#search-option-0').getAttribute('data-url');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(shopUrl('de', url!));
  });

  test('Enter goes to /search/{term}', async ({ page }) => {
    await open(page);
    await type(page, 'Kombizangen');
    await box(page).press('Enter');
    await expect(page).toHaveURL(shopUrl('de', '/search/Kombizangen'));
    await expect(page.locator('h1')).toHaveText('Suchergebnisse für „Kombizangen“');
    await expect(box(page)).toHaveValue('Kombizangen');
    await expect(page.locator('.search-page .search-hit').first()).toBeVisible();
  });

  test('below 992 px the icon opens the box and the search works', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page);
    await expect(box(page)).toBeHidden();
    await page.locator('[data-search-toggle]').click();
    await expect(box(page)).toBeFocused();
    await page.keyboard.type('Kombizange', { delay: 20 });
    await expect(hits(page).first()).toBeVisible();
  });
});

test.describe('/search/{term}', () => {
  const page$ = (page: Page) => page.locator('.search-page');

  test('any term: the static shell by rewrite, term in the URL and in the box, same facets', async ({ page }) => {
    const res = await page.goto(shopUrl('de', '/search/Premium'));
    expect(res!.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('Suchergebnisse für „Premium“');
    await expect(box(page)).toHaveValue('Premium');
    const st = page$(page).locator('[data-search-status]');
    await expect(st).toHaveText(/^\d+ Ergebnisse$/);
    const total = Number((await st.textContent())!.split(' ')[0]);
    const facet = page$(page).locator('.search-facet[data-facet="Garten"]');
    await facet.click();
    await expect(st).not.toHaveText(`${total} Ergebnisse`);
    await page$(page).locator('.search-facet[data-facet=""]').click();
    await expect(st).toHaveText(`${total} Ergebnisse`);
    await expect(page).toHaveURL(shopUrl('de', '/search/Premium'));
    const a = page$(page).locator('.search-hit a').first();
    await expect(a).toHaveAttribute('href', /\.html$/);
  });

  test('on a phone the facets come with the first results, so nothing moves when the filter indexes are late', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const held: Route[] = [];
    let release = false;
    // Pagefind's filter index of the categories (the products' type filter, which the search needs, comes).
    const dir = join(E2E.dist, 'de', 'pagefind', 'filter');
    const categories = readdirSync(dir).find((f) => gunzipSync(readFileSync(join(dir, f))).includes('category'));
    expect(categories, 'the category filter index').toBeTruthy();
    await page.route(`**/pagefind/filter/${categories}`, (route) => (release ? route.continue() : void held.push(route)));
    const fragments: string[] = [];
    page.on('request', (r) => isFragment(r.url()) && fragments.push(r.url()));
    await page.goto(shopUrl('de', '/search/Premium'));
    // The first results' data is in, the category counts are not: no result is shown yet.
    await expect.poll(() => fragments.length).toBeGreaterThanOrEqual(6);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await expect(page$(page).locator('.search-hit')).toHaveCount(0);
    release = true;
    for (const route of held.splice(0)) await route.continue();
    await expect(page$(page).locator('.search-hit')).toHaveCount(6);
    await expect(page$(page).locator('.search-facet[data-facet="Garten"]')).toBeVisible();
    // Every layout shift of the load (buffered), read a moment after the last render.
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) sum += (e as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => done(sum), 200);
        }),
    );
    expect(shifted).toBe(0);
  });

  test('special characters in the URL are shown literally', async ({ page }) => {
    const term = '<script>alert(1)</script> & "x"';
    await page.goto(shopUrl('de', `/search/${encodeURIComponent(term)}`));
    await expect(page.locator('h1')).toHaveText(`Suchergebnisse für „${term}“`);
    await expect(box(page)).toHaveValue(term);
    await expect(page$(page).locator('script')).toHaveCount(0);
  });

  test('paging by infinite scroll: 6 first, the next chunks when the end comes within 1500 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.addInitScript(() => {
      const w = window as unknown as { __counts: number[] };
      w.__counts = [];
      addEventListener('DOMContentLoaded', () =>
        new MutationObserver(() => {
          const n = document.querySelectorAll('.search-page .search-hit').length;
          if (n !== w.__counts.at(-1)) w.__counts.push(n);
        }).observe(document.body, { subtree: true, childList: true }),
      );
    });
    await page.goto(shopUrl('de', '/search/Garantie'));
    const st = page.locator('.search-page [data-search-status]');
    await expect(st).toHaveText(/^\d+ Ergebnisse$/);
    const total = Number((await st.textContent())!.split(' ')[0]);
    const items = page.locator('.search-page .search-hit');
    await expect.poll(() => items.count()).toBeGreaterThan(6);
    const counts = await countsSeen(page);
    expect(counts[0]).toBe(6);
    const before = await items.count();
    expect(before).toBeLessThan(total);
    await scrollToAll(page, items, total);
  });

  /**
   * Opens the results page of `term` at a phone's size; resolves with the hits once the chunks
   * that load by themselves (the end within 1500 px) have loaded, and more are left.
   */
  async function firstChunks(page: Page, shop: Shop, term: string) {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(shopUrl(shop, `/search/${term}`));
    const items = page.locator('.search-page .search-hit');
    await expect(items.first()).toBeVisible();
    const shown = await settled(page, items);
    const total = Number((await page.locator('.search-page [data-search-status]').textContent())!.split(' ')[0]);
    expect(total, `${term} finds more than what loads at first`).toBeGreaterThan(shown);
    return { items, total, shown };
  }

  test('a deploy while the list is open: the next chunk comes from the index as the site has it now', async ({ page }) => {
    const deploy = await routeDeploy(page);
    const { items, total, shown } = await firstChunks(page, 'de', 'Garantie');
    const before = await page.locator('.search-page .search-hit__title').allTextContents();
    deploy.now();
    await scrollPast(page, items, shown);
    await expect.poll(() => items.count()).toBeGreaterThan(shown);
    // Nothing shown is lost or shown twice; no error.
    const titles = await page.locator('.search-page .search-hit__title').allTextContents();
    expect(titles.slice(0, shown)).toEqual(before);
    const urls = await page.locator('.search-page .search-hit__link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(urls).size).toBe(urls.length);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(deploy.gone(), 'the old index asked for a file that is gone').toBeGreaterThan(0);
    expect(deploy.reloaded()).toBe(true);
    // The rest of the list loads as before.
    await scrollToAll(page, items, total);
  });

  for (const [shop, term, texts] of [
    ['de', 'Garantie', { error: TEXTS.de.error, button: 'Weitere Ergebnisse laden' }],
    ['ro', 'iarna', { error: 'A apărut o eroare la căutare. Vă rugăm să încercați din nou mai târziu.', button: 'Încarcă mai multe rezultate' }],
  ] as const) {
    test(`${shop}: more results that fail to load are the error and a button that loads them; nothing shown is lost`, async ({ page }) => {
      let fail = false;
      let failed = 0;
      await page.route(
        (url) => isFragment(url.href),
        (r) => (fail ? (failed++, r.abort('failed')) : r.continue()),
      );
      const { items, total, shown } = await firstChunks(page, shop, term);
      fail = true;
      await scrollPast(page, items, shown);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(texts.error);
      // Tried twice (the second time on the index loaded again) before the error shows.
      expect(failed).toBeGreaterThanOrEqual(2);
      await expect(items).toHaveCount(shown);
      expect(await serious(page)).toEqual([]);
      const button = alert.getByRole('button', { name: texts.button });
      fail = false;
      await button.click();
      await expect.poll(() => items.count()).toBeGreaterThan(shown);
      await expect(alert).toHaveCount(0);
      await scrollToAll(page, items, total);
    });
  }

  test('Romanian shop: results page in Romanian', async ({ page }) => {
    await page.goto(shopUrl('ro', '/search/suruburi'));
    await expect(page.locator('h1')).toHaveText('Rezultatele căutării pentru „suruburi”');
    await expect(page.locator('.search-page .search-hit__title').first()).toContainText('Șuruburi');
  });
});

test.describe('accessibility', () => {
  // One test per state: three axe runs in one test took 16 s alone and over 30 s under two
  // workers on the 2-core CI machine.
  test('no serious axe violation with the dropdown open on contents (folders)', async ({ page }) => {
    await open(page);
    await type(page, 'Werkhof');
    await expect(page.locator('[data-search-dropdown] .search-folder').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    expect(await serious(page)).toEqual([]);
  });

  test('no serious axe violation with the dropdown open on products and facets', async ({ page }) => {
    await open(page);
    await type(page, 'Kombizange');
    await expect(hits(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    expect(await serious(page)).toEqual([]);
  });

  test('no serious axe violation on the results page', async ({ page }) => {
    await page.goto(shopUrl('ro', '/search/suruburi'));
    // What is checked is the page with results, not how fast they come (scripts/bench/search.ts):
    // a cold visit loads Pagefind, its wasm and filter indexes first, which under a loaded test
    // machine took more than the default 5 s (a flaky failure, "Se caută …" still shown).
    await expect(page.locator('.search-page .search-hit').first()).toBeVisible({ timeout: 20_000 });
    expect(await serious(page)).toEqual([]);
  });
});
