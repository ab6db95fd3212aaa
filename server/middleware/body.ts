/**
 * Request bodies as one plain object, whatever the encoding: JSON, form-encoded or multipart.
 * Thelia's bracket names (`thelia_cart_add[quantity]=2`) become nested objects
 * (`{thelia_cart_add: {quantity: "2"}}`) in both encodings; `thelia.cart_id` keeps its dot.
 * Prototype keys are dropped.
 */
import type { Context } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import { HttpError } from '../lib/errors.ts';

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_DEPTH = 5;

function setPath(target: Record<string, unknown>, key: string, value: unknown) {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  const parts = m ? [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)] : [key];
  if (parts.length > MAX_DEPTH || parts.some((p) => FORBIDDEN.has(p))) return;
  let node = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  if (last === '') return; // `a[]=` lists are not part of this API
  node[last] = value;
}

/** Nests bracket keys of a flat record (one level: values are kept as they are). */
export function nestBrackets(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    if (FORBIDDEN.has(key)) continue;
    if (key.includes('[')) setPath(out, key, value);
    else if (typeof out[key] === 'object' && out[key] !== null && typeof value === 'object' && value !== null && !Array.isArray(value)) Object.assign(out[key] as object, value);
    else out[key] = value;
  }
  return out;
}

export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = (await c.req.parseBody({ all: false })) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, ERRORS.invalidData);
    }
    return nestBrackets(Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')));
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (type.includes('json') || (!type.includes('form') && /^\s*[[{]/.test(text))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, ERRORS.invalidJson);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new HttpError(400, ERRORS.invalidJson);
    return nestBrackets(parsed as Record<string, unknown>);
  }
  const flat: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) flat[k] = v;
  return nestBrackets(flat);
}
