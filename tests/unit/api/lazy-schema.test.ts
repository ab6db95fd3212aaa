/**
 * The contract's schemas in the browser are built on first use (src/api/contract/lazy.ts): a
 * page that imports the API client builds no schema until it parses an answer, and a schema built
 * late parses exactly as the one built at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { lazyProxy } from '../../../src/api/contract/lazy.ts';

type ZodConfig = { postProcessor?: (schema: unknown) => void };
const zodConfig = (globalThis as { __zod_globalConfig?: ZodConfig }).__zod_globalConfig!;

/** Counts the zod schemas made while `run` runs (zod's global post-processor sees each one). */
async function schemasMade(run: () => Promise<unknown>): Promise<number> {
  let made = 0;
  const before = zodConfig.postProcessor;
  zodConfig.postProcessor = () => made++;
  try {
    await run();
  } finally {
    zodConfig.postProcessor = before;
  }
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('lazyProxy', () => {
  it('builds on first use, once, and parses as the schema itself', () => {
    const build = vi.fn(() => z.object({ id: z.int().check(z.positive()), title: z.string() }));
    const schema = lazyProxy(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ id: 3, title: 'Hemd' })).toEqual({ id: 3, title: 'Hemd' });
    const eager = build();
    build.mockClear();
    for (const input of [{ id: 0, title: 'x' }, { id: 1 }, null, { id: '1', title: 2 }]) {
      const late = schema.safeParse(input);
      const now = eager.safeParse(input);
      expect(late.success).toBe(false);
      expect(late.error?.issues).toEqual(now.error?.issues);
    }
    expect(build).not.toHaveBeenCalled();
  });

  it('works inside other schemas: as a field, extended, by its shape, through instanceof', () => {
    const Id = lazyProxy(() => z.int().check(z.positive()));
    const Base = lazyProxy(() => z.object({ id: Id }));
    const Line = z.extend(Base, { quantity: z.int() });
    expect(Line.parse({ id: 2, quantity: 1 })).toEqual({ id: 2, quantity: 1 });
    expect(Line.safeParse({ id: -2, quantity: 1 }).error?.issues[0]?.path).toEqual(['id']);
    expect(Object.keys(Base.shape)).toEqual(['id']);
    expect(Base instanceof z.ZodMiniObject).toBe(true);
    expect(z.array(Base).parse([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(z.optional(Base).parse(undefined)).toBeUndefined();
  });
});

describe('the contract in the browser', () => {
  it('importing the API client builds almost no schema; in Node every schema is built at once', async () => {
    const eager = await schemasMade(() => import('../../../src/api/contract/paths.ts'));
    vi.resetModules();
    vi.stubGlobal('document', {});
    const browser = await schemasMade(() => import('../../../src/api/contract/paths.ts'));
    expect(eager).toBeGreaterThan(400);
    expect(browser).toBeLessThan(10);
  });

  it('a schema built late answers every endpoint as the one built at once', async () => {
    const { ENDPOINTS: now } = await import('../../../src/api/contract/paths.ts');
    vi.resetModules();
    vi.stubGlobal('document', {});
    const { ENDPOINTS: late } = await import('../../../src/api/contract/paths.ts');
    const samples: unknown[] = [{}, null, { status_code: 200, data: {} }, { status_code: 200, data: [] }, { email: 'a@b.de', password: 'x' }];
    for (const [key, ep] of Object.entries(now)) {
      const lateEp = late[key as keyof typeof late];
      for (const part of ['body', 'query', 'response'] as const) {
        const a = (ep as Record<string, unknown>)[part] as z.ZodMiniType | null | undefined;
        const b = (lateEp as Record<string, unknown>)[part] as z.ZodMiniType | null | undefined;
        if (!a || !b) {
          expect(b ?? null, `${key}.${part}`).toEqual(a ?? null);
          continue;
        }
        for (const sample of samples) expect(JSON.stringify(b.safeParse(sample)), `${key}.${part}`).toBe(JSON.stringify(a.safeParse(sample)));
      }
    }
  });
});
