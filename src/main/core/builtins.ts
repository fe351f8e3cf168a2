import type * as NodeCrypto from 'node:crypto';
import type * as NodeHttp from 'node:http';
import type * as NodeWorkerThreads from 'node:worker_threads';
import type * as NodeZlib from 'node:zlib';

/**
 * Node built-ins that only some work needs, loaded on first use instead of at import. A bundle
 * requires every statically imported built-in when it starts, and these three (with the stream
 * modules they pull in) cost a `wd lookup` about 15 ms of its start without being used by it:
 * node:crypto ~10 ms, node:zlib ~2 ms, node:worker_threads ~2 ms (measured one by one in a fresh
 * `node`). `process.getBuiltinModule` returns the same module objects as an import.
 */
let crypto: typeof NodeCrypto | undefined;
let zlib: typeof NodeZlib | undefined;
let workerThreads: typeof NodeWorkerThreads | undefined;

export const nodeHttp = (): typeof NodeHttp => process.getBuiltinModule('node:http');
export const nodeCrypto = (): typeof NodeCrypto => (crypto ??= process.getBuiltinModule('node:crypto'));
export const nodeZlib = (): typeof NodeZlib => (zlib ??= process.getBuiltinModule('node:zlib'));
export const nodeWorkerThreads = (): typeof NodeWorkerThreads => (workerThreads ??= process.getBuiltinModule('node:worker_threads'));
