/**
 * Writes an export folder for a producer (the sample generator, the Thelia exporter).
 *
 * Everything goes to a sibling temporary folder first; `commit()` validates the counts, writes
 * the manifest last and swaps the folder into place, so a failed or interrupted export leaves
 * the previous one untouched. Each record is validated against the schema before it is written:
 * a producer can never publish a record the build would reject.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { DOCUMENTS, EXPORT_FORMAT, EXPORT_FORMAT_VERSION, Manifest, STREAMS, type DocumentName, type StreamName, type StreamRecord } from './export-schema.ts';
import type { z } from 'zod';

export class InvalidRecordError extends Error {}

export interface ExportWriter {
  /** The temporary folder; media files go below `${dir}/media/`. */
  readonly dir: string;
  document<N extends DocumentName>(name: N, value: z.input<(typeof DOCUMENTS)[N]['schema']>): Promise<void>;
  write<N extends StreamName>(name: N, record: z.input<(typeof STREAMS)[N]['schema']> | StreamRecord<N>): Promise<void>;
  commit(manifest: Omit<Manifest, 'format' | 'version' | 'counts'>): Promise<string>;
  abort(): Promise<void>;
}

export async function createExportWriter(outDir: string): Promise<ExportWriter> {
  const target = resolve(outDir);
  const dir = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${Date.now()}`);
  await mkdir(join(dir, 'media'), { recursive: true });
  const streams = new Map<StreamName, { out: WriteStream; count: number }>();
  for (const name of Object.keys(STREAMS) as StreamName[]) {
    streams.set(name, { out: createWriteStream(join(dir, STREAMS[name].file), { encoding: 'utf8' }), count: 0 });
  }

  const closeAll = async () => {
    await Promise.all(
      [...streams.values()].map(async ({ out }) => {
        if (out.closed) return;
        out.end();
        await once(out, 'close');
      }),
    );
  };

  return {
    dir,
    async document(name, value) {
      const { file, schema } = DOCUMENTS[name];
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new InvalidRecordError(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      await writeFile(join(dir, file), JSON.stringify(parsed.data, null, 1));
    },
    async write(name, record) {
      const { file, schema } = STREAMS[name];
      const parsed = schema.safeParse(record);
      if (!parsed.success) {
        const id = (record as { id?: unknown; url?: unknown }).id ?? (record as { url?: unknown }).url;
        throw new InvalidRecordError(`${file}: record ${String(id)}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      const s = streams.get(name)!;
      s.count++;
      if (!s.out.write(JSON.stringify(parsed.data) + '\n')) await once(s.out, 'drain');
    },
    async commit(partial) {
      await closeAll();
      const counts = Object.fromEntries([...streams].map(([name, s]) => [name, s.count]));
      const manifest = Manifest.parse({ ...partial, format: EXPORT_FORMAT, version: EXPORT_FORMAT_VERSION, counts });
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
      const previous = `${dir}.previous`;
      await rename(target, previous).catch(() => undefined);
      await rename(dir, target);
      await rm(previous, { recursive: true, force: true });
      return target;
    },
    async abort() {
      await closeAll().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
