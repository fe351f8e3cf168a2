import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATCH_UP_EVERY_MS, NotificationsService } from '../../../src/main/core/notifications/service';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import { syncOf } from '../../../src/main/core/packages/sync';
import { PackageNotification } from '../../../src/shared/service/webhooks';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const sample = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/webhook_OrderPackageStatusChangedEvent.json'), 'utf8'),
) as Record<string, unknown>;
const unknownPackage = (i: number) => PackageNotification.parse({ ...sample, packageId: `UNKNOWN-${i}`, items: [] });

describe('catch-up syncs for notifications about packages the cache does not have', () => {
  it('are coalesced: one for a burst, at most one a minute over ten minutes of unmatched notifications', async () => {
    t = await rig();
    await t.signIn();
    const ws = t.core.ctx.workspace();
    let clock = Date.now();
    const timers: { fn: () => void; at: number }[] = [];
    const service = new NotificationsService(ws, t.core.ctx, {
      background: true,
      now: () => clock,
      setTimer: (fn, ms) => {
        timers.push({ fn, at: clock + ms });
        return { unref: () => undefined } as unknown as NodeJS.Timeout;
      },
    });
    const started: string[] = [];
    t.core.bus.on('packages.sync', (p) => {
      if (p.state === 'running' && p.startedAt && !started.includes(p.startedAt)) started.push(p.startedAt);
    });
    // One unmatched notification every 6 s for 10 minutes (the issue saw 95 syncs in that time).
    for (let i = 0; i < 100; i++) {
      service.receive(unknownPackage(i));
      clock += 6_000;
      for (const due of timers.filter((x) => x.at <= clock)) {
        timers.splice(timers.indexOf(due), 1);
        due.fn();
        // Let the sync it started finish before the clock moves on.
        while (syncOf(ws, t.core.ctx).isRunning()) await new Promise((r) => setTimeout(r, 10));
      }
    }
    expect(started.length).toBeGreaterThanOrEqual(5);
    expect(started.length).toBeLessThanOrEqual(Math.ceil((100 * 6_000) / CATCH_UP_EVERY_MS));
  });
});

describe('a return notification about a return the cache does not have', () => {
  it('brings the return of an order of five weeks ago: the catch-up asks for the returns of the last 60 days before it', async () => {
    t = await rig({ sandbox: { packages: 80, returns: 10, seed: 4 } });
    await t.signIn();
    const ws = t.core.ctx.workspace();
    await syncOf(ws, t.core.ctx).run({ from: new Date(Date.now() - 30 * 86_400_000).toISOString() });
    const { added } = (await t.admin('packages/insert', { kind: 'return', count: 1, orderDaysAgo: 35 })) as { added: number[] };
    const timers: (() => void)[] = [];
    const service = new NotificationsService(ws, t.core.ctx, {
      background: true,
      setTimer: (fn) => {
        timers.push(fn);
        return { unref: () => undefined } as unknown as NodeJS.Timeout;
      },
    });
    const confirmed = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/webhook_ReturnOrderPackageConfirmedEvent.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(service.receive(PackageNotification.parse({ ...confirmed, packageId: String(added[0]), items: [] }))).toMatchObject({
      matched: false,
    });
    timers.shift()!();
    const sync = syncOf(ws, t.core.ctx);
    await sync.running();
    expect(packagesOf(ws).get('return', added[0]!).summary).toMatchObject({ id: added[0], status: 'Returned', isConfirm: true });
  });
});

describe('a return notification whose return never comes', () => {
  it('looks 60 days back once, not at every catch-up (one a minute, for a week)', async () => {
    t = await rig({ sandbox: { packages: 20, returns: 5, seed: 4 } });
    await t.signIn();
    const ws = t.core.ctx.workspace();
    let clock = Date.now();
    const timers: (() => void)[] = [];
    const service = new NotificationsService(ws, t.core.ctx, {
      background: true,
      now: () => clock,
      setTimer: (fn) => {
        timers.push(fn);
        return { unref: () => undefined } as unknown as NodeJS.Timeout;
      },
    });
    const confirmed = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/webhook_ReturnOrderPackageConfirmedEvent.json'), 'utf8'),
    ) as Record<string, unknown>;
    const sync = syncOf(ws, t.core.ctx);
    const catchUp = async (packageId: string) => {
      service.receive(PackageNotification.parse({ ...confirmed, packageId, items: [] }));
      timers.shift()!();
      await sync.running();
      clock += CATCH_UP_EVERY_MS;
    };
    const returnWindows = () =>
      ws.db
        .prepare<[], { days: number }>(
          "SELECT round((to_ts - from_ts) / 86400000.0) AS days FROM sync_runs WHERE kind = 'return' ORDER BY id",
        )
        .all()
        .map((r) => r.days);
    await catchUp('999999');
    // Later catch-ups (for an order's notification here) while it is still unmatched: a week.
    service.receive(unknownPackage(1));
    timers.shift()!();
    await sync.running();
    clock += CATCH_UP_EVERY_MS;
    expect(returnWindows()).toEqual([60, 7]);
    // Another such notification: its own look back.
    await catchUp('999998');
    expect(returnWindows()).toEqual([60, 7, 60]);
  });
});
