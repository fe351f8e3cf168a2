import { afterEach, describe, expect, it } from 'vitest';
import { readRecord } from '../../../src/main/core/packages/page-read';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../src/main/sandbox/server';
import type { SkippedRecord } from '../../../src/shared/domain/packages';

let s: Sandbox;
afterEach(async () => s?.close());

type Page = { data: Record<string, unknown>[]; totalResultCount: number };

async function start(opts: SandboxOptions) {
  s = await createSandbox(opts);
  const login = async () => {
    const r = await fetch(`${s.url}/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"UserName":"demo","Password":"demo1234"}',
    });
    return ((await r.json()) as { token: string }).token;
  };
  const q = new URLSearchParams({ page: '0', size: '50', orderByField: 'orderDate', orderByDirection: 'ASC' });
  /** The order list's first page: its text as sent and parsed (a token of its own: a reset forgets tokens). */
  const orders = async () => {
    const token = await login();
    const text = await (await fetch(`${s.url}/orders/GetOrderPackages?${q}`, { headers: { authorization: `Bearer ${token}` } })).text();
    return { text, page: JSON.parse(text) as Page };
  };
  const garble = (body: unknown) =>
    fetch(`${s.url}/_sandbox/packages/garble`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { orders, garble };
}

/** What the sync makes of each record of a page: the ones it would skip, and why. */
function skippedOf(page: Page): SkippedRecord[] {
  const skipped: SkippedRecord[] = [];
  page.data.forEach((r, i) => readRecord('order', 0, i, null, r, skipped));
  return skipped;
}

describe('packages/garble', () => {
  const anchor = Date.parse('2026-11-20T12:00:00Z');

  for (const prerender of [false, true]) {
    it(`garbles the given packages' records in the list pages and fixes them again${prerender ? ' (prerendered)' : ''}`, async () => {
      const api = await start({ packages: 30, returns: 5, seed: 7, anchor, prerender });
      const before = await api.orders();
      const [a, b] = [before.page.data[4]!, before.page.data[11]!];
      expect((await api.garble({ id: a.id, how: 'no_id' })).status).toBe(200);
      expect((await api.garble({ id: b.id, how: 'wrong_field' })).status).toBe(200);

      const garbled = await api.orders();
      expect(garbled.page.totalResultCount).toBe(30);
      expect(garbled.page.data[4]!.id).toBe(String(a.id as number));
      expect(garbled.page.data[4]!.orderNumber).toBe(a.orderNumber);
      const line = (garbled.page.data[11]!.lines as { quantity: unknown }[])[0]!;
      expect(line.quantity).toBe(String((b.lines as { quantity: number }[])[0]!.quantity));
      // Every other record is sent exactly as before (the prerendered bytes when kept).
      for (const [i, r] of before.page.data.entries()) if (i !== 4 && i !== 11) expect(garbled.page.data[i]).toEqual(r);
      for (const r of before.page.data.filter((_, i) => i !== 4 && i !== 11)) expect(garbled.text).toContain(JSON.stringify(r));
      // What the sync reads in them: the two are skipped, named and with the reason the screen shows.
      expect(skippedOf(garbled.page)).toEqual([
        { kind: 'order', page: 0, record: 4, id: null, orderNumber: a.orderNumber, reason: 'no_id', field: null },
        { kind: 'order', page: 0, record: 11, id: b.id, orderNumber: b.orderNumber, reason: 'wrong_field', field: 'lines.0.quantity' },
      ]);

      // Fixed at the service: the page is the one sent before.
      await api.garble({ id: a.id, how: null });
      await api.garble({ id: b.id, how: null });
      const fixed = await api.orders();
      expect(fixed.page.data).toEqual(before.page.data);
      expect(skippedOf(fixed.page)).toEqual([]);
    });
  }

  it('refuses an unknown way or package, and forgets garbled records on reset', async () => {
    const api = await start({ packages: 10, seed: 7, anchor });
    expect((await api.garble({ id: 500_001, how: 'upside_down' })).status).toBe(400);
    expect((await api.garble({ id: 500_001 })).status).toBe(400);
    expect((await api.garble({ id: 123, how: 'no_id' })).status).toBe(404);
    expect((await api.garble({ id: 500_001, kind: 'return', how: 'no_id' })).status).toBe(404);
    await api.garble({ id: 500_001, how: 'no_id' });
    expect((await api.orders()).page.data.some((r) => typeof r.id === 'string')).toBe(true);
    await fetch(`${s.url}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await api.orders()).page.data.some((r) => typeof r.id === 'string')).toBe(false);
  });
});
