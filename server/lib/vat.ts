/**
 * Company VAT numbers: format and check digits, offline, for the shop's countries (DE, AT, RO)
 * and the format only for other EU prefixes. A real VIES client can be plugged in through the
 * VatChecker interface (config.vatChecker); its network failures give the 'error' outcome.
 * A number is normalised by the browser's rule (src/catalog/vat-exclusion.ts normalizeVat).
 */
import { normalizeVat } from '../../src/catalog/vat-exclusion.ts';

export type VatResult = { result: 'valid' | 'invalid' | 'error'; vatNumber: string; countryCode: string | null; source: 'offline' | 'vies' };
export type VatChecker = (normalised: string, countryCode: string) => Promise<VatResult>;

const FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO[1-9]\d{1,9}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12})$/,
};

/** DE: ISO 7064 MOD 11,10 over the first 8 digits. */
function checkDE(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (Number(digits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[8]);
}

/** AT: ATU + 7 digits + check digit (Luhn-like with +4 offset). */
function checkAT(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) sum += d;
    else {
      const x = d * 2;
      sum += Math.floor(x / 10) + (x % 10);
    }
  }
  const check = (10 - ((sum + 4) % 10)) % 10;
  return check === Number(digits[7]);
}

/** RO: weights 7,5,3,2,1,7,5,3,2 aligned to the right, check = (sum*10) mod 11 (10 -> 0). */
function checkRO(digits: string): boolean {
  const weights = [7, 5, 3, 2, 1, 7, 5, 3, 2];
  const body = digits.slice(0, -1).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * weights[i]!;
  let check = (sum * 10) % 11;
  if (check === 10) check = 0;
  return check === Number(digits[digits.length - 1]);
}

export function checkVatOffline(input: string): VatResult {
  const vatNumber = normalizeVat(input);
  const countryCode = /^[A-Z]{2}/.test(vatNumber) ? vatNumber.slice(0, 2) : null;
  const invalid: VatResult = { result: 'invalid', vatNumber, countryCode, source: 'offline' };
  if (!countryCode || !FORMATS[countryCode] || !FORMATS[countryCode]!.test(vatNumber)) return invalid;
  const ok = countryCode === 'DE' ? checkDE(vatNumber.slice(2)) : countryCode === 'AT' ? checkAT(vatNumber.slice(3)) : countryCode === 'RO' ? checkRO(vatNumber.slice(2)) : true;
  return { ...invalid, result: ok ? 'valid' : 'invalid' };
}

/** Offline first (no call for a malformed number), then the plugged-in checker if any. */
export async function checkVat(input: string, checker?: VatChecker): Promise<VatResult> {
  const offline = checkVatOffline(input);
  if (offline.result !== 'valid' || !checker || !offline.countryCode) return offline;
  try {
    return await checker(offline.vatNumber, offline.countryCode);
  } catch {
    return { ...offline, result: 'error', source: 'vies' };
  }
}

/**
 * A VatChecker that asks the EU's VIES service (REST API: POST {countryCode, vatNumber}, answer
 * {valid: boolean}). Production sets API_VAT_CHECKER=vies (and API_VIES_URL if it goes through a
 * proxy); the check digits are still checked offline first. No answer within the timeout, a
 * non-2xx status or a malformed answer is the 'error' outcome (registration answers 503 with the
 * spec's text; nothing is stored).
 */
export function viesChecker(url: string, options: { fetch?: typeof fetch; timeoutMs?: number } = {}): VatChecker {
  const doFetch = options.fetch ?? fetch;
  return async (normalised, countryCode) => {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode, vatNumber: normalised.slice(2) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
    if (!response.ok) throw new Error(`VIES answered ${response.status}`);
    const answer = (await response.json()) as { valid?: unknown };
    if (typeof answer.valid !== 'boolean') throw new Error('VIES answer without "valid"');
    return { result: answer.valid ? 'valid' : 'invalid', vatNumber: normalised, countryCode, source: 'vies' };
  };
}
