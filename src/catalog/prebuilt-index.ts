/**
 * A catalog index built beside Astro's setup (issue 16): `npm run build` starts the index of a
 * shop in its own process (scripts/lib/index-child.ts) at the same time as `astro build`, and
 * writes what became of it to a marker file named by CATALOG_PREBUILT. The build
 * (current-index.ts) waits for the marker instead of building the index itself, then finds the
 * index current and reuses it, reporting the pre-builder's changes. A failed or missing pre-build
 * leaves the build to make the index itself, as it does without CATALOG_PREBUILT. The search
 * index is built the same way right after it (SEARCH_PREBUILT, src/integrations/search-index.ts),
 * with the same markers.
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

/** Written whole or not at all: the build may be polling for it. */
export function writeMarker<T>(marker: string, value: T): void {
  const tmp = `${marker}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, marker);
}

/**
 * Waits for a marker of `what` and parses it with `schema`. Gives `{ ok: false }` if it does not
 * come within `timeoutMs` (its writer's parent died) or is not such a marker.
 */
export async function waitForMarker<T extends { ok: boolean }>(
  marker: string,
  schema: z.ZodType<T>,
  what: string,
  { timeoutMs = 30 * 60_000, pollMs = 50 } = {},
): Promise<T | { ok: false; reason: string }> {
  const until = performance.now() + timeoutMs;
  while (!existsSync(marker)) {
    if (performance.now() > until) return { ok: false, reason: `no word from the ${what} built beside the build in ${Math.round(timeoutMs / 1000)} s` };
    await sleep(pollMs);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(marker, 'utf8'));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : { ok: false, reason: `${marker} is not a pre-built ${what}'s marker` };
}

export const writePrebuiltIndex = (marker: string, value: PrebuiltIndex): void => writeMarker(marker, value);

/** Waits for the catalog index's marker (see waitForMarker). */
export const waitForPrebuiltIndex = (marker: string, options?: { timeoutMs?: number; pollMs?: number }): Promise<PrebuiltIndex> =>
  waitForMarker(marker, PrebuiltIndex, 'index', options);
