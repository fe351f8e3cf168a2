import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORD_DICTIONARY_V1 } from '../../../src/main/core/packages/record-dictionary';
import { Dataset } from '../../../src/main/sandbox/packages/generator';

/**
 * How a cached record is packed (record-pack.ts): one deflate stream reused for every record,
 * checked against Node's deflateRawSync, which packs when the stream cannot be used. Stored
 * records must stay readable whichever way they were packed: the bytes are the same.
 */
const V1 = { level: 1, windowBits: 15, dictionary: RECORD_DICTIONARY_V1 };
const expected = (json: string | Uint8Array) => Buffer.concat([Buffer.from([1]), zlib.deflateRawSync(json, V1)]);

const sample = readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/oms_GetOrderPackages_response_sample.json'), 'utf8');
const data = new Dataset(7, 300, 100, Date.parse('2026-11-01T00:00:00Z'));
const records = [
  ...data.orders.map((e) => JSON.stringify(data.record(e))),
  ...data.returns.map((e) => JSON.stringify(data.record(e))),
  // Larger than the stream's first buffer (16 KB), and bytes that do not compress (the body is then larger than the input).
  sample.repeat(4),
  JSON.stringify({ id: 1, noise: randomBytes(40_000).toString('latin1') }),
  JSON.stringify({ id: 2, customerFirstName: 'Çağrı Şükrü İğdır', note: 'ı'.repeat(3000) }),
  '',
];

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('packing cached records', () => {
  it('packs every record byte for byte as deflateRawSync does, with the one reused stream, and unpacks it again', async () => {
    const { packRecord, packsWithReusedStream, unpackRecord } = await import('../../../src/main/core/packages/record-pack');
    expect(packsWithReusedStream()).toBe(true);
    for (const json of records) {
      const packed = packRecord(json);
      expect(packed.equals(expected(json))).toBe(true);
      expect(unpackRecord(packed)).toBe(json);
      // From the record's bytes as the page carried them, the same.
      expect(packRecord(Buffer.from(json, 'utf8')).equals(packed)).toBe(true);
    }
    // A small record after a large one: nothing of the earlier one is left in what is stored.
    expect(unpackRecord(packRecord('{"id":3}'))).toBe('{"id":3}');
  });

  it('packs with deflateRawSync when a zlib stream does not offer what the reused one needs (another Node)', async () => {
    const real = zlib.createDeflateRaw;
    vi.spyOn(zlib, 'createDeflateRaw').mockImplementation((options) => {
      const stream = real(options) as ReturnType<typeof real> & { _handle?: unknown };
      delete stream._handle;
      return stream;
    });
    const { packRecord, packsWithReusedStream, unpackRecord } = await import('../../../src/main/core/packages/record-pack');
    expect(packsWithReusedStream()).toBe(false);
    for (const json of records.slice(0, 20)) {
      expect(packRecord(json).equals(expected(json))).toBe(true);
      expect(unpackRecord(packRecord(json))).toBe(json);
    }
  });

  it('goes on with deflateRawSync when the reused stream fails mid-sync, without losing the record', async () => {
    const { packRecord, packsWithReusedStream, unpackRecord } = await import('../../../src/main/core/packages/record-pack');
    expect(packsWithReusedStream()).toBe(true);
    // The stream's handle breaks (as a closed one does): the record in hand is packed all the same.
    const handle = (zlib.createDeflateRaw() as unknown as { _handle: object })._handle;
    const reset = vi.spyOn(Object.getPrototypeOf(handle) as { reset(): void }, 'reset');
    reset.mockImplementation(() => {
      throw new Error('zlib binding closed');
    });
    const json = records[0]!;
    expect(packRecord(json).equals(expected(json))).toBe(true);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(unpackRecord(packRecord(records[1]!))).toBe(records[1]);
    // From then on the reused stream is not asked again.
    expect(reset).toHaveBeenCalledTimes(1);
    expect(packsWithReusedStream()).toBe(false);
  });
});
