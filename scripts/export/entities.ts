/**
 * Categories, brands, folders and contents.
 *
 * - Categories and folders: all of them, hidden ones with visible = false, in tree order
 *   (see tree.ts and docs/export-format.md, "Hidden categories policy").
 * - Brands and contents: visible ones only (Thelia's front shows no hidden brand or content).
 * An item without texts in an export locale (see i18n.ts) is left out with a warning; for a
 * category or folder, so is its subtree.
 */
import type { Brand, Category, Content, Folder, Locale } from '../../src/catalog/export-schema.ts';
import { chunks, type Db } from './db.ts';
import { toIso } from './dates.ts';
import { TEXT_COLUMNS, describeMissing, loadI18n, localizeTexts } from './i18n.ts';
import type { Languages } from './languages.ts';
import { strip, type Media } from './media.ts';
import type { Reporter } from './progress.ts';
import { buildTree } from './tree.ts';
import { loadCurrentUrls, resolveUrls, type View } from './urls.ts';

export interface EntityContext {
  db: Db;
  langs: Languages;
  media: Media;
  report: Reporter;
  offset: string;
  pageSize: number;
  /** `${view}:${id}` of items left out for a reason of the exporter's (not hidden in Thelia). */
  notExported: Set<string>;
}

async function texts(ctx: EntityContext, view: View, table: string, ids: number[], hasMeta = true) {
  const columns = hasMeta ? TEXT_COLUMNS : TEXT_COLUMNS.filter((c) => !c.startsWith('meta_'));
  const i18n = await loadI18n(ctx.db, table, ids, ctx.langs, columns);
  const out = new Map<number, NonNullable<Category['i18n']>>();
  for (const id of ids) {
    const result = localizeTexts(i18n.get(id), ctx.langs, hasMeta);
    if (result.ok) out.set(id, result.value as Category['i18n']);
    else {
      ctx.report.warn('untranslated', `${view} ${id} is left out: ${describeMissing(result, ctx.langs)}`);
      ctx.notExported.add(`${view}:${id}`);
    }
  }
  return out;
}

async function urls(ctx: EntityContext, view: View, ids: number[], i18n: Map<number, Category['i18n']>) {
  const sets = await loadCurrentUrls(ctx.db, view, ids, ctx.langs, ctx.report);
  const resolved = await resolveUrls(
    ctx.db,
    ids.map((id) => ({
      view,
      id,
      set: sets.get(id),
      titles: Object.fromEntries(Object.entries(i18n.get(id) ?? {}).map(([l, t]) => [l, t.title])) as Partial<Record<Locale, string>>,
    })),
    ctx.langs,
    ctx.report,
  );
  return new Map(ids.map((id, i) => [id, resolved[i]!]));
}

async function associated(db: Db, table: string, owner: string, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db.query<{ owner: number; content_id: number }>(
    `SELECT a.\`${owner}\` AS owner, a.content_id FROM \`${table}\` a JOIN content c ON c.id = a.content_id AND c.visible = 1
     WHERE a.\`${owner}\` IN (?) ORDER BY a.\`${owner}\`, a.position, a.id`,
    [ids],
    table,
  );
  for (const r of rows) {
    const list = out.get(Number(r.owner)) ?? [];
    if (!list.includes(Number(r.content_id))) list.push(Number(r.content_id));
    out.set(Number(r.owner), list);
  }
  return out;
}

/** Categories in tree order; fills `exported` with the ids written. */
export async function* categories(ctx: EntityContext, exported: Set<number>, hiddenBranch: Set<number>): AsyncGenerator<Category> {
  const rows = await ctx.db.query<{ id: number; parent: number; visible: number; position: number }>(
    'SELECT id, parent, visible, position FROM category ORDER BY id',
    [],
    'the categories',
  );
  const tree = buildTree(
    rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent), visible: Number(r.visible) === 1, position: Number(r.position) })),
    (node, reason) => ctx.report.warn('tree', `category ${node.id} cannot be reached from the root: ${reason}. Exported at the root, hidden`),
  );
  const skipped = new Set<number>();
  for (const page of chunks(tree, ctx.pageSize)) {
    const ids = page.map((n) => n.id);
    const i18n = await texts(ctx, 'category', 'category_i18n', ids);
    const url = await urls(ctx, 'category', [...i18n.keys()], i18n);
    const images = await ctx.media.images('category', [...i18n.keys()]);
    const documents = await ctx.media.documents('category', [...i18n.keys()]);
    const contents = await associated(ctx.db, 'category_associated_content', 'category_id', [...i18n.keys()]);
    for (const node of page) {
      const texts = i18n.get(node.id);
      if (!texts || (node.parent !== 0 && skipped.has(node.parent))) {
        if (texts) {
          ctx.report.warn('tree', `category ${node.id} is left out with its parent ${node.parent}`);
          ctx.notExported.add(`category:${node.id}`);
        }
        skipped.add(node.id);
        continue;
      }
      exported.add(node.id);
      if (node.hiddenBranch) hiddenBranch.add(node.id);
      yield {
        id: node.id,
        parent: node.parent,
        visible: node.visible,
        position: node.position,
        i18n: texts,
        url: url.get(node.id)!,
        images: strip(images.get(node.id)),
        documents: strip(documents.get(node.id)),
        contents: contents.get(node.id) ?? [],
      };
    }
  }
}

export async function* folders(ctx: EntityContext, exported: Set<number>): AsyncGenerator<Folder> {
  const rows = await ctx.db.query<{ id: number; parent: number; visible: number | null; position: number | null }>(
    'SELECT id, parent, visible, position FROM folder ORDER BY id',
    [],
    'the folders',
  );
  const tree = buildTree(
    rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent), visible: Number(r.visible ?? 0) === 1, position: Number(r.position ?? 0) })),
    (node, reason) => ctx.report.warn('tree', `folder ${node.id} cannot be reached from the root: ${reason}. Exported at the root, hidden`),
  );
  const skipped = new Set<number>();
  for (const page of chunks(tree, ctx.pageSize)) {
    const i18n = await texts(
      ctx,
      'folder',
      'folder_i18n',
      page.map((n) => n.id),
    );
    const url = await urls(ctx, 'folder', [...i18n.keys()], i18n);
    for (const node of page) {
      const texts = i18n.get(node.id);
      if (!texts || (node.parent !== 0 && skipped.has(node.parent))) {
        if (texts) {
          ctx.report.warn('tree', `folder ${node.id} is left out with its parent ${node.parent}`);
          ctx.notExported.add(`folder:${node.id}`);
        }
        skipped.add(node.id);
        continue;
      }
      exported.add(node.id);
      yield { id: node.id, parent: node.parent, visible: node.visible, position: node.position, i18n: texts, url: url.get(node.id)! };
    }
  }
}

/** Visible brands, paged by id; fills `exported`. */
export async function* brands(ctx: EntityContext, exported: Set<number>): AsyncGenerator<Brand> {
  let after = 0;
  for (;;) {
    const rows = await ctx.db.query<{ id: number; position: number | null; logo_image_id: number | null }>(
      'SELECT id, position, logo_image_id FROM brand WHERE visible = 1 AND id > ? ORDER BY id LIMIT ?',
      [after, ctx.pageSize],
      'the brands',
    );
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    const i18n = await texts(
      ctx,
      'brand',
      'brand_i18n',
      rows.map((r) => Number(r.id)),
    );
    const ids = [...i18n.keys()];
    const url = await urls(ctx, 'brand', ids, i18n);
    const images = await ctx.media.images('brand', ids);
    for (const row of rows) {
      const id = Number(row.id);
      const texts = i18n.get(id);
      if (!texts) continue;
      exported.add(id);
      const list = strip(images.get(id));
      yield {
        id,
        visible: true,
        position: Number(row.position ?? 0),
        i18n: texts,
        url: url.get(id)!,
        logo: list.find((image) => image.id === Number(row.logo_image_id)) ?? null,
        images: list,
      };
    }
  }
}

/** Visible contents, paged by id. */
export async function* contents(ctx: EntityContext, folderIds: Set<number>): AsyncGenerator<Content> {
  let after = 0;
  for (;;) {
    const rows = await ctx.db.query<{ id: number; position: number | null; created_at: string | null }>(
      'SELECT id, position, created_at FROM content WHERE visible = 1 AND id > ? ORDER BY id LIMIT ?',
      [after, ctx.pageSize],
      'the contents',
    );
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    const i18n = await texts(
      ctx,
      'content',
      'content_i18n',
      rows.map((r) => Number(r.id)),
    );
    const ids = [...i18n.keys()];
    const url = await urls(ctx, 'content', ids, i18n);
    const images = await ctx.media.images('content', ids);
    const documents = await ctx.media.documents('content', ids);
    const links = ids.length
      ? await ctx.db.query<{ content_id: number; folder_id: number; default_folder: number | null; position: number }>(
          'SELECT content_id, folder_id, default_folder, position FROM content_folder WHERE content_id IN (?) ORDER BY content_id, default_folder DESC, folder_id',
          [ids],
          'content_folder',
        )
      : [];
    for (const row of rows) {
      const id = Number(row.id);
      const texts = i18n.get(id);
      if (!texts) continue;
      const folders = links
        .filter((l) => Number(l.content_id) === id && folderIds.has(Number(l.folder_id)))
        .map((l) => ({ id: Number(l.folder_id), default: Number(l.default_folder) === 1, position: Number(l.position) }));
      if (folders.length && !folders.some((f) => f.default)) folders[0]!.default = true;
      let seenDefault = false;
      for (const f of folders) {
        if (f.default && seenDefault) f.default = false;
        seenDefault ||= f.default;
      }
      const created = toIso(row.created_at, ctx.offset);
      yield {
        id,
        visible: true,
        position: Number(row.position ?? 0),
        folders,
        i18n: texts,
        url: url.get(id)!,
        images: strip(images.get(id)),
        documents: strip(documents.get(id)),
        ...(created ? { createdAt: created } : {}),
      };
    }
  }
}
