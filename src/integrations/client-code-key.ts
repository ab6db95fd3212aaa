/**
 * Code that reaches every page but that Astro's incremental build does not hash into a page's code
 * (`experimental.incrementalBuild` hashes a page's server modules and its hoisted scripts): a
 * client directive is inlined into each page that uses it, and a renderer's client entry is named
 * by its hash in each island's `renderer-url`. A change to either would leave reused pages with the
 * old directive or a renderer file that no longer exists. Their sources' fingerprint goes into the
 * config as a `vite.define`, which Astro's config hash covers: a change renders every page again.
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

type UpdateConfig = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0]['updateConfig'];

/** Puts the fingerprint of `files` into the config under `name` (a define nothing reads). */
export function keyClientCode(updateConfig: UpdateConfig, name: string, files: string[]): void {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file)).update('\0');
  updateConfig({ vite: { define: { [`__${name}_CODE__`]: JSON.stringify(hash.digest('hex').slice(0, 16)) } } });
}
