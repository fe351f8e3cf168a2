import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../src/main/sandbox/server';
import { checkGtin } from '../../../src/shared/barcode/gtin';
import { PackageListEnvelope } from '../../../src/shared/service/packages';

let s: Sandbox;
afterEach(async () => s?.close());

const sampleRecord = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/oms_GetOrderPackages_response_sample.json'), 'utf8'),
  ) as { data: unknown[] }
).data[0];

async function start(opts: SandboxOptions & { anchor?: number }) {
  s = await createSandbox(opts);
  const res = await fetch(`${s.url}/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"UserName":"demo","Password":"demo1234"}',
  });
  const token = ((await res.json()) as { token: string }).token;
  const get = async (path: string, q: Record<string, string | number | boolean | null> = {}) => {
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, v === null ? '' : String(v)]));
    const r = await fetch(`${s.url}${path}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: r.status,
      body: (await r.json()) as Record<string, unknown> & { data: Record<string, unknown>[]; totalResultCount: number; totalPages: number },
    };
  };
  return {
    orders: (q?: Record<string, string | number | boolean | null>) => get('/orders/GetOrderPackages', q),
    returns: (q?: Record<string, string | number | boolean | null>) => get('/orders/GetReturnOrderPackages', q),
  };
}

/** Every key of the sample exists in the generated record, recursively (objects and first array items). */
function missingKeys(sample: unknown, actual: unknown, path = ''): string[] {
  if (sample === null || typeof sample !== 'object') return [];
  if (Array.isArray(sample)) {
    if (sample.length === 0 || !Array.isArray(actual) || actual.length === 0) return [];
    return missingKeys(sample[0], actual[0], `${path}[0]`);
  }
  const out: string[] = [];
  for (const [k, v] of Object.entries(sample)) {
    if (!actual || typeof actual !== 'object' || !(k in actual)) out.push(`${path}.${k}`);
    else out.push(...missingKeys(v, (actual as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return out;
}

describe('sandbox package lists', () => {
  const anchor = Date.UTC(2026, 10, 20, 12);

  it('needs a token', async () => {
    s = await createSandbox({ packages: 5 });
    expect((await fetch(`${s.url}/orders/GetOrderPackages`)).status).toBe(401);
  });

  it('is deterministic by seed and pages from page=0, each package once in either direction', async () => {
    const api = await start({ packages: 95, returns: 10, seed: 4, anchor });
    const first = await api.orders({ page: 0, size: 20 });
    expect(first.body).toMatchObject({
      isSuccess: true,
      statusCode: '200',
      errorMesssage: null,
      currentPage: 0,
      pageSize: 20,
      totalResultCount: 95,
      totalPages: 5,
      resultCount: 20,
    });
    for (const dir of ['ASC', 'DESC']) {
      const ids: number[] = [];
      for (let page = 0; page < 5; page++)
        ids.push(...(await api.orders({ page, size: 20, orderByDirection: dir })).body.data.map((p) => p.id as number));
      expect(new Set(ids).size).toBe(95);
    }
    const again = await createSandbox({ packages: 95, returns: 10, seed: 4, anchor });
    const other = await createSandbox({ packages: 95, returns: 10, seed: 5, anchor });
    try {
      const rec = (x: Sandbox) => fetch(`${x.url}/_sandbox/packages/record?id=500003`).then((r) => r.json());
      expect(await rec(again)).toEqual(await rec(s));
      expect(await rec(other)).not.toEqual(await rec(s));
    } finally {
      await again.close();
      await other.close();
    }
  });

  it('produces records shaped like the service sample, parsed by the app, with valid EAN-13s and Turkish text', async () => {
    const api = await start({ packages: 60, returns: 30, seed: 9, anchor });
    for (const r of [await api.orders({ size: 60 }), await api.returns({ size: 30 })]) {
      expect(PackageListEnvelope.safeParse(r.body).success).toBe(true);
      for (const p of r.body.data) {
        expect(missingKeys(sampleRecord, p)).toEqual([]);
        for (const line of p.lines as { barcode: string }[]) expect(checkGtin(line.barcode)).toEqual({ kind: 'EAN-13', valid: true });
      }
    }
    const text = JSON.stringify((await api.orders({ size: 60 })).body.data);
    expect(text).toMatch(/[İŞĞÜÖÇışğüöç]/);
    const ret = (await api.returns({ size: 30 })).body.data;
    expect(ret.some((p) => p.isConfirm === null) && ret.some((p) => p.isConfirm === true)).toBe(true);
    const items = ret.flatMap((p) =>
      (p.lines as { itemLines: { returnReason: string; returnLineAttachments: unknown[] | null }[] }[]).flatMap((l) => l.itemLines),
    );
    expect(items.every((i) => typeof i.returnReason === 'string')).toBe(true);
    expect(items.some((i) => (i.returnLineAttachments ?? []).length > 0)).toBe(true);
    // Training data never shows a status change after "now" (the anchor), and its steps come in order.
    for (const p of [...(await api.orders({ size: 60 })).body.data, ...ret]) {
      const times = (p.packageHistories as { createdDate: string }[]).map((h) => Date.parse(h.createdDate));
      expect(Math.max(...times)).toBeLessThanOrEqual(anchor);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('applies every filter, ignores null and empty ones, takes dates in s or ms', async () => {
    const api = await start({ packages: 400, returns: 120, seed: 3, anchor });
    const all = (await api.orders({ size: 500 })).body.data;
    const p = all[17]!;
    const total = all.length;
    const count = async (q: Record<string, string | number | boolean | null>, list = api.orders) =>
      (await list({ size: 500, ...q })).body.totalResultCount;
    expect(await count({ OrderNumber: p.orderNumber as string })).toBe(1);
    expect(await count({ OrderNumber: '', Status: null, CustomerEmail: '' })).toBe(total);
    const byStatus = await count({ Status: p.status as string });
    expect(byStatus).toBeGreaterThan(0);
    expect(byStatus).toBeLessThan(total);
    for (const [param, field] of [
      ['CustomerCode', 'customerCode'],
      ['CustomerId', 'customerId'],
      ['CustomerEmail', 'customerEmail'],
      ['CustomerFirstName', 'customerFirstName'],
      ['CustomerLastName', 'customerLastName'],
    ] as const) {
      const n = await count({ [param]: p[field] as string });
      expect(n, param).toBeGreaterThan(0);
      expect(n, param).toBeLessThan(total);
    }
    expect(await count({ CustomerFirstName: (p.customerFirstName as string).toLocaleUpperCase('tr-TR') })).toBe(
      await count({ CustomerFirstName: p.customerFirstName as string }),
    );
    expect(await count({ CustomerPhone: (p.shipmentAddress as { phone: string }).phone })).toBeGreaterThan(0);
    const guests = await count({ IsGuest: true });
    expect(guests + (await count({ IsGuest: false }))).toBe(total);
    const mid = Date.parse(p.orderDate as string);
    const after = await count({ StartDate: mid });
    expect(after).toBeGreaterThan(0);
    expect(await count({ StartDate: Math.floor(mid / 1000) })).toBe(after);
    expect(after + (await count({ EndDate: mid - 1 }))).toBe(total);
    const confirmed = await count({ isConfirm: true }, api.returns);
    const rejected = await count({ isConfirm: false }, api.returns);
    expect(confirmed).toBeGreaterThan(0);
    expect(confirmed + rejected).toBeLessThan(120);
    expect(await count({ isConfirm: true })).toBe(total);
  });

  it('answers bad parameters in the envelope with 400', async () => {
    const api = await start({ packages: 10 });
    const bad: Record<string, string | number>[] = [
      { size: 0 },
      { size: 501 },
      { page: -1 },
      { orderByField: 'nope' },
      { orderByDirection: 'UP' },
      { IsGuest: 'maybe' },
      { CustomerId: 'x' },
    ];
    for (const q of bad) {
      const r = await api.orders(q);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ isSuccess: false, statusCode: '400' });
    }
  });

  it('changes a status and inserts packages through the admin API', async () => {
    const api = await start({ packages: 20, returns: 5, seed: 2, anchor });
    const post = (path: string, body: unknown) =>
      fetch(`${s.url}/_sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const changed = (await post('packages/status', { id: 900_001, status: 'Returned' })) as {
      status: string;
      isConfirm: boolean;
      packageHistories: { status: string }[];
    };
    expect(changed).toMatchObject({ status: 'Returned', isConfirm: true });
    expect(changed.packageHistories.at(-1)?.status).toBe('Returned');
    await post('packages/insert', { count: 3 });
    expect((await api.orders({ size: 100 })).body.totalResultCount).toBe(23);
  });
});

describe('prerendered records (--prerender, the benchmark)', () => {
  it('answers the same pages as records built per request, and a status change shows on the next page', async () => {
    const anchor = Date.parse('2026-11-20T12:00:00Z');
    const q = { page: 1, size: 25, orderByField: 'orderDate', orderByDirection: 'ASC' };
    const built = await start({ packages: 120, returns: 30, seed: 4, anchor });
    const expected = [(await built.orders(q)).body, (await built.returns(q)).body];
    await s.close();
    const kept = await start({ packages: 120, returns: 30, seed: 4, anchor, prerender: true });
    const pages = [(await kept.orders(q)).body, (await kept.returns(q)).body];
    // correlationId is new with every answer.
    const same = (b: Record<string, unknown>) => ({ ...b, correlationId: null });
    expect(pages.map(same)).toEqual(expected.map(same));
    expect(pages[0]!.data).toHaveLength(25);
    const id = pages[0]!.data[3]!.id as number;
    await fetch(`${s.url}/_sandbox/packages/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, status: 'Cancelled' }),
    });
    const after = (await kept.orders(q)).body.data.find((r) => r.id === id);
    expect(after?.status).toBe('Cancelled');
  });
});
