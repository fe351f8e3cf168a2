import type { DeflateRaw } from 'node:zlib';
import { nodeZlib } from '../builtins';
import { RECORD_DICTIONARY_V1 } from './record-dictionary';

/**
 * How a cached record is stored (packages.raw): one format byte, then the record's JSON.
 * Format 1: raw deflate, level 1 (fast), 32 KB window, with RECORD_DICTIONARY_V1 — about 1.2 KB
 * for a 6.7 KB record.
 */
const FORMAT_V1 = 1;
const V1 = { level: 1, windowBits: 15, dictionary: RECORD_DICTIONARY_V1 } as const;

/**
 * The parts of a Node zlib stream that its own `deflateRawSync` uses (lib/zlib.js: the handle's
 * `writeSync` and `reset`, and `_writeState`: the output and input left after a write). Not
 * documented: used only once checked (deflater below).
 */
interface ZlibHandle {
  reset(): void;
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
}
type Internals = DeflateRaw & { _handle?: ZlibHandle; _writeState?: Uint32Array };

/**
 * One deflate stream per thread, reset for each record. `deflateRawSync` builds a stream for each
 * call (a Transform, its native handle, zlib's state with the dictionary) and closes it again:
 * about a quarter of packing a 6.9 KB record (62–90 µs against 46–63 µs a record reused, a page of
 * the sandbox's records; the output is the same byte for byte). Resetting zlib's state keeps its
 * memory and sets the dictionary again (Node's ResetStream). Node has no public way to reuse a
 * stream synchronously, so this drives the stream's handle as `deflateRawSync` itself does, and
 * only after checking at first use that the handle is there and packs a record exactly as
 * `deflateRawSync` does; otherwise, or when a write does not finish in one call, `deflateRawSync`
 * packs.
 */
let deflater: ((input: Uint8Array) => Buffer | null) | null | undefined;
/** Where the reused stream writes; grown for a larger record, copied out of after each write. */
let scratch = Buffer.allocUnsafe(0);

function reusedDeflater(): ((input: Uint8Array) => Buffer | null) | null {
  const zlib = nodeZlib();
  let stream: Internals;
  try {
    stream = zlib.createDeflateRaw(V1);
  } catch {
    return null;
  }
  const handle = stream._handle;
  const state = stream._writeState;
  if (!handle || typeof handle.writeSync !== 'function' || typeof handle.reset !== 'function' || !(state instanceof Uint32Array))
    return null;
  // zlib reports an error through the stream ('error', after destroying it): from then on
  // deflateRawSync packs (an unheard 'error' would end the process).
  let failed = false;
  stream.on('error', () => {
    failed = true;
  });
  const finish = zlib.constants.Z_FINISH;
  const pack = (input: Uint8Array): Buffer | null => {
    if (failed || stream.destroyed) throw new Error('the reused deflate stream failed');
    // zlib's bound for raw deflate (deflateBound) is below input + input/1024 + 64.
    const room = input.length + (input.length >> 10) + 64;
    if (scratch.length < room) scratch = Buffer.allocUnsafe(Math.max(room, 16 * 1024));
    handle.reset();
    handle.writeSync(finish, input, 0, input.length, scratch, 0, scratch.length);
    const outLeft = state[0]!;
    const inLeft = state[1]!;
    if (failed) throw new Error('the reused deflate stream failed');
    if (inLeft !== 0 || outLeft === 0) return null;
    // The format byte, then the body (a copy: scratch is written again by the next record).
    const out = Buffer.allocUnsafe(scratch.length - outLeft + 1);
    out[0] = FORMAT_V1;
    scratch.copy(out, 1, 0, scratch.length - outLeft);
    return out;
  };
  try {
    const probe = Buffer.from(`${RECORD_DICTIONARY_V1.toString('utf8')}{"id":1,"orderNumber":"ÇĞİÖŞÜ-1"}`, 'utf8');
    const packed = pack(probe);
    if (packed === null || !packed.subarray(1).equals(zlib.deflateRawSync(probe, V1))) return null;
  } catch {
    return null;
  }
  return pack;
}

/** The reused stream's packer, set up (and checked) at first use; null: deflateRawSync packs. */
const reused = () => (deflater === undefined ? (deflater = reusedDeflater()) : deflater);

/** The record packed (format byte and body); `json`: the record's text, or its UTF-8 bytes. */
export function packRecord(json: string | Uint8Array): Buffer {
  const pack = reused();
  const input = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  if (pack !== null) {
    try {
      const packed = pack(input);
      if (packed !== null) return packed;
    } catch {
      // The stream is unusable from now on: every record goes through deflateRawSync.
      deflater = null;
    }
  }
  const body = nodeZlib().deflateRawSync(input, V1);
  const out = Buffer.allocUnsafe(body.length + 1);
  out[0] = FORMAT_V1;
  body.copy(out, 1);
  return out;
}

export function unpackRecord(raw: Buffer): string {
  if (raw[0] !== FORMAT_V1) throw new Error(`cached record in an unknown format (${raw[0]})`);
  return nodeZlib().inflateRawSync(raw.subarray(1), { windowBits: V1.windowBits, dictionary: V1.dictionary }).toString('utf8');
}

/** For tests: whether records are packed by the reused stream (true) or by deflateRawSync. */
export const packsWithReusedStream = (): boolean => reused() !== null;
