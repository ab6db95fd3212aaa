/**
 * The sample catalog generator: writes a complete export folder through the atomic writer.
 * Reference data, categories, brands, folders and contents are small and written first; products
 * are then built and written one at a time (never held as a list), with their redirects.
 */
import type { z } from 'zod';
import { LOCALES, type Brand, type Category, type Redirect, type StreamName } from '../../src/catalog/export-schema.ts';
import { createExportWriter, type ExportWriter } from '../../src/catalog/write-export.ts';
import { CONTENT_REDIRECTS, contents, folders } from './contents.ts';
import { writeDocumentPool } from './documents.ts';
import { SAMPLE_FIXTURES } from './fixtures.ts';
import { HOSTILE_HTML } from './hostile.ts';
import { startImagePool, type ImagePool, type PendingImagePool } from './images.ts';
import { buildProduct, planProducts, type ProductContext } from './products.ts';
import { Rng, STREAM_TAG } from './prng.ts';
import { COUNTRIES, CURRENCIES, FULFILMENT_CENTERS, TAX_RULES } from './reference.ts';
import { escapeHtml, slugify } from './slug.ts';
import { categoryTree, tierOneId, type CategoryNode } from './taxonomy.ts';
import { austrian, BRANDS, SHOP_NAME, type Group } from './words.ts';

type CategoryIn = z.input<typeof Category>;
type BrandIn = z.input<typeof Brand>;
type RedirectIn = z.input<typeof Redirect>;

const FX = SAMPLE_FIXTURES;
const DAY_MS = 86_400_000;

export interface SampleOptions {
  products: number;
  out: string;
  seed?: number;
  /** Called every `progressEvery` products. */
  onProgress?: (done: number, total: number) => void;
  progressEvery?: number;
  /** Stops the run (e.g. on Ctrl-C): the temporary folder is removed, the previous export stays. */
  signal?: AbortSignal;
  /** For tests: lets a record be changed (or broken) right before it is written. */
  beforeWrite?: (stream: StreamName, record: unknown) => unknown;
}

export interface SampleResult {
  dir: string;
  counts: Record<StreamName, number>;
  generatedAt: string;
}

/** 2026-01-01T00:00:00Z for seed 1; other seeds move it by ((seed - 1) mod 365) days. */
export function generatedAtFor(seed: number): Date {
  const days = (((seed - 1) % 365) + 365) % 365;
  return new Date(Date.UTC(2026, 0, 1) + days * DAY_MS);
}

const ROOT_GROUP: Record<string, Group> = { werkzeug: 'tool', garten: 'garden', bauen: 'build', arbeitskleidung: 'wear', haushalt: 'home', saison: 'home' };

/** Checks that the ids the fixtures promise are the ones the taxonomy produces. */
function checkFixtureIds(): void {
  const expect = (what: string, actual: number, promised: number) => {
    if (actual !== promised) throw new Error(`fixtures out of date: ${what} is ${actual}, SAMPLE_FIXTURES says ${promised}`);
  };
  expect('deepest category (akkuschrauber)', tierOneId('akkuschrauber'), FX.deepestCategoryId);
  expect('empty category (maehroboter)', tierOneId('maehroboter'), FX.emptyCategoryId);
  expect('empty subtree root (saison)', tierOneId('saison'), FX.emptySubtreeRootId);
  expect('hidden category (auslauf)', tierOneId('auslauf'), FX.hiddenCategoryId);
  expect('hostile category (schlaeuche)', tierOneId('schlaeuche'), FX.hostileHtml.categoryId);
  expect('listing category', tierOneId('akkuschrauber'), FX.listing.categoryId);
  expect('brand count', BRANDS.length, FX.brandCount);
}

function categoryRecords(tree: CategoryNode[], images: ImagePool, seed: number): CategoryIn[] {
  const byKey = new Map(tree.map((n) => [n.key, n]));
  return tree.map((node) => {
    let root = node;
    while (root.parent) root = byKey.get(root.parent)!;
    const group = ROOT_GROUP[root.key] ?? 'home';
    const rng = Rng.for(seed, STREAM_TAG.category, node.id);
    const children = tree.filter((c) => c.parent === node.key);
    const list = (lang: 0 | 1) => (children.length ? `\n<ul>${children.map((c) => `<li>${escapeHtml(lang ? c.ro : c.de)}</li>`).join('')}</ul>` : '');
    const hostile = node.id === FX.hostileHtml.categoryId ? `\n${HOSTILE_HTML}` : '';
    const de = node.about?.[0] ?? `${node.de}: große Auswahl, geprüfte Qualität und schnelle Lieferung aus Leipzig, Wels und Cluj-Napoca.`;
    const ro = node.about?.[1] ?? `${node.ro}: selecție largă, calitate verificată și livrare rapidă din Leipzig, Wels și Cluj-Napoca.`;
    const descDe = `<p>${escapeHtml(de)}</p>${list(0)}${hostile}`;
    const descRo = `<p>${escapeHtml(ro)}</p>${list(1)}${hostile}`;
    const texts = (title: string, chapo: string, description: string) => ({
      title,
      chapo,
      description,
      metaTitle: `${title} | ${SHOP_NAME}`,
      metaDescription: chapo.slice(0, 160),
      metaKeywords: '',
    });
    const pool = images.byGroup[group];
    const image = pool[rng.int(0, pool.length - 1)]!;
    const slugDe = `${slugify(node.de)}.html`;
    return {
      id: node.id,
      parent: node.parentId,
      visible: node.visible ?? true,
      position: node.position,
      i18n: {
        de_DE: texts(node.de, de, descDe),
        de_AT: texts(austrian(node.de), austrian(de), austrian(descDe)),
        ro_RO: texts(node.ro, ro, descRo),
      },
      url: { de_DE: slugDe, de_AT: `${slugify(austrian(node.de))}.html`, ro_RO: `${slugify(node.ro)}.html` },
      images: rng.chance(0.85)
        ? [
            {
              id: 5_000_000 + node.id * 10,
              file: image.file,
              width: image.width,
              height: image.height,
              position: 1,
              alt: { de_DE: node.de, de_AT: austrian(node.de), ro_RO: node.ro },
            },
          ]
        : [],
      contents: node.level === 1 && node.key !== 'saison' ? [FX.blogPostIds.first + (node.id % 20)] : [],
    };
  });
}

function brandRecords(images: ImagePool): BrandIn[] {
  return BRANDS.map((brand, i) => {
    const id = i + 1;
    const logo = images.logos[i]!;
    const texts = (chapo: string, lang: 0 | 1) => ({
      title: brand.name,
      chapo,
      description: `<p>${chapo}</p>\n<p>${lang ? `Toate produsele ${brand.name} la ${SHOP_NAME}.` : `Alle Produkte von ${brand.name} bei ${SHOP_NAME}.`}</p>`,
      metaTitle: `${brand.name} | ${SHOP_NAME}`,
      metaDescription: chapo,
      metaKeywords: brand.name,
    });
    const slug = `${slugify(brand.name)}.html`;
    return {
      id,
      visible: true,
      position: id,
      i18n: { de_DE: texts(brand.de, 0), de_AT: texts(austrian(brand.de), 0), ro_RO: texts(brand.ro, 1) },
      url: { de_DE: slug, de_AT: slug, ro_RO: slug },
      logo: { id: 6_000_000 + id, file: logo.file, width: logo.width, height: logo.height, position: 1, alt: { de_DE: brand.name, de_AT: brand.name, ro_RO: brand.name } },
      images: [],
    };
  });
}

function categoryAndBrandRedirects(categories: CategoryIn[], brands: BrandIn[]): RedirectIn[] {
  const out: RedirectIn[] = [];
  const deepest = categories.find((c) => c.id === FX.deepestCategoryId)!;
  const s = FX.redirectSamples;
  out.push(
    { url: s.category.from, locale: 'de_DE', view: 'category', viewId: deepest.id, to: deepest.url.de_DE! },
    { url: s.category.from, locale: 'de_AT', view: 'category', viewId: deepest.id, to: deepest.url.de_AT! },
    { url: 'masini-de-gaurit-cu-acumulator.html', locale: 'ro_RO', view: 'category', viewId: deepest.id, to: deepest.url.ro_RO! },
  );
  // A renamed category with a two-step history in German.
  const hoses = categories.find((c) => c.id === FX.hostileHtml.categoryId)!;
  out.push(
    { url: 'schlaeuche.html', locale: 'de_DE', view: 'category', viewId: hoses.id, to: 'wasserschlaeuche.html' },
    { url: 'wasserschlaeuche.html', locale: 'de_DE', view: 'category', viewId: hoses.id, to: hoses.url.de_DE! },
    { url: 'furtunuri.html', locale: 'ro_RO', view: 'category', viewId: hoses.id, to: hoses.url.ro_RO! },
  );
  const brand = brands.find((b) => b.id === s.brand.id)!;
  for (const locale of LOCALES) out.push({ url: s.brand.from, locale, view: 'brand', viewId: brand.id, to: brand.url[locale]! });
  out.push(...CONTENT_REDIRECTS.map((r) => ({ ...r })));
  return out;
}

export async function generateSample(options: SampleOptions): Promise<SampleResult> {
  const n = options.products;
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--products must be a positive integer, got ${n}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, got ${seed}`);
  if (n > 5_000_000) throw new Error(`--products ${n} is more than the generator's id scheme allows (5,000,000)`);
  checkFixtureIds();

  const generatedAt = generatedAtFor(seed);
  const writer: ExportWriter = await createExportWriter(options.out);
  const counts = { categories: 0, brands: 0, folders: 0, contents: 0, products: 0, redirects: 0 } as Record<StreamName, number>;
  const write = async (stream: StreamName, record: unknown) => {
    const value = options.beforeWrite ? options.beforeWrite(stream, record) : record;
    await writer.write(stream, value as never);
    counts[stream]++;
  };
  let pending: PendingImagePool | null = null;
  try {
    pending = startImagePool(writer.dir, seed, BRANDS);
    const images = pending.pool;
    const documents = await writeDocumentPool(writer.dir, generatedAt);

    await writer.document('currencies', CURRENCIES);
    await writer.document('countries', COUNTRIES);
    await writer.document('taxRules', TAX_RULES);
    await writer.document('fulfilmentCenters', FULFILMENT_CENTERS);

    const tree = categoryTree(n);
    const categories = categoryRecords(tree, images, seed);
    for (const c of categories) await write('categories', c);
    const brands = brandRecords(images);
    for (const b of brands) await write('brands', b);
    for (const f of folders()) await write('folders', f);
    for (const c of contents({ seed, generatedAt, images, documents })) await write('contents', c);
    for (const r of categoryAndBrandRedirects(categories, brands)) await write('redirects', r);

    const ctx: ProductContext = {
      seed,
      products: n,
      generatedAt,
      categories: new Map(tree.map((node) => [node.key, node])),
      hiddenCategoryId: FX.hiddenCategoryId,
      images,
      documents,
    };
    const plan = planProducts(ctx);
    const every = options.progressEvery ?? 10_000;
    for (let id = 1; id <= n; id++) {
      if (id % 1000 === 0) options.signal?.throwIfAborted();
      const { product, redirects } = buildProduct(plan, id);
      await write('products', product);
      for (const r of redirects) await write('redirects', r);
      if (options.onProgress && (id % every === 0 || id === n)) options.onProgress(id, n);
    }

    await pending.done;
    options.signal?.throwIfAborted();
    const dir = await writer.commit({
      generatedAt: generatedAt.toISOString(),
      source: { kind: 'sample', description: `sample catalog: ${n} products, seed ${seed}`, seed },
      locales: [...LOCALES],
      defaultLocale: 'de_DE',
      defaultCurrency: 'EUR',
    });
    return { dir, counts, generatedAt: generatedAt.toISOString() };
  } catch (error) {
    await pending?.cancel();
    await writer.abort();
    throw error;
  }
}
