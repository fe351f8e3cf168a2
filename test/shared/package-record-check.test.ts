import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackageRecord, PackageRecordCheck } from '../../src/shared/service/packages';

/**
 * The sync checks each record with PackageRecordCheck (the same schemas built with objects that
 * drop undeclared keys from their copy) and caches the record's own text. It must accept and
 * refuse exactly what PackageRecord does, with the same reasons, and read the same declared fields.
 */
const samples = join(import.meta.dirname, '../fixtures/service-samples');
const records = ['oms_GetOrderPackages_response_sample.json', 'oms_GetOrderPackages_response_all_fields.json'].flatMap(
  (f) => (JSON.parse(readFileSync(join(samples, f), 'utf8')) as { data: unknown[] }).data,
);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value inside `v` (objects and arrays included). */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

/** `v` with the value at `path` replaced (or, for an object, a key added beside it). */
function changed(v: Json, path: (string | number)[], value: Json, add: string | null): Json {
  if (path.length === 0) {
    if (add !== null && v !== null && typeof v === 'object' && !Array.isArray(v)) return { ...v, [add]: value };
    return value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? changed(x, rest, value, add) : x));
  const o = v as { [k: string]: Json };
  return { ...o, [head!]: changed(o[head!]!, rest, value, add) };
}

/** What a declared-only reader sees of a value: PackageRecord's output without the keys PackageRecordCheck drops. */
const declared = (full: unknown, check: unknown): unknown => {
  if (Array.isArray(full)) return full.map((x, i) => declared(x, (check as unknown[])[i]));
  if (full !== null && typeof full === 'object' && check !== null && typeof check === 'object')
    return Object.fromEntries(
      Object.keys(check).map((k) => [k, declared((full as Record<string, unknown>)[k], (check as Record<string, unknown>)[k])]),
    );
  return full;
};

describe('PackageRecordCheck', () => {
  it('accepts and refuses what PackageRecord does, with the same issues, and gives the same declared fields', () => {
    const record = fc.constantFrom(...(records as Json[])).chain((r) =>
      fc.record({
        r: fc.constant(r),
        path: fc.constantFrom(...paths(r)),
        value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
        add: fc.option(fc.constantFrom('extra', 'id', 'lines', 'x-new', 'sku'), { nil: null }),
      }),
    );
    fc.assert(
      fc.property(record, ({ r, path, value, add }) => {
        const input = changed(r, path, value, add);
        const full = PackageRecord.safeParse(input);
        const check = PackageRecordCheck.safeParse(input);
        expect(check.success).toBe(full.success);
        if (!full.success || !check.success) {
          expect(check.error?.issues.map((i) => [i.code, i.path])).toEqual(full.error?.issues.map((i) => [i.code, i.path]));
          return;
        }
        expect(check.data).toEqual(declared(full.data, check.data));
      }),
      { numRuns: 400 },
    );
  });

  it('drops from its copy only the keys no schema declares', () => {
    const r = { ...(records[0] as object), giftNote: 'x', shipmentAddress: { city: 'Bursa', floor: 3 } };
    const check = PackageRecordCheck.parse(r) as Record<string, unknown>;
    expect(check.giftNote).toBeUndefined();
    expect(check.shipmentAddress).toEqual({ city: 'Bursa' });
    expect((PackageRecord.parse(r) as Record<string, unknown>).giftNote).toBe('x');
  });
});
