/**
 * How a shop adds its own Thelia modules' data to the export (delivery delays, fulfilment
 * centres and their stock, quantity steps, list prices, sales counts, keywords...).
 *
 * A module is a TypeScript file given with `--module <file>` (repeatable) whose default export
 * is an ExportModule. The exporter calls it inside the same read-only snapshot:
 * - `fulfilmentCenters(ctx)` once, before the products: its list becomes fulfilment-centers.json;
 * - `products(ctx, page)` once per page of products (a few hundred), after the core fields are
 *   built and before they are validated and written: it fills the optional module places
 *   (`product.module.*`, `variant.deliveryDelay`, `variant.fulfilment`,
 *   `variant.prices[code].listPrice`) by querying its own tables for the ids of that page.
 * Working per page keeps memory flat. Everything a module sets is validated against the export
 * schema like the rest; a module that throws fails the export, and the previous export stays.
 * See docs/export-format.md ("Adding your modules' data") and tests/export/fixture-module.ts.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import type { FulfilmentCenter, Product } from '../../src/catalog/export-schema.ts';
import type { Row } from './db.ts';
import { EXIT, ExportFailure } from './errors.ts';
import type { Languages } from './languages.ts';

/** A product as the exporter built it, before validation: modules may change it in place. */
export type ProductDraft = z.input<typeof Product> & { variants: z.input<typeof Product>['variants'][number][] };

export interface ModuleContext {
  /** Read-only queries in the export's snapshot. `?` placeholders; arrays expand to lists. */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** true when the table exists in the Thelia database (a module may not be installed). */
  tableExists(name: string): Promise<boolean>;
  languages: Languages;
  /** Reports a problem without failing the export. */
  warn(message: string): void;
  info(message: string): void;
}

export interface ExportModule {
  name: string;
  fulfilmentCenters?(ctx: ModuleContext): Promise<FulfilmentCenter[]> | FulfilmentCenter[];
  products?(ctx: ModuleContext, page: ProductDraft[]): Promise<void> | void;
}

export async function loadModule(file: string): Promise<ExportModule> {
  let imported: { default?: ExportModule };
  try {
    imported = (await import(pathToFileURL(resolve(file)).href)) as { default?: ExportModule };
  } catch (error) {
    throw new ExportFailure(`--module ${file} cannot be loaded: ${(error as Error).message}`, EXIT.usage);
  }
  const module = imported.default;
  if (!module || typeof module !== 'object' || typeof module.name !== 'string') {
    throw new ExportFailure(`--module ${file} must have a default export { name, products?, fulfilmentCenters? }`, EXIT.usage);
  }
  return module;
}

/** Runs a module hook; its failures name the module. */
export async function runHook<T>(module: ExportModule, hook: string, fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ExportFailure) throw error;
    throw new ExportFailure(`module "${module.name}" failed in ${hook}: ${(error as Error).message}`, EXIT.failed);
  }
}
