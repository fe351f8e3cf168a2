import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { GarbledRecord, toCacheRow } from '../../../src/main/core/packages/cache-record';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import { PackageListEnvelope, type PackageRecord } from '../../../src/shared/service/packages';
import { rig, type TestRig } from '../../support/core';

const sample = PackageListEnvelope.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/oms_GetOrderPackages_response_sample.json'), 'utf8')),
).data![0]!;

let t: TestRig | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function cache(records: PackageRecord[], kind: 'order' | 'return' = 'order') {
  t ??= await rig();
  if (!t.core.ctx.session.isSignedIn()) await t.signIn();
  const ws = t.core.ctx.workspace();
  const repo = packagesOf(ws);
  ws.db.transaction(() =>
    repo.upsertRows(
      records.map((r, i) => toCacheRow(r, kind, i)),
      new Date().toISOString(),
    ),
  )();
  return { ws, repo };
}

describe('package cache', () => {
  it('finds the sample package by every code a person may scan or type', async () => {
    const { repo } = await cache([sample]);
    for (const code of ['3124010971725196', '448139', '5303724133', '242452881425', '26014919', '8690345727803', ' 5303724133 ']) {
      const hits = repo.lookup(code);
      expect(
        hits.map((h) => h.id),
        code,
      ).toEqual([448139]);
    }
    expect(repo.lookup('999')).toEqual([]);
  });

  it('searches names Turkish-insensitively and product names, with kind and status filters', async () => {
    const { repo } = await cache([sample]);
    for (const q of ['ipek sahin', 'İPEK ŞAHİN', 'IPEK', 'şahin', 'Beestar Çizim', 'yeşilyurt']) {
      expect(
        repo.search({ query: q, kind: 'all', status: null, offset: 0, limit: 10 }).items.map((i) => i.id),
        q,
      ).toEqual([448139]);
    }
    expect(repo.search({ query: 'ipek', kind: 'return', status: null, offset: 0, limit: 10 }).total).toBe(0);
    expect(repo.search({ query: '', kind: 'order', status: 'Cancelled', offset: 0, limit: 10 }).total).toBe(1);
    expect(repo.search({ query: '', kind: 'order', status: 'Shipped', offset: 0, limit: 10 }).total).toBe(0);
  });

  it('replaces a package on upsert instead of duplicating it, lines and codes included', async () => {
    const { repo, ws } = await cache([sample]);
    const changed = { ...sample, status: 'Shipped', cargoTrackingNumber: 'NEW123', lines: [] };
    ws.db.transaction(() => repo.upsertRows([toCacheRow(changed, 'order', 0)], new Date().toISOString()))();
    expect(repo.counts()).toEqual({ orders: 1, returns: 0 });
    expect(repo.lookup('242452881425')).toEqual([]);
    expect(repo.lookup('NEW123').map((p) => p.status)).toEqual(['Shipped']);
    expect(repo.lookup('26014919')).toEqual([]);
    expect(repo.search({ query: 'beestar', kind: 'all', status: null, offset: 0, limit: 5 }).total).toBe(0);
  });

  it('keeps the record as sent, every section, for the detail view', async () => {
    const { repo } = await cache([sample]);
    const d = repo.get('order', 448139);
    expect(d.record).toEqual(sample);
    expect(d.summary).toMatchObject({ customerName: 'İPEK ŞAHİN', orderNumber: '3124010971725196', itemCount: 1 });
  });

  it('learns products from package lines for barcode resolution', async () => {
    const { ws } = await cache([sample]);
    expect(productsOf(ws).resolve('8690345727803')).toMatchObject({ sku: '26014919', name: "Beestar Çizim Seti 4'lü", via: 'barcode' });
    expect(productsOf(ws).resolve('26014919')).toMatchObject({ via: 'sku' });
  });

  it('a sync run learns each product once, and again when the transaction that learned it was rolled back', async () => {
    const { ws, repo } = await cache([]);
    const now = new Date().toISOString();
    const learning = { known: new Set<string>(), added: new Set<string>() };
    const row = (id: number) => toCacheRow({ ...sample, id }, 'order', 0);
    expect(() =>
      ws.db.transaction(() => {
        repo.upsertRows([row(1)], now, undefined, learning);
        throw new Error('power cut');
      })(),
    ).toThrow('power cut');
    expect(productsOf(ws).resolve('8690345727803')).toBeNull();
    // The sync keeps what a page learned only once the page is stored: the next page learns it.
    ws.db.transaction(() => repo.upsertRows([row(2)], now, undefined, { known: learning.known, added: new Set() }))();
    expect(productsOf(ws).resolve('8690345727803')).toMatchObject({ sku: '26014919', via: 'barcode' });
  });

  it('refuses a record without a usable package id', () => {
    expect(() => toCacheRow({ ...sample, id: undefined }, 'order', 3)).toThrow(GarbledRecord);
    expect(() => toCacheRow({ ...sample, id: -5 }, 'order', 3)).toThrow(/record 3/);
  });
});
