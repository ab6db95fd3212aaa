/**
 * A contract schema built on its first use in the browser, not when its module is imported.
 *
 * The contract makes 854 schemas; building them all when a page's island imports the API client
 * was one long task of the React pages' load (a third of the cart page's blocking time on a
 * phone, with the island's other modules). A page parses only the answers of the calls it makes,
 * so in the browser every schema of the contract's modules is a stand-in that builds the real one
 * the first time anything asks it for anything (a parse, its shape, its internals), and is that
 * schema from then on. On the server (and in tests under Node) schemas are built at once, as
 * written: the OpenAPI document and the routes' validators see the plain schemas.
 */
const inBrowser = typeof document !== 'undefined';

/** `build()`'s value, built on first use (what `lazy` gives in the browser). */
export function lazyProxy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    built ??= build();
    return built;
  };
  // The proxy's own target stays empty; every trap answers from the real schema.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/** A contract schema: built on first use in the browser, at once elsewhere. */
export function lazy<T extends object>(build: () => T): T {
  return inBrowser ? lazyProxy(build) : build();
}
