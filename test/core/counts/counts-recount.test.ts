import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { passesThreshold } from '../../../src/main/core/counts/trust';
import { lastInventoryBody, rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const lastBody = () => lastInventoryBody(t);

/** A sent count of A-01 with SKU-1 = 10 and SKU-2 = 100, then a new count open. */
async function setup() {
  t = await rig();
  await t.signIn();
  const products = productsOf(t.core.ctx.workspace());
  products.save({ sku: 'SKU-1', barcode: '8690345727803', name: 'Çizim Seti' }, 'saved');
  products.save({ sku: 'SKU-2', barcode: '8690345727810', name: 'Silgi' }, 'saved');
  const first = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
  await t.call('counts.scan', { sessionId: first, code: 'SKU-1', quantity: 10 });
  await t.call('counts.scan', { sessionId: first, code: 'SKU-2', quantity: 100 });
  await t.call('counts.push', { sessionId: first });
  await t.call('counts.setOptions', { recount: true, recountUnits: 5, recountPercent: 20 });
  return (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
}

describe('recount on variance (issue 18.3)', () => {
  it('the threshold needs both the units and the percent of the previous quantity', () => {
    const o = { recountUnits: 5, recountPercent: 20 };
    expect(passesThreshold(14, 10, o)).toBe(false); // 4 units
    expect(passesThreshold(16, 10, o)).toBe(true); // 6 units, 60 %
    expect(passesThreshold(4, 10, o)).toBe(true); // −6 units
    expect(passesThreshold(110, 100, o)).toBe(false); // 10 units but 10 %
    expect(passesThreshold(125, 100, o)).toBe(true);
    expect(passesThreshold(10, 10, { recountUnits: 1, recountPercent: 0 })).toBe(false);
  });

  it('is per connection, off until turned on, and saved with the blind-count option', async () => {
    t = await rig();
    await t.signIn();
    expect(await t.call('counts.options', {})).toEqual({ blind: true, recount: false, recountUnits: 5, recountPercent: 20 });
    await t.call('counts.setOptions', { recount: true, recountUnits: 3, recountPercent: 50 });
    expect(await t.call('counts.options', {})).toEqual({ blind: true, recount: true, recountUnits: 3, recountPercent: 50 });
    const bad = await t.core.call('counts.setOptions', { recountUnits: 0 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await t.signIn({ name: 'Other', storageCodes: ['B-01'] });
    expect(await t.call('counts.options', {})).toMatchObject({ recount: false });
  });

  it('a line past the threshold cannot be sent until recounted; the recount is kept next to the first count and the choice is recorded and sent', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: 'SKU-1', quantity: 17 }); // +7 of 10: past the threshold
    await t.call('counts.scan', { sessionId: id, code: 'SKU-2', quantity: 110 }); // +10 of 100: 10 %, not past it

    let r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(r.lines.find((l) => l.sku === 'SKU-1')).toMatchObject({
      quantity: 17,
      recount: { required: true, why: 'variance', quantity: null, choice: null },
      blocked: 'recount',
    });
    expect(r.lines.find((l) => l.sku === 'SKU-2')).toMatchObject({ recount: null, blocked: null });
    expect(r.blocked).toBe(1);
    const refused = await t.core.call('counts.push', { sessionId: id, confirmed: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', params: { reason: 'count_not_settled', count: 1 } } });

    // Recount mode takes only the flagged SKUs, and never changes the first count.
    const other = await t.core.call('counts.scan', { sessionId: id, code: 'SKU-2', recount: true });
    expect(other).toMatchObject({ ok: false, error: { params: { reason: 'not_in_recount', sku: 'SKU-2' } } });
    const rs = await t.call('counts.scan', { sessionId: id, code: '8690345727803', quantity: 12, recount: true });
    expect(rs.recount).toEqual({ sku: 'SKU-1', quantity: 12 });
    await t.call('counts.scan', { sessionId: id, code: 'SKU-1', recount: true });
    r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(r.lines.find((l) => l.sku === 'SKU-1')).toMatchObject({
      quantity: 17,
      recount: { quantity: 13, choice: null },
      blocked: 'choose_recount',
    });
    expect((await t.call('counts.get', { sessionId: id })).lines.find((l) => l.sku === 'SKU-1')?.quantity).toBe(17);

    // Undo takes back the last recount scan.
    await t.call('counts.undo', { sessionId: id, steps: 1 });
    r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(r.lines.find((l) => l.sku === 'SKU-1')?.recount?.quantity).toBe(12);

    await t.call('counts.chooseRecount', { sessionId: id, sku: 'SKU-1', choice: 'recount' });
    r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(r.lines.find((l) => l.sku === 'SKU-1')).toMatchObject({ recount: { quantity: 12, choice: 'recount' }, send: 12, blocked: null });
    expect(r.blocked).toBe(0);
    await t.call('counts.push', { sessionId: id, confirmed: true });
    expect(await lastBody()).toEqual({ 'SKU-1': 12, 'SKU-2': 110 });
    // Recent counts shows what was sent (12 + 110), not the first count (17 + 110) (issue 46 item 6).
    const [h] = await t.call('counts.history', { storageCode: 'A-01', limit: 1 });
    expect(h).toMatchObject({ id, totalUnits: 127, lineCount: 2, sentUnits: 122, recounted: 1 });

    // The choice is in the event log and in the export, next to the first count.
    const events = t.core.ctx
      .workspace()
      .db.prepare("SELECT kind, sku, quantity, prev_quantity, resolution FROM scan_events WHERE session_id = ? AND kind = 'recount_choice'")
      .all(id);
    expect(events).toEqual([{ kind: 'recount_choice', sku: 'SKU-1', quantity: 17, prev_quantity: 12, resolution: 'recount' }]);
    // In the worker's language by default (issue 46.12: the choice was written `recount`).
    const worker = (await t.call('counts.export', { sessionId: id })).csv.replace(/^\uFEFF/, '').split('\r\n');
    const workerCols = worker[0]!.split(';');
    const workerRow = worker.map((l) => l.split(';')).find((c) => c[1] === 'SKU-1')!;
    expect(workerRow[workerCols.indexOf('Seçilen adet')]).toBe('Yeniden sayım');
    await t.call('settings.update', { exportCodes: true });
    const csv = (await t.call('counts.export', { sessionId: id })).csv;
    const [head, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const cols = head!.split(';');
    const sku1 = rows.map((l) => l.split(';')).find((c) => c[cols.indexOf('sku')] === 'SKU-1')!;
    expect([
      sku1[cols.indexOf('qty')],
      sku1[cols.indexOf('recount')],
      sku1[cols.indexOf('recount_choice')],
      sku1[cols.indexOf('sent_qty')],
    ]).toEqual(['17', '12', 'recount', '12']);

    expect((await t.call('counts.history', { storageCode: 'A-01' }))[0]).toMatchObject({ id, recounted: 1, moved: 0 });

    // The next count compares with what was sent (12), not with the first count.
    const next = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    await t.call('counts.scan', { sessionId: next, code: 'SKU-1', quantity: 12 });
    expect((await t.call('counts.review', { sessionId: next, zeroMissing: false })).lines[0]).toMatchObject({
      previous: 12,
      blocked: null,
    });
  });

  it('a recount that agrees with the first count settles the line; choosing the first count sends it; a recount of 0 can be typed', async () => {
    const id = await setup();
    await t.call('counts.scan', { sessionId: id, code: 'SKU-1', quantity: 30 });
    await t.call('counts.scan', { sessionId: id, code: 'SKU-2', quantity: 40 });
    await t.call('counts.scan', { sessionId: id, code: 'SKU-1', quantity: 30, recount: true });
    await t.call('counts.recountSet', { sessionId: id, sku: 'SKU-2', quantity: 0 });
    let r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(r.lines.find((l) => l.sku === 'SKU-1')).toMatchObject({ recount: { quantity: 30 }, send: 30, blocked: null });
    expect(r.lines.find((l) => l.sku === 'SKU-2')).toMatchObject({ recount: { quantity: 0 }, blocked: 'choose_recount' });
    await t.call('counts.chooseRecount', { sessionId: id, sku: 'SKU-2', choice: 'first' });
    r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(r.lines.find((l) => l.sku === 'SKU-2')).toMatchObject({ send: 40, blocked: null });
    // A first count changed after the choice makes the choice void: decide again.
    await t.call('counts.setLine', { sessionId: id, sku: 'SKU-2', quantity: 41 });
    r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(r.lines.find((l) => l.sku === 'SKU-2')).toMatchObject({ recount: { choice: null }, blocked: 'choose_recount' });
    await t.call('counts.chooseRecount', { sessionId: id, sku: 'SKU-2', choice: 'first' });
    await t.call('counts.push', { sessionId: id, confirmed: true });
    expect(await lastBody()).toEqual({ 'SKU-1': 30, 'SKU-2': 41 });
  });
});
