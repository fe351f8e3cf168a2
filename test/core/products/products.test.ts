import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { outboxOf } from '../../../src/main/core/outbox/outbox';
import { batchRecords } from '../../../src/main/core/products/products-service';
import type { ProductRecord } from '../../../src/shared/products/schema';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => {
  await t?.close();
  t = undefined as unknown as TestRig;
});

const sample = (name: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../fixtures/service-samples/pim_SaveProductsManually_request_${name}.json`), 'utf8'),
  ) as ProductRecord[];

async function setup() {
  t = await rig();
  await t.signIn({ companyId: 7 });
  return outboxOf(t.core.ctx.workspace(), t.core.ctx);
}
const saved = async (companyId = 7) => await t.admin(`products?companyId=${companyId}`);

describe('saving products', () => {
  it('queues a valid request, sends it to the PIM with the company id, keeps the answer, and learns the barcodes', async () => {
    const outbox = await setup();
    const r = await t.call('products.send', { records: sample('model_option_variants'), label: 'Ayakkabı', source: 'editor' });
    expect(r).toMatchObject({ ok: true, problems: [], batches: [{ records: 5 }] });
    await outbox.drain();
    const [batch] = await t.call('products.history', {});
    expect(batch).toMatchObject({ label: 'Ayakkabı', recordCount: 5, write: { state: 'sent', responseStatus: 200 } });
    expect(batch!.write!.responseBody).toContain('"IsSuccess":true');
    expect(JSON.stringify(await saved())).toContain('TestAyakkabi3KIRMIZI38');
    // Saved products resolve a scanned barcode at once (counting, returns).
    expect(productsOf(t.core.ctx.workspace()).resolve('TestAyakkabi3KIRMIZI38')).toMatchObject({
      sku: 'TestAyakkabi3KIRMIZI38',
      name: 'Test Ayakkabi 1 KIRMIZI 38',
    });
  });

  it("a single product made with its model and option left empty goes with its SKU in both, as the service's sample (the service relates records by them)", async () => {
    const outbox = await setup();
    const made = (sku: string, barcode: string) => {
      const r = sample('single_product_type4')[0]!;
      return { ...r, Main: { Model: '', Option: ' ', Sku: sku, Barcode: barcode, Type: 4 } };
    };
    // Two products made in the editor one after the other: two models, not one model "".
    const r = await t.call('products.send', {
      records: [made('KALEM-1', '8690000000012'), made('SILGI-1', '8690000000029')],
      label: 'x',
      source: 'editor',
    });
    expect(r.ok).toBe(true);
    await outbox.drain();
    const [batch] = await t.call('products.history', {});
    const sent = batch!.records as ProductRecord[];
    expect(sent.map((x) => x.Main)).toEqual([
      { Model: 'KALEM-1', Option: 'KALEM-1', Sku: 'KALEM-1', Barcode: '8690000000012', Type: 4 },
      { Model: 'SILGI-1', Option: 'SILGI-1', Sku: 'SILGI-1', Barcode: '8690000000029', Type: 4 },
    ]);
  });

  it('refuses to queue a request with mistakes and says where each is', async () => {
    const outbox = await setup();
    const bad = sample('single_product_type4');
    bad[0]!.Main.Barcode = '8690345727804';
    bad[0]!.Prices![0]!.SalePrice = -5;
    const r = await t.call('products.send', { records: bad, label: 'x', source: 'editor' });
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => [p.record, p.field, p.code])).toEqual([
      [0, 'Main.Barcode', 'bad_check_digit'],
      [0, 'Prices[0].SalePrice', 'negative_price'],
    ]);
    expect(outbox.counts()).toEqual({ pending: 0, failed: 0 });
  });

  it('keeps a refusal of the service with its envelope, and the price-only update goes through', async () => {
    const outbox = await setup();
    // The option does not exist yet in the service: the PIM refuses the update.
    await t.call('products.send', { records: sample('price_update_option'), label: 'Fiyat', source: 'editor' });
    await outbox.drain();
    let [batch] = await t.call('products.history', {});
    expect(batch!.write).toMatchObject({ state: 'failed', responseStatus: 400 });
    expect(batch!.write!.responseBody).toContain('IsSuccess');
    // A refused save holds back later saves of the same model until a person acts: give it up.
    expect(await t.call('outbox.cancel', { id: batch!.write!.id })).toEqual({ cancelled: true });
    // Once the model exists, the same update is accepted.
    const model = sample('model_option_variants').map((r) => ({
      ...r,
      Main: {
        ...r.Main,
        Model: 'TestAyakkabiiso3',
        ...(r.Main.Option ? { Option: 'TestAyakkabiiso3KIRMIZI' } : {}),
        ...(r.Main.Sku ? { Sku: `${r.Main.Sku}iso`, Barcode: `${r.Main.Barcode}iso` } : {}),
      },
    }));
    await t.call('products.send', { records: model, label: 'Model', source: 'editor' });
    await outbox.drain();
    await t.call('products.send', { records: sample('price_update_option'), label: 'Fiyat 2', source: 'editor' });
    await outbox.drain();
    [batch] = await t.call('products.history', {});
    expect(batch).toMatchObject({ label: 'Fiyat 2', write: { state: 'sent' } });
  });

  it('keeps drafts across a restart', async () => {
    await setup();
    const d = await t.call('products.saveDraft', {
      name: 'Yarım kalan',
      kind: 'single',
      state: { records: sample('single_product_type4') },
    });
    expect((await t.call('products.drafts', {})).map((x) => x.name)).toEqual(['Yarım kalan']);
    expect(await t.call('products.draft', { id: d.id })).toMatchObject({ state: { records: sample('single_product_type4') } });
    expect(await t.call('products.deleteDraft', { id: d.id })).toEqual({ deleted: true });
  });

  it('never splits a model across requests', () => {
    const records: ProductRecord[] = [];
    for (let m = 0; m < 30; m++) {
      records.push({ Main: { Model: `M${m}`, Type: 1 } });
      for (let v = 0; v < 40; v++)
        records.push({ Main: { Model: `M${m}`, Option: `M${m}O`, Sku: `M${m}-${v}`, Barcode: `B${m}-${v}`, Type: 3 } });
    }
    const batches = batchRecords(records, 500);
    expect(batches.flat()).toHaveLength(records.length);
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(500);
      const models = new Set(b.map((r) => r.Main.Model));
      for (const m of models) expect(b.filter((r) => r.Main.Model === m)).toHaveLength(41);
    }
  });
});
