/** The three shops with their origins, validated once per build (not once per page). */
import { originOf, type ShopConfig } from '../../shops/index.ts';

let cached: (ShopConfig & { origin: string })[] | undefined;
export const shopsForAlternates = (all: () => ShopConfig[]) => (cached ??= all().map((s) => ({ ...s, origin: originOf(s) })));
