import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packV1 } from '../../../src/main/core/db/migrations/workspace/010-compact-cache';
import { foldV18 } from '../../../src/main/core/db/migrations/workspace/018-return-name-keys';
import { nameWordsV23 } from '../../../src/main/core/db/migrations/workspace/023-name-words';
import { nameKey, nameWords } from '../../../src/main/core/packages/cache-record';
import { RECORD_DICTIONARY_V1 } from '../../../src/main/core/packages/record-dictionary';
import { packRecord, unpackRecord } from '../../../src/main/core/packages/record-pack';

/**
 * Migrations keep copies of the live code they ran (no migration imports live code: the layers
 * lint rule refuses it). These tests say when the live code has moved away from a copy, which
 * then needs a migration of its own — they never make the copy follow the live code.
 */
describe('frozen migrations', () => {
  const samples = join(import.meta.dirname, '../../fixtures/service-samples');
  const records = ['oms_GetOrderPackages_response_sample.json', 'oms_GetOrderPackages_response_all_fields.json'].flatMap((f) => {
    const page = JSON.parse(readFileSync(join(samples, f), 'utf8')) as { data?: unknown[] | null; result?: { data?: unknown[] } };
    return (page.data ?? page.result?.data ?? []).map((r) => JSON.stringify(r));
  });
  it('reads the service samples (the records packed below)', () => expect(records.length).toBeGreaterThan(1));

  it('010: the records it packed are read by today’s reader, byte for byte what today’s packer writes', () => {
    for (const json of records) {
      const packed = packV1(json);
      expect(unpackRecord(packed)).toBe(json);
      expect(packed.equals(packRecord(json))).toBe(true);
    }
  });

  it('the record dictionary of format 1 never changes (stored records depend on it)', () => {
    expect(createHash('sha256').update(RECORD_DICTIONARY_V1).digest('hex')).toBe(
      '56ae0a0cea142315e374745aa2fd5490f6ef8155f7568bf6f5788488009099eb',
    );
  });

  it('018: the folded name keys it wrote are what today’s nameKey writes', () => {
    const names = ['İpek', 'ŞÜKRÜ', 'Ömer Çağlar', '  ayşe   gül ', 'IŞIL', 'Zoë', 'José', '', '   ', 'ĞĞ', 'Âdem Îlhan Ûmit'];
    for (const name of names) expect(foldV18(name), name).toBe(nameKey(name));
    expect(foldV18(null)).toBe(null);
  });

  it('023: the name words it indexed are what today’s nameWords indexes', () => {
    const names: [string | null, string | null][] = [
      ['Ayşe Nur', 'HANOĞLU'],
      ['İpek', 'Şahin-Yıldız'],
      ['  ıŞıL  ', ''],
      [null, 'Öztürk'],
      ['Zoë', 'José'],
      ['Âdem Îlhan', 'Ûmit - Çelik'],
      [null, null],
      ['x'.repeat(201), 'Kaya'],
    ];
    for (const [first, last] of names) expect(nameWordsV23(first, last), `${first} ${last}`).toEqual(nameWords(first, last));
  });
});
