import { nodeZlib } from '../builtins';
import { RECORD_DICTIONARY_V1 } from './record-dictionary';

/**
 * How a cached record is stored (packages.raw): one format byte, then the record's JSON.
 * Format 1: raw deflate, level 1 (fast), 32 KB window, with RECORD_DICTIONARY_V1 — about 1.2 KB
 * for a 6.7 KB record.
 */
const FORMAT_V1 = 1;
const V1 = { level: 1, windowBits: 15, dictionary: RECORD_DICTIONARY_V1 } as const;

/** `json`: the record's text, or its UTF-8 bytes. */
export function packRecord(json: string | Uint8Array): Buffer {
  const body = nodeZlib().deflateRawSync(json, V1);
  const out = Buffer.allocUnsafe(body.length + 1);
  out[0] = FORMAT_V1;
  body.copy(out, 1);
  return out;
}

export function unpackRecord(raw: Buffer): string {
  if (raw[0] !== FORMAT_V1) throw new Error(`cached record in an unknown format (${raw[0]})`);
  return nodeZlib().inflateRawSync(raw.subarray(1), { windowBits: V1.windowBits, dictionary: V1.dictionary }).toString('utf8');
}
