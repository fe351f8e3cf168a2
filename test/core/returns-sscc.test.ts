import { afterEach, describe, expect, it } from 'vitest';
import { PackageSync } from '../../src/main/core/packages/sync';
import { rig, type TestRig } from '../support/core';

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
    // The carrier printed an SSCC as the parcel's barcode (as the cache stores a package's codes).
    const db = t.core.ctx.workspace().db;
    const pk = db.prepare<[number], { pk: number }>("SELECT pk FROM packages WHERE kind = 'return' AND id = ?").get(first.id)!.pk;
    db.prepare("INSERT INTO package_codes (code, package_pk, field) VALUES (?, ?, 'parcelBarcode')").run(SSCC, pk);

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
