import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ExportError, openExport, type Fault } from '../../src/catalog/read-export.ts';
import { miniProduct, writeMiniExport } from '../fixtures/mini-export.ts';

let dir: string;
beforeEach(async () => {
  dir = await writeMiniExport(mkdtempSync(join(tmpdir(), 'read-export-')));
});

const collect = async (name: 'products' | 'categories' | 'redirects') => {
  const ex = await openExport(dir);
  const faults: Fault[] = [];
  const records: unknown[] = [];
  for await (const r of ex.stream(name, (f) => faults.push(f))) records.push(r);
  return { records, faults };
};
const editManifest = (edit: (m: Record<string, unknown>) => void) => {
  const file = join(dir, 'manifest.json');
  const m = JSON.parse(readFileSync(file, 'utf8'));
  edit(m);
  writeFileSync(file, JSON.stringify(m));
};
/** Replaces products.ndjson with these lines, keeping the manifest's count in step. */
const setProducts = (lines: string[]) => {
  writeFileSync(join(dir, 'products.ndjson'), lines.join('\n') + '\n');
  editManifest((m) => ((m.counts as Record<string, number>).products = lines.length));
};
const fatal = async (): Promise<Fault[]> => {
  try {
    await openExport(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ExportError);
    return (error as ExportError).faults;
  }
  throw new Error('expected the export to be refused');
};

describe('the export schema accepts a valid export', () => {
  it('streams every record without a fault', async () => {
    const { records, faults } = await collect('products');
    expect(faults).toEqual([]);
    expect(records).toHaveLength(4);
  });
});

describe('fatal faults stop the build with a clear message', () => {
  it('a folder without manifest', async () => {
    rmSync(join(dir, 'manifest.json'));
    const [f] = await fatal();
    expect(f).toMatchObject({ file: 'manifest.json', reason: expect.stringMatching(/file is missing: .* is not an export folder/) });
  });
  it('a manifest of another format', async () => {
    editManifest((m) => (m.format = 'something-else'));
    expect((await fatal())[0]).toMatchObject({ file: 'manifest.json', field: 'format', reason: 'not a thelia-storefront-export folder' });
  });
  it('an unsupported format version', async () => {
    editManifest((m) => (m.version = 99));
    expect((await fatal())[0]).toMatchObject({ field: 'version', reason: expect.stringMatching(/format version 99 is not supported/) });
  });
  it('a reference document that is not JSON', async () => {
    writeFileSync(join(dir, 'tax-rules.json'), '[{');
    expect((await fatal())[0]).toMatchObject({ file: 'tax-rules.json', reason: expect.stringMatching(/^not valid JSON/) });
  });
  it('a reference document that breaks the schema', async () => {
    writeFileSync(join(dir, 'currencies.json'), JSON.stringify([{ id: 1, code: 'euro', symbol: '€', rate: '1', isDefault: true }]));
    expect((await fatal())[0]).toMatchObject({ file: 'currencies.json', field: '0.code', reason: 'an ISO 4217 code such as EUR' });
  });
  it('a missing stream file', async () => {
    rmSync(join(dir, 'brands.ndjson'));
    expect((await fatal())[0]).toMatchObject({ file: 'brands.ndjson', reason: 'file is missing' });
  });
  it('a truncated stream (fewer lines than the manifest promises)', async () => {
    const lines = readFileSync(join(dir, 'products.ndjson'), 'utf8').trim().split('\n');
    writeFileSync(join(dir, 'products.ndjson'), lines.slice(0, 2).join('\n') + '\n');
    await expect(collect('products')).rejects.toThrow(/holds 2 records but the manifest promises 4: the export is truncated/);
  });
});

describe('record faults skip only the record and are reported', () => {
  it('a line that is not JSON, with its line number', async () => {
    const lines = readFileSync(join(dir, 'products.ndjson'), 'utf8').trim().split('\n');
    setProducts([lines[0]!, '{"id": 7, "ref": ', ...lines.slice(1)]);
    const { records, faults } = await collect('products');
    expect(records).toHaveLength(4);
    expect(faults).toEqual([expect.objectContaining({ severity: 'skip', file: 'products.ndjson', line: 2, reason: expect.stringMatching(/^not valid JSON/) })]);
  });
  it('a schema violation names the record and the field', async () => {
    const bad = { ...miniProduct(9), variants: [{ ...miniProduct(9).variants[0], prices: { EUR: { price: '12,50', promoPrice: '1' } } }] };
    setProducts([JSON.stringify(miniProduct(8)), JSON.stringify(bad)]);
    const { records, faults } = await collect('products');
    expect(records).toHaveLength(1);
    expect(faults[0]).toMatchObject({ line: 2, id: 9, field: 'variants.0.prices.EUR.price', reason: 'expected a decimal string such as "12.50"' });
  });
  it('a record missing a locale of the export', async () => {
    const p = miniProduct(9) as { i18n: Record<string, unknown> };
    delete p.i18n.ro_RO;
    setProducts([JSON.stringify(p)]);
    const { faults } = await collect('products');
    expect(faults[0]).toMatchObject({ id: 9, field: 'i18n.ro_RO', reason: 'missing for a locale of the export' });
  });
  it('a duplicate id', async () => {
    setProducts([JSON.stringify(miniProduct(8)), JSON.stringify(miniProduct(8))]);
    const { records, faults } = await collect('products');
    expect(records).toHaveLength(1);
    expect(faults[0]).toMatchObject({ line: 2, id: 8, reason: 'duplicate id: an earlier line has the same one' });
  });
  it('a product without variants', async () => {
    setProducts([JSON.stringify({ ...miniProduct(8), variants: [] })]);
    expect((await collect('products')).faults[0]).toMatchObject({ field: 'variants', reason: 'a product needs at least one variant' });
  });
  it('an unsafe URL', async () => {
    setProducts([JSON.stringify({ ...miniProduct(8), url: { de_DE: '../etc/passwd', de_AT: 'a.html', ro_RO: 'b.html' } })]);
    expect((await collect('products')).faults[0]).toMatchObject({ field: 'url.de_DE', reason: 'a friendly URL must not contain ".."' });
  });
  it('an image path outside media/', async () => {
    setProducts([JSON.stringify({ ...miniProduct(8), images: [{ id: 1, file: '/etc/passwd', width: 1, height: 1 }] })]);
    expect((await collect('products')).faults[0]).toMatchObject({ field: 'images.0.file' });
  });
  it('blank lines are not records', async () => {
    appendFileSync(join(dir, 'categories.ndjson'), '\n\n');
    expect((await collect('categories')).faults).toEqual([]);
  });
});
