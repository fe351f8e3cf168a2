import { z } from 'zod';

/**
 * `wd` parses a handful of values per command: zod's compiled object parsers (one `new Function`
 * per object schema, on its first parse) cost more to make than they save. Imported by bin.ts
 * before anything else, so it holds for every schema, built at import or later (zod reads the
 * setting when it builds a schema). The Electron app keeps the compiled parsers; what `wd` runs
 * (`wd sync`, `wd web`, the sandbox) parses without them.
 *
 * Measured: `wd lookup` p50 285 against 302 ms and 265 against 278 ms (two A/B rounds of 25
 * interleaved runs each, `node -e 0` 156 and 143 ms);
 * a service package record parses in 2.5–2.8 µs instead of 1.9–3.2 µs, about 70 ms more over the
 * 120,000 records of a first `wd sync` of the whole cache (39 s).
 */
z.config({ jitless: true });
