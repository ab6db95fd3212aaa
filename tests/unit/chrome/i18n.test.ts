import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCatalogs, compileMessages, readCatalogs } from '../../../src/i18n/compile.ts';
import { textsFor } from '../../../src/i18n/texts.ts';

describe('message catalogs', () => {
  it('are complete', () => {
    expect(checkCatalogs(readCatalogs(process.cwd()))).toEqual([]);
  });
  it('report a key missing in a language', () => {
    const problems = checkCatalogs({ de: { a: 'A', b: 'B' }, ro: { a: 'A' }, en: {} });
    expect(problems).toContain('messages/ro.json: missing "b"');
  });
  it('stop the compile (and so the build) when a key is missing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'i18n-'));
    mkdirSync(join(root, 'messages'));
    writeFileSync(join(root, 'messages/de.json'), JSON.stringify({ header_x: 'X', header_y: 'Y' }));
    writeFileSync(join(root, 'messages/ro.json'), JSON.stringify({ header_x: 'X' }));
    writeFileSync(join(root, 'messages/en.json'), '{}');
    await expect(compileMessages(root)).rejects.toThrow('messages/ro.json: missing "header_y"');
  });
  it('require the server-error keys in English and the same placeholders everywhere', () => {
    const problems = checkCatalogs({ de: { servererror_x: 'X {n}' }, ro: { servererror_x: 'X {m}' }, en: {} });
    expect(problems).toContain('messages/en.json: missing "servererror_x"');
    expect(problems).toContain('"servererror_x": placeholders differ between languages');
  });
  it('keep the spec texts: German cart messages, translated for Romania', () => {
    const de = textsFor('de');
    const ro = textsFor('ro');
    expect(de.cart_addFailed).toBe('Hinzufügen zum Einkaufswagen fehlgeschlagen');
    expect(de.cart_removed).toBe('Aus dem Einkaufswagen entfernt');
    expect(ro.cart_addFailed).not.toBe(de.cart_addFailed);
    expect(de.version_updated).toBe('Our website has been updated');
    expect(de.footer_noPickup).toBe('No pickup possible!');
    expect(de.header_vat0).toBe('VAT 0%');
    expect(de.products({ n: 3 })).toBe('3 Produkte');
    expect(ro.products({ n: 3 })).toBe('3 produse');
  });
});
