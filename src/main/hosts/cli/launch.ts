import { readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire, Module, wrap } from 'node:module';
import { basename, join } from 'node:path';
import { Script } from 'node:vm';
import { ensurePrivateDir, leadingOptions } from '../../core/paths';

/**
 * What `bin` runs (out/cli/wd.js, CommonJS): the CLI bundle beside it (wd-main.js) compiled with
 * V8's code cache, so a command does not parse half a megabyte of JavaScript and compile the
 * functions it runs on every start (Node 20 keeps no code cache for scripts it loads itself).
 *
 * The cache is one file in the data directory (`cli-code-cache/`, private to the user like the rest
 * of it), named by a hash of the bundle's text and V8's version: V8 itself checks only the text's
 * length, so a file written for another build is never read. The hash is worked out when the
 * bundle is built and written into this file (cli.vite.config.ts): hashing it here needed
 * node:crypto, about 10 ms of every start to load, and 2–3 ms to hash. Written when a command ends without a
 * usable one (first run, a new build, another Node), with the functions that command compiled; a
 * damaged or foreign file is refused by V8 and written again. Any failure to read or write it only
 * costs the time it would have saved.
 */
const file = join(__dirname, 'wd-main.js');
const source = readFileSync(file, 'utf8');
/** sha256 of wd-main.js (32 hex digits), put here by the build in place of this placeholder. */
const BUNDLE_HASH = 'wd-main-hash-from-the-build-0000';
// Not built by cli.vite.config.ts (no hash): no cache, rather than one shared by every build.
const hashed = /^[0-9a-f]{32}$/.test(BUNDLE_HASH);
// In the data directory the command uses (`--data-dir` included), not always the default one.
const dir = join(leadingOptions(process.argv.slice(2)).dataDir, 'cli-code-cache');
const cacheFile = join(dir, `wd-${BUNDLE_HASH}-v8-${process.versions.v8.replace(/[^\w.]/g, '_')}.v8`);

let cachedData: Buffer | undefined;
try {
  cachedData = hashed ? readFileSync(cacheFile) : undefined;
} catch {
  cachedData = undefined;
}
const script = new Script(wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
if (hashed && (!cachedData || script.cachedDataRejected)) process.once('exit', saveCache);

// The bundle as a module of its own in require's cache: the chunks it loads later (undici, the
// servers) require it for what they share, and must get this copy, not a second run of the CLI.
type Wrapper = (exports: object, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
const mod = new Module(file);
mod.filename = file;
mod.loaded = true;
const req = createRequire(file);
req.cache[file] = mod;
(script.runInThisContext() as Wrapper).call(mod.exports, mod.exports, req, mod, file, __dirname);

function saveCache(): void {
  try {
    const data = script.createCachedData();
    ensurePrivateDir(dir);
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, data, { mode: 0o600 });
    renameSync(tmp, cacheFile);
    // Caches of earlier builds are of no further use.
    for (const f of readdirSync(dir)) if (f !== basename(cacheFile) && f.startsWith('wd-')) unlinkSync(join(dir, f));
  } catch {
    // A read-only or full disk: the next start compiles from the text again.
  }
}
