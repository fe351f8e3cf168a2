import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { PackageNotification } from '../../src/shared/service/webhooks';

let s: Sandbox;
let receiver: Server;
afterEach(async () => {
  await s?.close();
  await new Promise((r) => receiver?.close(r));
});

/** A receiver that records what arrives and answers with the given statuses in turn. */
async function listen(statuses: number[]) {
  const got: { body: unknown; auth: string | undefined }[] = [];
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      got.push({ body: JSON.parse(text), auth: req.headers.authorization });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, got };
}

const post = (path: string, body: unknown) =>
  fetch(`${s.url}/_sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    (r) => r.json(),
  );

describe('sandbox notifications', () => {
  it('a status change posts the matching notification to a subscriber with its credentials', async () => {
    s = await createSandbox({ packages: 10, returns: 5, seed: 1 });
    const r = await listen([200, 200]);
    await post('webhooks/subscribers', { url: r.url, auth: { type: 'bearer', token: 'tok-123456' } });
    await post('packages/status', { id: 500_002, status: 'Shipped' });
    await post('packages/status', { id: 900_001, status: 'ReturnedRequestDenied', reason: 'Eksik Ürün' });
    await post('webhooks/wait', {});
    expect(r.got).toHaveLength(2);
    expect(r.got[0]!.auth).toBe('Bearer tok-123456');
    const first = PackageNotification.parse(r.got[0]!.body);
    expect(first).toMatchObject({
      hookName: 'OrderPackageStatusChangedEvent',
      packageId: '500002',
      packageType: 'ShipToCustomer',
      packageStatusId: 1308,
    });
    expect(first.items.length).toBeGreaterThan(0);
    expect(PackageNotification.parse(r.got[1]!.body)).toMatchObject({
      hookName: 'ReturnOrderPackageRejectedEvent',
      packageStatusReasonName: 'Eksik Ürün',
    });
  });

  it('retries a failed delivery a few times, then gives up, and logs it', async () => {
    s = await createSandbox({ packages: 3, seed: 1 });
    const r = await listen([500, 503, 500, 500]);
    await post('webhooks/settings', { attempts: 3, baseMs: 10 });
    await post('webhooks/subscribers', { url: r.url, auth: { type: 'basic', user: 'oms', password: 'parola-123' } });
    await post('packages/status', { id: 500_001, status: 'Delivered' });
    await post('webhooks/wait', {});
    expect(r.got).toHaveLength(3);
    expect(r.got[0]!.auth).toBe(`Basic ${Buffer.from('oms:parola-123').toString('base64')}`);
    const log = (await fetch(`${s.url}/_sandbox/webhooks/deliveries`).then((x) => x.json())) as {
      attempts: number;
      ok: boolean;
      status: number;
    }[];
    expect(log).toEqual([expect.objectContaining({ attempts: 3, ok: false, status: 500 })]);
  });
});
