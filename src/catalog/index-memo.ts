/**
 * What the catalog index keeps of its own work for the next index (decision 0017): the export's
 * records as the export schema parsed them, by the hash of their line, and editor HTML as the
 * sanitizer cleaned it, by the hash of the HTML. An editor's new export changes a few lines of
 * 10,000; the next index parses and cleans only those, and takes the rest from the previous index.
 *
 * Both are pure functions of their input and of the code that computes them, so the memo is used
 * only while that code is the same (`indexCodeVersion`: the catalog code, the shops' configuration
 * code, the API contract's and the lockfile, i.e. zod's and sanitize-html's versions). An index made
 * from every record keeps only the entries it used, so the memo does not grow with the editors'
 * changes; an index patched from the previous one (index-patch.ts) adds its new entries to the
 * previous ones, until the next index made from every record.
 */
import { hash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { isDeepStrictEqual } from 'node:util';
import { type ExportLine, lineHash } from './read-export.ts';

export const MEMO_SCHEMA = 'CREATE TABLE IF NOT EXISTS memo (kind TEXT NOT NULL, hash TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (kind, hash)) WITHOUT ROWID';

/** What the memo holds: a record parsed by the export schema, or sanitized editor HTML. */
type MemoKind = 'record' | 'html';

/**
 * The folders of the code an index is made with (from this one), and the project's lockfile: the
 * index's parses and rows are reused only from an index made with the same code. More than the
 * index imports (a change to any catalog file makes the next index anew), never less.
 */
const CODE = ['./', '../shops/', '../api/contract/'];
const LOCKFILE = '../../package-lock.json';

/** The version of the code that makes an index: parses, cleaned HTML and rows of other code are not reused. */
export function indexCodeVersion(indexVersion: number): string {
  const parts = [String(indexVersion)];
  for (const folder of CODE) {
    const url = new URL(folder, import.meta.url);
    if (!existsSync(url)) {
      parts.push(`${folder}: missing`);
      continue;
    }
    for (const name of readdirSync(url)
      .filter((n) => n.endsWith('.ts'))
      .sort())
      parts.push(name, readFileSync(new URL(name, url), 'utf8'));
  }
  const lock = new URL(LOCKFILE, import.meta.url);
  parts.push(existsSync(lock) ? readFileSync(lock, 'utf8') : 'no lockfile');
  return hash('sha256', parts.join('\u0000'), 'base64url');
}

/** A record's memo when the schema gives back what JSON.parse made of its line. */
const SAME = '';

export class IndexMemo {
  readonly #previous: Map<string, string>;
  readonly #used = new Map<string, { kind: MemoKind; hash: string; value: string }>();
  /** Entries found in the previous index, per kind. */
  readonly reused: Record<MemoKind, number> = { record: 0, html: 0 };

  constructor(previous: Map<string, string> = new Map()) {
    this.#previous = previous;
  }

  /** The memo of an index whose memo version is `version` (empty when it has none, another, or cannot be read). */
  static read(db: DatabaseSync, version: string): IndexMemo {
    try {
      const row = db.prepare("SELECT value FROM meta WHERE key = 'memoVersion'").get() as { value: string } | undefined;
      if (row?.value !== version) return new IndexMemo();
      const rows = db.prepare('SELECT kind, hash, value FROM memo').all() as { kind: string; hash: string; value: string }[];
      return new IndexMemo(new Map(rows.map((r) => [`${r.kind}:${r.hash}`, r.value])));
    } catch {
      return new IndexMemo();
    }
  }

  /** Editor HTML as the sanitizer cleans it: the previous index's, else `clean()`'s. */
  html(input: string, clean: () => string): string {
    const hash = lineHash(input);
    const key = `html:${hash}`;
    const used = this.#used.get(key);
    if (used) return used.value;
    let value = this.#previous.get(key);
    if (value === undefined) value = clean();
    else this.reused.html++;
    this.#used.set(key, { kind: 'html', hash, value });
    return value;
  }

  /**
   * A record parsed from a line of an export stream: the previous index's parse when it holds one
   * for this line of this stream, else `parse()`'s, kept when it gives a record (a line that fails
   * gives its faults again). Most records are what JSON.parse makes of their line (no default
   * filled in, no field dropped): for those the memo holds no copy, and the line is parsed again
   * without the schema.
   */
  record<T>(stream: string, line: ExportLine, parse: () => { raw: unknown; data: T } | undefined): T | undefined {
    // The line's hash the reader made (one hash per line: it is product_line.hash too).
    const hash = `${stream}:${line.hash}`;
    const key = `record:${hash}`;
    const known = this.#used.get(key)?.value ?? this.#previous.get(key);
    if (known !== undefined) {
      this.reused.record++;
      this.#used.set(key, { kind: 'record', hash, value: known });
      return JSON.parse(known === SAME ? line.text : known) as T;
    }
    const parsed = parse();
    if (parsed === undefined) return undefined;
    this.#used.set(key, { kind: 'record', hash, value: isDeepStrictEqual(parsed.data, parsed.raw) ? SAME : JSON.stringify(parsed.data) });
    return parsed.data;
  }

  /** Writes the entries this index used, and the memo's version, into `db` (which has the meta table; a patched index, its memo too). */
  save(db: DatabaseSync, version: string): void {
    db.exec(MEMO_SCHEMA);
    const insert = db.prepare('INSERT OR REPLACE INTO memo VALUES (?, ?, ?)');
    db.exec('BEGIN');
    for (const e of this.#used.values()) insert.run(e.kind, e.hash, e.value);
    db.prepare("INSERT OR REPLACE INTO meta VALUES ('memoVersion', ?)").run(version);
    db.exec('COMMIT');
  }
}
