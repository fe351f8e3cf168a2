/**
 * Keeps undici's HTTP parser (llhttp, compiled to WebAssembly) in V8's baseline code. V8 runs a
 * WebAssembly function first as baseline code (Liftoff) and compiles the busiest ones again with
 * its optimizing compiler (TurboFan) on one of its background threads. In a sync that compile
 * took about 35 MB from glibc's allocator in that thread's own arena, and glibc kept the memory
 * after it was freed: the built `wd sync` of 40,000 orders peaked at 245–263 MB in the runs
 * where it happened (about half) against 217–230 MB (`strace -k` of the arena's growth: only
 * the WebAssembly compile). The parser only finds where a page's bytes begin and end; a sync
 * with it baseline-only was no slower (docs/PERFORMANCE.md, Memory).
 *
 * Set just before undici is loaded (CoreOptions.beforeHttpClient): commands that never go online
 * never load node:v8 (about 5 ms of a start). Both flags: without dynamic tiering but with
 * tier-up V8 would compile every function again at once; `--no-wasm-tier-up` alone did not stop
 * the dynamic one.
 */
export function baselineWasmOnly(): void {
  const v8 = process.getBuiltinModule('node:v8');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
  v8.setFlagsFromString('--no-wasm-tier-up');
}
