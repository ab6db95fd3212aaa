/** Server library pieces of issue 17: the PDF-safe text and the VIES checker (with a fake service). */
import { describe, expect, it } from 'vitest';
import { pdfSafe } from '../../server/lib/invoice.ts';
import { checkVat, viesChecker } from '../../server/lib/vat.ts';
import { loadConfig } from '../../server/config.ts';
import { SECRET } from './helpers.ts';

describe('pdfSafe', () => {
  it('drops every control character and keeps what WinAnsi can draw', () => {
    expect(pdfSafe('A\u0000B\u0007C\u001bD\u007fE\u0080F\u009fG')).toBe('ABCDEFG');
    expect(pdfSafe('Zeile 1\nZeile 2\tX\r\n')).toBe('Zeile 1 Zeile 2 X  ');
    expect(pdfSafe('Straße 5 €, București')).toBe('Straße 5 €, Bucuresti');
    expect(pdfSafe('𝕦 \ud800')).toBe('? ?');
  });
});

describe('viesChecker', () => {
  let lastBody: unknown;
  const fake = (answer: unknown, status = 200) =>
    (async (_url: string | URL | Request, init?: RequestInit) => {
      lastBody = JSON.parse(String(init?.body));
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;

  it('asks VIES after the offline check and says so (source vies)', async () => {
    const f = fake({ valid: true });
    const r = await checkVat('ATU13585627', viesChecker('https://vies.example/check', { fetch: f }));
    expect(r).toEqual({ result: 'valid', vatNumber: 'ATU13585627', countryCode: 'AT', source: 'vies' });
    expect(lastBody).toEqual({ countryCode: 'AT', vatNumber: 'U13585627' });
    expect((await checkVat('ATU13585627', viesChecker('x', { fetch: fake({ valid: false }) }))).result).toBe('invalid');
  });

  it('is an error when VIES fails or answers nonsense, and never called for a malformed number', async () => {
    expect(await checkVat('ATU13585627', viesChecker('x', { fetch: fake({}, 500) }))).toMatchObject({ result: 'error', source: 'vies' });
    expect(await checkVat('ATU13585627', viesChecker('x', { fetch: fake({ nope: 1 }) }))).toMatchObject({ result: 'error' });
    let called = false;
    const spy = (async () => {
      called = true;
      return new Response('{}');
    }) as unknown as typeof fetch;
    expect(await checkVat('ATU1', viesChecker('x', { fetch: spy }))).toMatchObject({ result: 'invalid', source: 'offline' });
    expect(called).toBe(false);
  });

  it('is what production configures with API_VAT_CHECKER=vies', () => {
    expect(loadConfig({ API_SECRET: SECRET }).vatChecker).toBeUndefined();
    expect(typeof loadConfig({ API_SECRET: SECRET, API_VAT_CHECKER: 'vies' }).vatChecker).toBe('function');
  });
});
