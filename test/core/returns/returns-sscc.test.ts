import { afterEach, describe, expect, it } from 'vitest';
import { toCacheRow } from '../../../src/main/core/packages/cache-record';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import { PackageSync } from '../../../src/main/core/packages/sync';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const GS = '\u001d';
const SSCC = '106141412345678908';

describe('returns desk: GS1 logistic labels', () => {
  it('a GS1-128 label with (00) opens the return whose parcel carries that SSCC', async () => {
    t = await rig({ sandbox: { packages: 5, returns: 5, seed: 17, days: 20 } });
    await t.signIn();
    await new PackageSync(t.core.ctx.workspace(), t.core.ctx).run({ from: new Date(Date.now() - 60 * 86_400_000).toISOString() });
    const first = (await t.call('returns.list', {})).items[0]!;
    // The carrier printed an SSCC as the parcel's barcode: the package comes again with it.
    const ws = t.core.ctx.workspace();
    const repo = packagesOf(ws);
    const record = structuredClone(repo.get('return', first.id).record);
    record.parcels = [...(record.parcels ?? []), { parcelBarcode: SSCC }];
    ws.db.transaction(() => repo.upsertRows([toCacheRow(record, 'return', 0)], new Date().toISOString()))();

    for (const code of [`]C100${SSCC}`, `(00)${SSCC}`, `00${SSCC}${GS}400PO-1`, SSCC]) {
      expect(
        (await t.call('returns.scan', { code })).map((r) => r.id),
        code,
      ).toEqual([first.id]);
    }
    // A wrong check digit is no SSCC: nothing opens.
    expect(await t.call('returns.scan', { code: `]C100106141412345678907` })).toEqual([]);
  });
});
