/**
 * A catalog index built beside Astro's setup (issue 16): `npm run build` starts the index of a
 * shop in its own process (scripts/lib/index-child.ts) at the same time as `astro build`, and
 * writes what became of it to a marker file named by CATALOG_PREBUILT. The catalog loader waits
 * for the marker instead of building the index itself, then finds the index current and reuses
 * it, reporting the pre-builder's changes. A failed or missing pre-build leaves the loader to
 * build the index itself, as it does without CATALOG_PREBUILT.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

export const PrebuiltIndex = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** false: the export was unchanged since the last index, which was reused. */
    rebuilt: z.boolean(),
    /** How long the pre-builder took. */
    ms: z.number().nonnegative(),
    /** describeChanges of its result. */
    changes: z.string(),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);
export type PrebuiltIndex = z.infer<typeof PrebuiltIndex>;

/** Written whole or not at all: the loader may be polling for it. */
export function writePrebuiltIndex(marker: string, value: PrebuiltIndex): void {
  const tmp = `${marker}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, marker);
}

/**
 * Waits for the marker. Gives `{ ok: false }` if it does not come within `timeoutMs` (the
 * pre-builder's parent died) or is not a marker.
 */
export async function waitForPrebuiltIndex(marker: string, { timeoutMs = 30 * 60_000, pollMs = 50 } = {}): Promise<PrebuiltIndex> {
  const until = performance.now() + timeoutMs;
  while (!existsSync(marker)) {
    if (performance.now() > until) return { ok: false, reason: `no word from the index built beside the build in ${Math.round(timeoutMs / 1000)} s` };
    await sleep(pollMs);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(marker, 'utf8'));
  } catch {
    json = undefined;
  }
  const parsed = PrebuiltIndex.safeParse(json);
  return parsed.success ? parsed.data : { ok: false, reason: `${marker} is not a pre-built index's marker` };
}
