/**
 * A value built on first use: `export const X = lazy(() => z.object({ … }))` has the type and the
 * behaviour of the schema, but the schema is built when something first reads a property of it
 * (a parse, `.shape`, `.extend`, another schema built from it), not when the module is imported.
 *
 * Why: the contract and the domain modules hold a few hundred zod schemas; building all of them
 * at import cost a `wd` start about half of its JavaScript time (and most of its garbage
 * collection), while a command uses a handful. The Electron app and the web host build the ones
 * they use on the first call.
 *
 * Only for objects whose identity nobody compares (zod schemas): `X` is a Proxy in front of the
 * built value, so `X !== build()`. A method called on it gets the Proxy as `this` (zod keeps it
 * inside the schemas built from it), so every property read passes through one forwarding trap.
 * Not for `Map`s and other objects with internal slots (their methods refuse a Proxy as `this`).
 * A module whose schemas hold one another (service/packages.ts, products/schema.ts) builds them in
 * one lazy factory and exports each through `lazy`: inside, the shapes hold the real schemas, so a
 * record parsed in a sync meets no Proxy but the one it is called on.
 *
 * Measured (`wd lookup`, built, interleaved A/B, 25 runs each): p50 370 against 411 ms on a loaded
 * machine (`node -e 0` 189 ms), 315 against 338 ms on a quieter one (floor 156 ms); with the
 * GS1 table built on first use and `node:fs/promises` no longer loaded by the CLI.
 */
export function lazy<T extends object>(build: () => T): T {
  let value: T | undefined;
  const get = (): T => (value ??= build());
  return new Proxy({} as T, {
    get: (_, p) => Reflect.get(get(), p) as unknown,
    set: (_, p, v) => Reflect.set(get(), p, v),
    has: (_, p) => Reflect.has(get(), p),
    deleteProperty: (_, p) => Reflect.deleteProperty(get(), p),
    defineProperty: (_, p, d) => Reflect.defineProperty(get(), p, d),
    ownKeys: () => Reflect.ownKeys(get()),
    getPrototypeOf: () => Reflect.getPrototypeOf(get()),
    getOwnPropertyDescriptor: (_, p) => {
      const d = Reflect.getOwnPropertyDescriptor(get(), p);
      // The Proxy's own target has none of these properties: a Proxy may not report one of them
      // as non-configurable.
      return d && { ...d, configurable: true };
    },
  });
}
