import { afterEach, describe, expect, it } from 'vitest';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import { PackageSync } from '../../../src/main/core/packages/sync';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const until = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 30));
  }
};

describe('service → receiver → cache', () => {
  it('a status change in the service reaches the cached package through the receiver', async () => {
    t = await rig({ sandbox: { packages: 30, returns: 10, seed: 8 } });
    await t.signIn();
    const ws = t.core.ctx.workspace();
    await new PackageSync(ws, t.core.ctx).run({ from: new Date(Date.now() - 90 * 86_400_000).toISOString() });
    const receiver = await t.call('notifications.configureReceiver', { enabled: true, port: 0, auth: 'bearer', secret: 'gizli-anahtar-1' });
    await t.admin('webhooks/subscribers', { url: receiver.url, auth: { type: 'bearer', token: 'gizli-anahtar-1' } });
    const received: string[] = [];
    const from: (string | undefined)[] = [];
    t.core.bus.on('notifications.received', (n) => {
      received.push(n.hookName);
      from.push(n.profileId);
    });

    await t.admin('packages/status', { id: 900_003, status: 'Returned' });
    await until(() => packagesOf(ws).get('return', 900_003).summary.status === 'Returned');
    expect(packagesOf(ws).get('return', 900_003).summary.isConfirm).toBe(true);
    expect(received).toEqual(['ReturnOrderPackageConfirmedEvent']);
    // The alert names the connection that received it (in training mode the screen is another's).
    expect(from).toEqual([ws.profile.id]);
    const list = await t.call('notifications.list', { filter: 'matched' });
    expect(list.items[0]).toMatchObject({ packageId: '900003', matched: { kind: 'return', id: 900_003 } });
  });
});
