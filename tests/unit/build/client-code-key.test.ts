/**
 * The client directives and the script-island renderer's client are keyed into the config
 * (src/integrations/client-code-key.ts), so that a change to them renders every page again: Astro's
 * incremental build drops its page cache when its config hash changes, and that hash covers
 * `vite.define` (checked here against Astro's own function, so an Astro upgrade that stops hashing
 * it fails this test).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeConfigHash } from '../../../node_modules/astro/dist/core/build/config-hash/index.js';
import { keyClientCode } from '../../../src/integrations/client-code-key.ts';

type Config = Parameters<typeof computeConfigHash>[0];

/** The config after keyClientCode, on a minimal config object. */
function configWith(files: string[]): Config {
  let define: Record<string, string> = {};
  keyClientCode(
    (c) => {
      define = { ...define, ...(c.vite?.define as Record<string, string>) };
      return {} as never;
    },
    'TEST',
    files,
  );
  return { build: {}, vite: { build: {}, define }, experimental: {} } as unknown as Config;
}

describe('keyClientCode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'client-code-key-'));
  const file = join(dir, 'directive.ts');

  it('puts a fingerprint of the files into vite.define', () => {
    writeFileSync(file, 'export default () => {};');
    const config = configWith([file]) as unknown as { vite: { define: Record<string, string> } };
    expect(Object.keys(config.vite.define)).toEqual(['__TEST_CODE__']);
    expect(config.vite.define.__TEST_CODE__).toMatch(/^"[0-9a-f]{16}"$/);
  });

  it("changes Astro's config hash when a file changes, and only then", async () => {
    writeFileSync(file, 'export default () => {};');
    const before = await computeConfigHash(configWith([file]));
    expect(await computeConfigHash(configWith([file]))).toBe(before);
    writeFileSync(file, 'export default () => { console.log(1); };');
    expect(await computeConfigHash(configWith([file]))).not.toBe(before);
  });
});
