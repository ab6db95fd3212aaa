/**
 * Decision 0017: the catalog index takes the records it parsed and the HTML it cleaned before from
 * the previous index (src/catalog/index-memo.ts). An index made that way must equal, table by
 * table, one made from nothing; a line that failed must fail again; other code must not use it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../src/catalog/build-index.ts';
import { IndexMemo, MEMO_SCHEMA, indexCodeVersion } from '../../src/catalog/index-memo.ts';
import { getShop } from '../../src/shops/index.ts';
import { INDEX_TABLES, dumpIndex } from '../fixtures/index-dump.ts';
import { miniProduct, writeMiniExport } from '../fixtures/mini-export.ts';

/** Every table but product_line (the memo's index is compared whole), its rows sorted. */
const dump = (dbFile: string) => dumpIndex(dbFile, { tables: INDEX_TABLES.filter((t) => t !== 'product_line'), sorted: true });

const editLines = (file: string, edit: (lines: string[]) => string[]) => writeFileSync(file, edit(readFileSync(file, 'utf8').split('\n')).join('\n'));

describe('the catalog index with the previous index’s parses', () => {
  it('equals an index made from nothing after a price, a description, a defaulted field, a bad line and a deletion', async () => {
    const dir = await writeMiniExport(mkdtempSync(join(tmpdir(), 'memo-export-')), [miniProduct(5), miniProduct(6), miniProduct(7)]);
    const products = join(dir, 'products.ndjson');
    // A record the schema changes (a default filled in, a field it does not know dropped), and a line it rejects.
    editLines(products, (lines) =>
      lines.map((l) => {
        if (!l.includes('"REF-6"')) return l;
        const r = JSON.parse(l);
        delete r.variants[0].ean;
        delete r.documents;
        r.unknownField = 1;
        return JSON.stringify(r);
      }),
    );
    const shop = getShop('de');
    const dbFile = join(dir, 'index', 'de.sqlite');
    const first = await buildCatalogIndex({ exportDir: dir, shop, dbFile });
    expect(first.stats.recordsReused).toBe(0);

    // The editor's next export: a price, a description, one product gone, a broken line.
    editLines(products, (lines) =>
      lines
        .filter((l) => !l.includes('"REF-7"'))
        .map((l) => {
          if (l.includes('"REF-5"')) return l.replace('"price":"10.000000"', '"price":"12.500000"').replace('<p>Produkt 5</p>', '<h1>Produkt 5</h1><script>x()</script>');
          return l;
        })
        .concat(['{"id": 99, "ref": "BROKEN"}']),
    );
    const second = await buildCatalogIndex({ exportDir: dir, shop, dbFile });
    expect(second.stats.recordsReused).toBeGreaterThan(10);
    expect(second.stats.htmlReused).toBeGreaterThan(10);

    const fresh = join(dir, 'fresh', 'de.sqlite');
    const scratch = await buildCatalogIndex({ exportDir: dir, shop, dbFile: fresh });
    expect(scratch.stats.recordsReused).toBe(0);
    expect(dump(dbFile)).toEqual(dump(fresh));
    // The broken line is reported again, though the index before had seen it.
    expect(second.faults.map((f) => f.reason)).toEqual(scratch.faults.map((f) => f.reason));
    expect(second.faults.some((f) => f.line !== undefined && f.file === 'products.ndjson')).toBe(true);
    const page = new DatabaseSync(dbFile, { readOnly: true });
    const five = JSON.parse((page.prepare('SELECT data FROM product WHERE id = 5').get() as { data: string }).data);
    page.close();
    expect(five.descriptionHtml).toBe('<h2>Produkt 5</h2>');
    expect(five.variants[0].prices.net.price).toBe('12.500000');
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not used by other code: another memo version, or none', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const written = new IndexMemo();
    written.html('<h1>a</h1>', () => '<h2>a</h2>');
    written.save(db, 'v1');
    let computed = 0;
    const compute = () => {
      computed++;
      return 'fresh';
    };
    expect(IndexMemo.read(db, 'v1').html('<h1>a</h1>', compute)).toBe('<h2>a</h2>');
    expect(computed).toBe(0);
    expect(IndexMemo.read(db, 'v2').html('<h1>a</h1>', compute)).toBe('fresh');
    expect(IndexMemo.read(new DatabaseSync(':memory:'), 'v1').html('<h1>a</h1>', compute)).toBe('fresh');
    expect(computed).toBe(2);
    expect(MEMO_SCHEMA).toContain('memo');
    // The version follows the code: the index layout's version is part of it.
    expect(indexCodeVersion(1)).not.toBe(indexCodeVersion(2));
    expect(indexCodeVersion(1)).toBe(indexCodeVersion(1));
  });
});
