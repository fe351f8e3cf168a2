import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLimits, MAX_BODY } from '../../../src/main/core/notifications/receiver';
import { notificationsOf } from '../../../src/main/core/notifications/service';
import { hookNames } from '../../../src/shared/service/webhooks';
import { rig, type TestRig } from '../../support/core';
import { sendOversized } from '../../support/oversize';

let t: TestRig;
afterEach(async () => t?.close());

const sample = (hook: string) => readFileSync(join(import.meta.dirname, `../../fixtures/service-samples/webhook_${hook}.json`), 'utf8');

const TOKEN = 'receiver-token-1';
const bearer = { authorization: `Bearer ${TOKEN}` };

async function setup(auth: { auth?: 'basic' | 'bearer'; userName?: string; secret?: string } = { secret: TOKEN }) {
  t = await rig();
  await t.signIn();
  const status = await t.call('notifications.configureReceiver', { enabled: true, port: 0, ...auth });
  return status;
}

function post(url: string, body: string | Buffer, headers: Record<string, string> = {}, method = 'POST'): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const stored = async () => (await t.call('notifications.list', { filter: 'all' })).total;

describe('notification receiver', () => {
  it('stores each of the six sample bodies once, even when posted twice', async () => {
    const s = await setup();
    expect(s).toMatchObject({ running: true, config: { enabled: true, host: '127.0.0.1', auth: 'bearer' } });
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[\w-]{32}$/);
    for (const hook of hookNames) {
      expect(await post(s.url!, sample(hook), bearer)).toBe(200);
      expect(await post(s.url!, sample(hook), bearer)).toBe(200);
    }
    const list = await t.call('notifications.list', { filter: 'all' });
    expect(list.total).toBe(6);
    expect(new Set(list.items.map((i) => i.hookName))).toEqual(new Set(hookNames));
    expect(list.items.find((i) => i.hookName === 'ReturnOrderPackageRejectedEvent')).toMatchObject({
      reasonName: 'Eksik Ürün',
      reasonDesc: 'Kutunun içinden belirtilen ürün çıkmadı',
    });
    // The sample's package is not in the cache: kept, visible, unmatched.
    expect((await t.call('notifications.list', { filter: 'unmatched' })).total).toBe(6);
  });

  it('pages on from a row with beforeId: rows that arrive meanwhile neither repeat nor push a row off the next page', async () => {
    const s = await setup();
    for (const hook of hookNames.slice(0, 4)) expect(await post(s.url!, sample(hook), bearer)).toBe(200);
    const first = await t.call('notifications.list', { filter: 'all', limit: 2 });
    const firstFour = (await t.call('notifications.list', { filter: 'all', limit: 4 })).items.map((i) => i.id);
    // Two more arrive before the next page is asked for: by offset it would repeat the first page.
    for (const hook of hookNames.slice(4)) expect(await post(s.url!, sample(hook), bearer)).toBe(200);
    const next = await t.call('notifications.list', { filter: 'all', limit: 2, beforeId: first.items.at(-1)!.id });
    expect([...first.items, ...next.items].map((i) => i.id)).toEqual(firstFour);
    expect(next.total).toBe(6);
  });

  it('refuses malformed JSON, a wrong content type, a 10 MB body, a wrong path and an unknown hookName, leaving nothing', async () => {
    const s = await setup();
    const base = sample('OrderPackageStatusChangedEvent');
    expect(await post(s.url!, '{"hookName":', bearer)).toBe(400);
    expect(await post(s.url!, base, { 'content-type': 'text/plain', ...bearer })).toBe(415);
    const json = { 'content-type': 'application/json', ...bearer };
    expect((await sendOversized(s.url!, json, { declared: 10 * 1024 * 1024 })).status).toBe(413);
    expect((await sendOversized(s.url!, json, { streamed: MAX_BODY + 1 })).status).toBe(413);
    expect(await post(s.url!.replace(/\/hooks\/.*/, '/hooks/guess'), base, bearer)).toBe(404);
    expect(await post(s.url!, base, bearer, 'PUT')).toBe(405);
    expect(await post(s.url!, JSON.stringify({ ...JSON.parse(base), hookName: 'PackageExplodedEvent' }), bearer)).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('checks Bearer and Basic credentials', async () => {
    const s = await setup({ auth: 'bearer', secret: 'tok-1234567' });
    const body = sample('CancelOrderItemLineConfirmedEvent');
    expect(await post(s.url!, body)).toBe(401);
    expect(await post(s.url!, body, { authorization: 'Bearer wrong-token' })).toBe(401);
    expect(await stored()).toBe(0);
    expect(await post(s.url!, body, { authorization: 'Bearer tok-1234567' })).toBe(200);
    const b = await t.call('notifications.configureReceiver', { auth: 'basic', userName: 'oms', secret: 'parola-123' });
    expect(JSON.stringify(b)).not.toContain('parola-123');
    const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
    expect(await post(b.url!, sample('CancelOrderItemLineRejectedEvent'), { authorization: basic('oms', 'nope') })).toBe(401);
    expect(await post(b.url!, sample('CancelOrderItemLineRejectedEvent'), { authorization: basic('oms', 'parola-123') })).toBe(200);
    expect(await stored()).toBe(2);
  });

  it('asks before listening on anything but loopback', async () => {
    await setup();
    const r = await t.core.call('notifications.configureReceiver', { host: '0.0.0.0' });
    expect(r).toMatchObject({ ok: false, error: { code: 'needs_confirmation' } });
  });

  it('stays up under a burst of 1,000 notifications from a loopback client', async () => {
    const s = await setup();
    const base = JSON.parse(sample('OrderPackageStatusChangedEvent')) as Record<string, unknown>;
    const statuses: number[] = [];
    // As many at a time as one address may hold connections (defaultLimits.maxConnectionsPerAddress):
    // the client keeps them open between batches and sends every batch over the same ones.
    const share = defaultLimits.maxConnectionsPerAddress;
    for (let sent = 0; sent < 1000; sent += share) {
      const posts = Array.from({ length: Math.min(share, 1000 - sent) }, (_, i) =>
        post(s.url!, JSON.stringify({ ...base, packageId: `BB_${sent + i}` }), bearer),
      );
      statuses.push(...(await Promise.all(posts)));
    }
    expect(statuses.filter((x) => x !== 200)).toEqual([]);
    expect(await stored()).toBe(1000);
    expect(notificationsOf(t.core.ctx.workspace(), t.core.ctx).status().running).toBe(true);
  });
});
