import { join } from 'node:path';
import { Catalog } from '../../../src/catalog/catalog.ts';
import { E2E } from './paths.ts';

/** The test shops' catalog index, to find the URL of a fixture record. */
export const testCatalog = (shop: string) => new Catalog(join(E2E.catalogDir, `${shop}.sqlite`));
