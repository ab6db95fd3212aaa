/** A persistent string store under a spec storage name; setting '' removes the key (not an empty value). */
import { persistentAtom } from '@nanostores/persistent';

export const storedString = (name: string) =>
  persistentAtom<string>(name, '', { encode: (value: string) => (value === '' ? (undefined as unknown as string) : value), decode: (value: string) => value });
