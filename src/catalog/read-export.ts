/**
 * Streaming reader of an export folder. Validates every record against the export schema and
 * reports each fault with file, line, record id, field and reason.
 *
 * Fault policy (docs/export-format.md, "Faults"):
 * - fatal: the folder cannot be trusted as a whole (missing or foreign manifest, unsupported
 *   version, a reference document that is missing or invalid, a stream file that is missing or
 *   holds a different number of lines than the manifest promises). `openExport` throws
 *   an ExportError listing them.
 * - skip: one record is wrong (bad JSON, schema violation, a locale missing, a duplicate id).
 *   The record is left out and reported through `onFault`; the rest of the stream goes on.
 */
import { hash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import {
  DOCUMENTS,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  Manifest,
  STREAMS,
  type Currency,
  type Country,
  type FulfilmentCenter,
  type Locale,
  type StreamName,
  type StreamRecord,
  type TaxRule,
} from './export-schema.ts';

export interface Fault {
  severity: 'fatal' | 'skip';
  file: string;
  line?: number;
  id?: number | string;
  field?: string;
  reason: string;
}

export function formatFault(f: Fault): string {
  const where = [f.file + (f.line ? `:${f.line}` : ''), f.id !== undefined ? `record ${f.id}` : '', f.field ? `field ${f.field}` : ''].filter(Boolean).join(', ');
  return `${f.severity === 'fatal' ? 'error' : 'skipped'}: ${where}: ${f.reason}`;
}

export class ExportError extends Error {
  readonly faults: Fault[];
  constructor(faults: Fault[]) {
    super(`The export cannot be used:\n${faults.map((f) => '  ' + formatFault(f)).join('\n')}`);
    this.name = 'ExportError';
    this.faults = faults;
  }
}

/** Records parsed before, by their line (src/catalog/index-memo.ts). */
export interface RecordMemo {
  record<T>(stream: string, line: ExportLine, parse: () => { raw: unknown; data: T } | undefined): T | undefined;
}

/** The hash of an export line: of its text, or of its bytes in the file (the same for UTF-8). */
export const lineHash = (line: string | Uint8Array) => hash('sha1', line, 'base64url');

/** A record's id for its faults: its id, or a redirect's URL. */
function idOf(raw: unknown): number | string | undefined {
  const rawId = typeof raw === 'object' && raw !== null ? ((raw as Record<string, unknown>).id ?? (raw as Record<string, unknown>).url) : undefined;
  return typeof rawId === 'number' || typeof rawId === 'string' ? rawId : undefined;
}

export interface CatalogExport {
  dir: string;
  manifest: Manifest;
  currencies: Currency[];
  countries: Country[];
  taxRules: TaxRule[];
  fulfilmentCenters: FulfilmentCenter[];
  /** A stream file's non-blank lines, numbered as in the file; throws an ExportError at the end when their count is not the manifest's. */
  lines(name: StreamName): AsyncGenerator<ExportLine>;
  /** One line's record when it is valid JSON, passes the schema and has every locale; else undefined, its faults to onFault. */
  record<N extends StreamName>(name: N, line: ExportLine, onFault: (fault: Fault) => void, memo?: RecordMemo): StreamRecord<N> | undefined;
  /**
   * Streams one file's valid records; faulty ones (and a second record of an id) go to onFault and
   * are left out. `onLine` hears of every line, with the id of the record it gave (undefined: none).
   */
  stream<N extends StreamName>(
    name: N,
    onFault: (fault: Fault) => void,
    memo?: RecordMemo,
    onLine?: (line: ExportLine, id: number | undefined) => void,
  ): AsyncGenerator<StreamRecord<N>>;
}

/** A non-blank line of a stream file, its number in the file (from 1) and its hash (lineHash: the memo's key and product_line.hash). */
export interface ExportLine {
  no: number;
  text: string;
  hash: string;
}

function issuesToFaults(file: string, issues: z.core.$ZodIssue[], base: Omit<Fault, 'file' | 'field' | 'reason'>): Fault[] {
  return issues.map((issue) => ({ ...base, file, field: issue.path.join('.') || undefined, reason: issue.message }));
}

async function readJson(dir: string, file: string): Promise<{ value?: unknown; fault?: Fault }> {
  const path = join(dir, file);
  if (!existsSync(path)) return { fault: { severity: 'fatal', file, reason: 'file is missing' } };
  try {
    return { value: JSON.parse(await readFile(path, 'utf8')) };
  } catch (error) {
    return { fault: { severity: 'fatal', file, reason: `not valid JSON (${(error as Error).message})` } };
  }
}

/** Locale-keyed fields that must carry every locale of the export. */
const LOCALIZED_FIELDS: Partial<Record<StreamName, string[]>> = {
  categories: ['i18n', 'url'],
  brands: ['i18n', 'url'],
  folders: ['i18n', 'url'],
  contents: ['i18n', 'url'],
  products: ['i18n', 'url'],
};

export async function openExport(dir: string): Promise<CatalogExport> {
  const fatal: Fault[] = [];
  const manifestJson = await readJson(dir, 'manifest.json');
  if (manifestJson.fault) throw new ExportError([{ ...manifestJson.fault, reason: `${manifestJson.fault.reason}: ${dir} is not an export folder` }]);
  const manifestResult = Manifest.safeParse(manifestJson.value);
  if (!manifestResult.success) throw new ExportError(issuesToFaults('manifest.json', manifestResult.error.issues, { severity: 'fatal' }));
  const manifest = manifestResult.data;
  if (manifest.version !== EXPORT_FORMAT_VERSION) {
    throw new ExportError([
      {
        severity: 'fatal',
        file: 'manifest.json',
        field: 'version',
        reason: `format version ${manifest.version} is not supported; this build reads ${EXPORT_FORMAT} version ${EXPORT_FORMAT_VERSION}`,
      },
    ]);
  }
  if (!manifest.locales.includes(manifest.defaultLocale)) {
    fatal.push({ severity: 'fatal', file: 'manifest.json', field: 'defaultLocale', reason: `${manifest.defaultLocale} is not among the locales` });
  }

  const docs: Record<string, unknown> = {};
  for (const [name, { file, schema, ...rest }] of Object.entries(DOCUMENTS)) {
    const optional = 'optional' in rest && rest.optional;
    if (optional && !existsSync(join(dir, file))) {
      docs[name] = [];
      continue;
    }
    const json = await readJson(dir, file);
    if (json.fault) {
      fatal.push(json.fault);
      continue;
    }
    const parsed = schema.safeParse(json.value);
    if (parsed.success) docs[name] = parsed.data;
    else fatal.push(...issuesToFaults(file, parsed.error.issues, { severity: 'fatal' }));
  }
  for (const { file } of Object.values(STREAMS)) {
    if (!existsSync(join(dir, file))) fatal.push({ severity: 'fatal', file, reason: 'file is missing' });
  }
  const currencies = (docs.currencies ?? []) as Currency[];
  if (currencies.length && !currencies.some((c) => c.code === manifest.defaultCurrency)) {
    fatal.push({ severity: 'fatal', file: 'currencies.json', reason: `the default currency ${manifest.defaultCurrency} is not listed` });
  }
  if (fatal.length) throw new ExportError(fatal);

  /** A stream file's non-blank lines with their numbers; throws when their count is not the manifest's. */
  async function* lines(name: StreamName): AsyncGenerator<ExportLine> {
    const { file } = STREAMS[name];
    const input = createInterface({ input: createReadStream(join(dir, file), { encoding: 'utf8' }), crlfDelay: Infinity });
    let no = 0;
    let records = 0;
    for await (const text of input) {
      no++;
      if (!text.trim()) continue;
      records++;
      yield { no, text, hash: lineHash(text) };
    }
    const promised = manifest.counts[name];
    if (promised !== undefined && promised !== records) {
      throw new ExportError([{ severity: 'fatal', file, reason: `holds ${records} records but the manifest promises ${promised}: the export is truncated or mixed up` }]);
    }
  }

  function record<N extends StreamName>(name: N, line: ExportLine, onFault: (fault: Fault) => void, memo?: RecordMemo): StreamRecord<N> | undefined {
    const { no, text } = line;
    const { file, schema } = STREAMS[name];
    const parse = (): { raw: unknown; data: unknown } | undefined => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (error) {
        onFault({ severity: 'skip', file, line: no, reason: `not valid JSON (${(error as Error).message})` });
        return undefined;
      }
      const parsed = schema.safeParse(raw);
      if (parsed.success) return { raw, data: parsed.data };
      for (const f of issuesToFaults(file, parsed.error.issues, { severity: 'skip', line: no, id: idOf(raw) })) onFault(f);
      return undefined;
    };
    const data = memo ? memo.record(name, line, parse) : parse()?.data;
    if (data === undefined) return undefined;
    const record = data as StreamRecord<N> & Record<string, unknown>;
    const missing = (LOCALIZED_FIELDS[name] ?? []).flatMap((field) => {
      const value = record[field] as Partial<Record<Locale, unknown>>;
      return manifest.locales.filter((l) => value[l] === undefined).map((l) => `${field}.${l}`);
    });
    if (missing.length) {
      onFault({ severity: 'skip', file, line: no, id: idOf(record), field: missing.join(', '), reason: 'missing for a locale of the export' });
      return undefined;
    }
    return record;
  }

  async function* stream<N extends StreamName>(
    name: N,
    onFault: (fault: Fault) => void,
    memo?: RecordMemo,
    onLine?: (line: ExportLine, id: number | undefined) => void,
  ): AsyncGenerator<StreamRecord<N>> {
    const { file } = STREAMS[name];
    const seen = new Set<string>();
    for await (const line of lines(name)) {
      const data = record(name, line, onFault, memo);
      let id: number | string | undefined;
      let first = false;
      if (data !== undefined) {
        id = idOf(data);
        const key = String(id ?? line.no) + (name === 'redirects' ? `@${(data as { locale?: string }).locale}` : '');
        first = !seen.has(key);
        if (first) seen.add(key);
        else onFault({ severity: 'skip', file, line: line.no, id, reason: 'duplicate id: an earlier line has the same one' });
      }
      onLine?.(line, first && typeof id === 'number' ? id : undefined);
      if (first) yield data!;
    }
  }

  return {
    dir,
    manifest,
    currencies,
    countries: (docs.countries ?? []) as Country[],
    taxRules: (docs.taxRules ?? []) as TaxRule[],
    fulfilmentCenters: (docs.fulfilmentCenters ?? []) as FulfilmentCenter[],
    lines,
    record,
    stream,
  };
}
