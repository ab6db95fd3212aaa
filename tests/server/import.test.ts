/** Loading the export: first start imports, an unchanged export is skipped, a changed one re-imported with customers kept. */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importIfChanged } from '../../server/db/import-export.ts';
import { openDatabase } from '../../server/db/open.ts';
import { MIGRATIONS } from '../../server/db/migrations.ts';
import { nestBrackets } from '../../server/middleware/body.ts';
import { startApi } from '../../server/main.ts';
import { writeFixtureExport } from './fixture-export.ts';
import { SECRET } from './helpers.ts';

describe('export import', () => {
  it('imports once, skips an unchanged export, re-imports a changed one and keeps customers', async () => {
    const root = await mkdtemp(join(tmpdir(), 'api-import-'));
    const dir = await writeFixtureExport(join(root, 'export'));
    const db = openDatabase(join(root, 'shop.sqlite'));
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(MIGRATIONS.length);
    const first = await importIfChanged(db, dir);
    expect(first).toMatchObject({ imported: true, products: 5, variants: 6, faults: [] });
    db.prepare(`INSERT INTO customer (ref, email, title, firstname, lastname, created_at) VALUES ('CUS1', 'keep@example.com', 1, 'Kee', 'Per', '2026-01-01')`).run();
    expect((await importIfChanged(db, dir)).imported).toBe(false);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, generatedAt: '2026-02-01T00:00:00Z' }));
    expect((await importIfChanged(db, dir)).imported).toBe(true);
    expect((db.prepare('SELECT COUNT(*) AS n FROM customer').get() as { n: number }).n).toBe(1);
    expect((db.prepare('SELECT COUNT(*) AS n FROM pse').get() as { n: number }).n).toBe(6);
    db.close();
  });

  it('starts in-process on a free port and serves the OpenAPI document', async () => {
    const root = await mkdtemp(join(tmpdir(), 'api-start-'));
    const dir = await writeFixtureExport(join(root, 'export'));
    const api = await startApi({ exportDir: dir, port: 0, dbFile: join(root, 'db.sqlite'), env: { API_SECRET: SECRET }, log: () => {} });
    try {
      const doc = (await (await fetch(`${api.url}/api/doc`)).json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    } finally {
      await api.close();
    }
  });
});

describe('body nesting', () => {
  it("turns Thelia's bracket names into objects and drops prototype keys", () => {
    expect(nestBrackets({ 'thelia.cart_id': '5', 'thelia_cart_add[quantity]': '2', 'thelia_cart_add[product_sale_elements_id]': '7' })).toEqual({
      'thelia.cart_id': '5',
      thelia_cart_add: { quantity: '2', product_sale_elements_id: '7' },
    });
    const polluted = nestBrackets({ '__proto__[admin]': 'true', 'a[constructor][prototype][x]': '1', 'b[c]': '1' });
    expect(polluted).toEqual({ b: { c: '1' } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('mail transport', () => {
  it('writes each mail to the outbox folder and the log', async () => {
    const { createMailer } = await import('../../server/lib/mail.ts');
    const { readdirSync, readFileSync } = await import('node:fs');
    const outbox = join(await mkdtemp(join(tmpdir(), 'api-outbox-')), 'outbox');
    const lines: string[] = [];
    createMailer({ transport: 'outbox', outbox, from: 'shop@localhost' }, (l) => lines.push(l))({ to: 'a@example.com', subject: 'Hallo', text: 'Grüße' });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(outbox, files[0]!), 'utf8')).toContain('Subject: Hallo');
    expect(lines[0]).toContain('mail to a@example.com: Hallo');
  });
});
