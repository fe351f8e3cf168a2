import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { withCheckDigit } from '../../../src/shared/barcode/gtin';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const GS = '\u001d';
const EAN = '9506000134352'; // GTIN-14 09506000134352 without its leading zero
const UPC = '036000291452';

async function setup() {
  t = await rig();
  await t.signIn();
  const ws = t.core.ctx.workspace();
  productsOf(ws).save({ sku: 'KREM-50', barcode: EAN, name: 'Nemlendirici Krem 50 ml' }, 'saved');
  productsOf(ws).save({ sku: 'UPC-1', barcode: UPC, name: 'Sabun' }, 'saved');
  const open = await t.call('counts.open', { storageCode: 'A-01' });
  return open.session.id;
}

describe('GS1 codes in counting', () => {
  it('a line is never taken past what the service accepts (2,000,000,000): 100,000 × a case of 99,999 is refused, nothing counted', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN });
    const r = await t.core.call('counts.scan', { sessionId: id, code: '(02)09506000134352(37)99999', quantity: 100_000 });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', params: { reason: 'line_too_large', sku: 'KREM-50' } } });
    // Up to the limit it counts.
    await t.call('counts.scan', { sessionId: id, code: '(02)09506000134352(37)19999', quantity: 100_000 });
    const d = await t.call('counts.get', { sessionId: id });
    expect(d.lines.map((l) => [l.sku, l.quantity])).toEqual([['KREM-50', 1_999_900_001]]);
    expect(d.session.totalUnits).toBe(1_999_900_001);
    const over = await t.core.call('counts.scan', { sessionId: id, code: EAN, quantity: 100_000 });
    expect(over).toMatchObject({ ok: false, error: { params: { reason: 'line_too_large' } } });
    // The count still sends (nothing over the limit was stored).
    expect(await t.call('counts.push', { sessionId: id, confirmed: true })).toMatchObject({ items: 1 });
  });

  it('lines merged past the limit (an unknown case assigned to the SKU) are refused at Send, with the count still open to fix', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: '(02)09506000134352(37)19999', quantity: 100_000 });
    const other = withCheckDigit('0869000000001');
    const unknown = await t.call('counts.scan', { sessionId: id, code: `(02)${other}(37)19999`, quantity: 100_000 });
    expect(unknown).toMatchObject({ outcome: 'unknown' });
    await t.call('counts.assign', { sessionId: id, code: unknown.line!.sku, sku: 'KREM-50' });
    const r = await t.core.call('counts.push', { sessionId: id, confirmed: true });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', params: { reason: 'line_too_large', sku: 'KREM-50' } } });
    expect((await t.call('counts.get', { sessionId: id })).session.state).toBe('open');
    expect(await t.call('outbox.list', {})).toEqual([]);
  });

  it('a case label (02)+(37) counts its units of the product, with lot and expiry on the event and the line', async () => {
    const id = await setup();
    const r = await t.call('counts.scan', { sessionId: id, code: `]C1020950600013435237${'12'}${GS}10LOT1${GS}17271231` });
    expect(r).toMatchObject({
      outcome: 'counted',
      delta: 12,
      line: { sku: 'KREM-50', quantity: 12, lots: [{ lot: 'LOT1', expiry: '2027-12-31', units: 12, serials: 0 }] },
      gs1: { gtin: '09506000134352', lot: 'LOT1', expiry: '2027-12-31', quantity: 12 },
    });
    // Two cases of a second lot, typed quantity × case contents.
    const two = await t.call('counts.scan', { sessionId: id, code: '(02)09506000134352(37)6(10)LOT2(17)280100', quantity: 2 });
    expect(two.line).toMatchObject({
      quantity: 24,
      lots: [
        { lot: 'LOT1', expiry: '2027-12-31', units: 12 },
        { lot: 'LOT2', expiry: '2028-01-31', units: 12 },
      ],
    });
    // Undo takes the lot back off the line.
    const undone = await t.call('counts.undo', { sessionId: id, steps: 1 });
    expect(undone.lines[0]).toMatchObject({ quantity: 12, lots: [{ lot: 'LOT1', units: 12 }] });
    const detail = await t.call('counts.get', { sessionId: id });
    expect(detail.lastScan).toMatchObject({ lot: 'LOT1', expiry: '2027-12-31' });

    const file = t.core.ctx.workspace().db.name;
    const raw = new Database(file, { readonly: true });
    const events = raw
      .prepare("SELECT gtin, lot, expiry, serial, raw_code, gs1_raw FROM scan_events WHERE kind = 'scan' ORDER BY id")
      .all();
    raw.close();
    expect(events[0]).toEqual({
      gtin: '09506000134352',
      lot: 'LOT1',
      expiry: '2027-12-31',
      serial: null,
      raw_code: EAN,
      gs1_raw: `]C1020950600013435237${'12'}${GS}10LOT1${GS}17271231`,
    });
  });

  it('(01) with a serial counts one, found by the GTIN with leading zeros against a UPC-A barcode', async () => {
    const id = await setup();
    const r = await t.call('counts.scan', { sessionId: id, code: `]d2010003600029145221SN-77${GS}17270600` });
    expect(r).toMatchObject({ outcome: 'counted', delta: 1, line: { sku: 'UPC-1' }, gs1: { serial: 'SN-77', expiry: '2027-06-30' } });
    // A second item with its own serial and no expiry: the line counts the serial numbers.
    const second = await t.call('counts.scan', { sessionId: id, code: '(01)00036000291452(21)SN-78' });
    expect(second.line?.lots).toEqual([
      { lot: null, expiry: '2027-06-30', units: 1, serials: 1 },
      { lot: null, expiry: null, units: 1, serials: 1 },
    ]);
    const link = await t.call('counts.scan', { sessionId: id, code: 'https://id.gs1.org/01/09506000134352/10/L%2F9?17=270101' });
    expect(link).toMatchObject({ outcome: 'counted', line: { sku: 'KREM-50', lots: [{ lot: 'L/9', expiry: '2027-01-01' }] } });
    // An unknown GTIN is counted under its EAN-13 form, ready to be assigned.
    const unknown = await t.call('counts.scan', { sessionId: id, code: '(01)08690000000012(10)X' });
    expect(unknown).toMatchObject({ outcome: 'unknown', code: '8690000000012', line: { sku: '8690000000012', unknown: true } });
  });

  it('a malformed GS1 code is a misread with the reason, and nothing is counted', async () => {
    const id = await setup();
    const cases: [string, string][] = [
      [`]C10109506000134353`, 'bad_check_digit'],
      [`]C1020950600013435237${'12'}10LOT1`, 'not_numeric'], // separator missing after (37)
      [`]C1010950600013435237${'12'}`, 'excluded_ai'], // (37) goes with (02), never with (01)
      ['(00)106141412345678908', 'not_a_product'],
      ['WDCMDUNDO', 'command'],
    ];
    for (const [code, reason] of cases) {
      const r = await t.call('counts.scan', { sessionId: id, code });
      expect(r, code).toMatchObject({ outcome: 'misread', line: null, delta: 0, problem: { code: reason } });
    }
    expect((await t.call('counts.get', { sessionId: id })).session.totalUnits).toBe(0);
  });

  it('a GS1 element string scanned without an identifier counts its product when it is valid; a broken one stays a code', async () => {
    const id = await setup();
    const r = await t.call('counts.scan', { sessionId: id, code: '0109506000134352' });
    expect(r).toMatchObject({ outcome: 'counted', delta: 1, line: { sku: 'KREM-50' }, gs1: { gtin: '09506000134352' } });
    // A wrong check digit: not GS1, an unknown code as scanned.
    expect(await t.call('counts.scan', { sessionId: id, code: '0109506000134353' })).toMatchObject({
      outcome: 'unknown',
      code: '0109506000134353',
    });
  });

  it('a lot that swallowed the next elements (no separator) counts, and says a separator may be missing', async () => {
    const id = await setup();
    const r = await t.call('counts.scan', { sessionId: id, code: `]C10109506000134352${'10'}LOT4217271231` });
    expect(r).toMatchObject({
      outcome: 'counted',
      gs1: { lot: 'LOT4217271231', missingSeparator: { ai: '10', value: 'LOT42', next: '(17)271231' } },
    });
    const fine = await t.call('counts.scan', { sessionId: id, code: `]C10109506000134352${'10'}LOT42${GS}17271231` });
    expect(fine.gs1?.missingSeparator ?? null).toBeNull();
  });

  it('reads the scanner’s FNC1 substitute from the settings', async () => {
    const id = await setup();
    await t.call('settings.update', { scanner: { gsSubstitute: '|' } });
    const r = await t.call('counts.scan', { sessionId: id, code: ']C1020950600013435237' + '3|10LOT1' });
    expect(r).toMatchObject({ outcome: 'counted', delta: 3, gs1: { lot: 'LOT1' } });
    // A plain code with that character is not touched.
    expect(await t.call('counts.scan', { sessionId: id, code: 'A|B-1' })).toMatchObject({ outcome: 'unknown', code: 'A|B-1' });
  });
});
