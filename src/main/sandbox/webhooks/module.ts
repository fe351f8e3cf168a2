import { classify } from '../../../shared/service/webhooks';
import { HttpFailure } from '../http-util';
import type { PackagesModule, StatusChange } from '../packages/module';
import type { SandboxCore, SandboxModule, SandboxOptions } from '../server';

type Auth = { type: 'none' } | { type: 'basic'; user: string; password: string } | { type: 'bearer'; token: string };

interface Subscriber {
  id: number;
  url: string;
  auth: Auth;
}

interface Delivery {
  subscriber: number;
  hookName: string;
  packageId: string;
  attempts: number;
  status: number | null;
  ok: boolean;
  at: string;
  error: string | null;
}

/** Status ids the docs give (1302, 1305, 1308, 1318, 1324); the others are made up, in the same range. */
const STATUS_IDS: Record<string, number> = {
  Created: 1300,
  Cancelled: 1302,
  Picked: 1304,
  ReturnedRequestDenied: 1305,
  Invoiced: 1306,
  Shipped: 1308,
  Delivered: 1310,
  UnDelivered: 1312,
  UnDeliveredAndReturned: 1314,
  ReturnPending: 1316,
  Returned: 1318,
  CancelRequestDenied: 1324,
};

const headerFor = (auth: Auth): Record<string, string> =>
  auth.type === 'basic'
    ? { authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}` }
    : auth.type === 'bearer'
      ? { authorization: `Bearer ${auth.token}` }
      : {};

/** The notification the service would post for a package that changed status. */
export function notificationFor(change: StatusChange): Record<string, unknown> {
  const r = change.record as {
    lines?: { itemLines?: { sourceOrderItemLineId?: string }[] }[];
    cargoName?: string;
    cargoKey?: string;
    cargoTrackingLink?: string;
    reason?: string;
  };
  const statusId = STATUS_IDS[change.status] ?? 1399;
  const rejected = change.status === 'ReturnedRequestDenied' || change.status === 'CancelRequestDenied';
  const reason = rejected
    ? { packageStatusReasonId: 167, packageStatusReasonName: r.reason ?? 'Talep reddedildi', packageStatusReasonDesc: '' }
    : {};
  const items = (r.lines ?? [])
    .flatMap((l) => l.itemLines ?? [])
    .map((it) => ({
      orderItemLineId: it.sourceOrderItemLineId ?? '',
      packageItemStatusId: statusId,
      packageItemStatusName: change.status,
      ...(rejected
        ? { packageItemStatusReasonId: 167, packageItemStatusReasonName: reason.packageStatusReasonName, packageItemStatusReasonDesc: '' }
        : {}),
    }));
  const hookName =
    change.kind === 'return'
      ? change.status === 'Returned'
        ? 'ReturnOrderPackageConfirmedEvent'
        : change.status === 'ReturnedRequestDenied'
          ? 'ReturnOrderPackageRejectedEvent'
          : 'ReturnOrderPackageStatusChangedEvent'
      : change.status === 'Cancelled'
        ? 'CancelOrderItemLineConfirmedEvent'
        : change.status === 'CancelRequestDenied'
          ? 'CancelOrderItemLineRejectedEvent'
          : 'OrderPackageStatusChangedEvent';
  const statusChange = hookName.endsWith('StatusChangedEvent')
    ? {
        cargoCompanyName: r.cargoName ?? null,
        cargoKey: r.cargoKey ?? null,
        cargoTrackingUrl: r.cargoTrackingLink ?? null,
        estimatedDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      }
    : {};
  return {
    hookName,
    packageId: String(change.id),
    packageType: change.kind === 'return' ? 'Return' : 'ShipToCustomer',
    items,
    packageStatusId: statusId,
    packageStatusName: change.status,
    ...reason,
    ...statusChange,
  };
}

/**
 * Notification subscribers for tests and training: register a receiver, change a package's status
 * (POST /_sandbox/packages/status) and the matching notification is posted to it with its
 * credentials; a failed delivery is retried a few times with backoff.
 */
export function createWebhooksModule(_core: SandboxCore, _options: SandboxOptions): SandboxModule {
  let subscribers: Subscriber[] = [];
  let deliveries: Delivery[] = [];
  let nextId = 1;
  let retry = { attempts: 3, baseMs: 200 };
  const inflight = new Set<Promise<void>>();

  async function deliver(sub: Subscriber, body: Record<string, unknown>): Promise<void> {
    const d: Delivery = {
      subscriber: sub.id,
      hookName: String(body.hookName),
      packageId: String(body.packageId),
      attempts: 0,
      status: null,
      ok: false,
      at: '',
      error: null,
    };
    deliveries.push(d);
    for (let attempt = 0; attempt < retry.attempts; attempt++) {
      d.attempts = attempt + 1;
      d.at = new Date().toISOString();
      try {
        const res = await fetch(sub.url, {
          method: 'POST',
          headers: { accept: '*/*', 'content-type': 'application/json', ...headerFor(sub.auth) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5_000),
        });
        const text = await res.text();
        d.status = res.status;
        d.error = null;
        // The receiver's answer read as the app reads the service's: only "later" is tried again.
        const v = classify(res.status, { 'retry-after': res.headers.get('retry-after'), 'content-type': res.headers.get('content-type') }, text);
        if (v.kind === 'accepted') {
          d.ok = true;
          return;
        }
        if (v.kind !== 'later') {
          d.error = v.reason;
          return;
        }
      } catch (e) {
        d.error = e instanceof Error ? e.message : String(e);
      }
      await new Promise((r) => setTimeout(r, retry.baseMs * 2 ** attempt));
    }
  }

  function notifyAll(body: Record<string, unknown>) {
    for (const sub of subscribers) {
      const p = deliver(sub, body).finally(() => inflight.delete(p));
      inflight.add(p);
    }
  }

  return {
    connect(modules) {
      (modules.packages as PackagesModule | undefined)?.onStatusChange((change) => notifyAll(notificationFor(change)));
    },
    admin: [
      {
        method: 'POST',
        path: 'webhooks/subscribers',
        async handle(req) {
          const body = (await req.json()) as { url?: unknown; auth?: unknown };
          if (typeof body?.url !== 'string' || !/^https?:\/\//.test(body.url))
            throw new HttpFailure(400, { message: 'url: an http(s) address' });
          const a = (body.auth ?? { type: 'none' }) as Auth;
          if (!['none', 'basic', 'bearer'].includes(a.type)) throw new HttpFailure(400, { message: 'auth.type: none, basic or bearer' });
          const sub = { id: nextId++, url: body.url, auth: a };
          subscribers.push(sub);
          return { status: 200, body: { id: sub.id } };
        },
      },
      {
        method: 'GET',
        path: 'webhooks/subscribers',
        handle: () => ({ status: 200, body: subscribers.map((s) => ({ id: s.id, url: s.url, auth: s.auth.type })) }),
      },
      {
        method: 'POST',
        path: 'webhooks/subscribers/remove',
        async handle(req) {
          const body = (await req.json()) as { id?: unknown };
          subscribers = subscribers.filter((s) => s.id !== body?.id);
          return { status: 200, body: { subscribers: subscribers.length } };
        },
      },
      {
        method: 'POST',
        path: 'webhooks/notify',
        async handle(req) {
          const body = (await req.json()) as Record<string, unknown>;
          if (!body || typeof body !== 'object' || typeof body.hookName !== 'string')
            throw new HttpFailure(400, { message: 'a notification body with hookName' });
          notifyAll(body);
          return { status: 202, body: { subscribers: subscribers.length } };
        },
      },
      {
        method: 'POST',
        path: 'webhooks/settings',
        async handle(req) {
          const body = (await req.json()) as { attempts?: unknown; baseMs?: unknown };
          retry = {
            attempts: typeof body?.attempts === 'number' ? Math.max(1, Math.min(10, body.attempts)) : retry.attempts,
            baseMs: typeof body?.baseMs === 'number' ? Math.max(0, body.baseMs) : retry.baseMs,
          };
          return { status: 200, body: retry };
        },
      },
      { method: 'GET', path: 'webhooks/deliveries', handle: () => ({ status: 200, body: deliveries }) },
      {
        method: 'POST',
        path: 'webhooks/wait',
        async handle() {
          await Promise.all([...inflight]);
          return { status: 200, body: { deliveries: deliveries.length } };
        },
      },
    ],
    reset() {
      subscribers = [];
      deliveries = [];
      retry = { attempts: 3, baseMs: 200 };
    },
    async close() {
      subscribers = [];
      await Promise.allSettled([...inflight]);
    },
  };
}
