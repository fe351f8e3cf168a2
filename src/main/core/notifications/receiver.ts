import { clockOf } from '../clock';
import { nodeCrypto, nodeHttp } from '../builtins';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { PackageNotification } from '../../../shared/service/webhooks';
import type { ReceiverSettings } from './notifications-repo';
import { verifySecret } from './secret-hash';

/** Bodies above this are refused with 413 (the six events are a few hundred bytes). */
export const MAX_BODY = 1024 * 1024;

export interface ReceiverHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Stores a valid notification; resolves once it is committed (only then the sender hears 200). */
export type Store = (n: PackageNotification) => Promise<void> | void;

/** Limits against idle or abusive clients; tests shrink them and inject the clock. */
export interface ReceiverLimits {
  /**
   * Open connections at most. At the cap a new connection takes the place of one that is idle after
   * a complete request (keep-alive) or has not finished its headers within `headersTimeoutMs`;
   * never of one in the middle of a request or young and silent. If none is, the new one is closed.
   */
  maxConnections: number;
  /** Open connections per source address (an IPv6 /64) at most; one over it is closed at once. */
  maxConnectionsPerAddress: number;
  /** Requests per source address per minute (a token bucket holding a minute's worth). */
  perAddressPerMinute: number;
  /** The request's headers must arrive within this (ms); a connection that sends nothing is closed after it. */
  headersTimeoutMs: number;
  /** The whole request, body included, within this (ms). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
  now: () => number;
}

export const defaultLimits: ReceiverLimits = {
  maxConnections: 100,
  maxConnectionsPerAddress: 16,
  perAddressPerMinute: 1200,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  now: clockOf().now,
};

/**
 * Who a limit counts against: the address itself for IPv4 (also written as IPv4-mapped IPv6), the
 * /64 network for IPv6 (one computer is given a whole /64; counting its addresses one by one would
 * let it open as many connections as it likes). Null when there is no address to count.
 */
export function sourceOf(address: string | undefined): string | null {
  if (!address) return null;
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  // Groups of the address, with "::" written out and an IPv4 tail counted as two groups.
  const [head = '', tail] = plain.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && nodeCrypto().timingSafeEqual(x, y);
}

/** Bearer or Basic, always; the secret is compared through its stored hash. */
function authorized(header: string | undefined, s: ReceiverSettings): boolean {
  if (!header || !s.secretHash) return false;
  if (s.auth === 'bearer') {
    const m = /^Bearer\s+(.+)$/i.exec(header);
    return !!m && verifySecret(m[1]!.trim(), s.secretHash);
  }
  const m = /^Basic\s+(.+)$/i.exec(header);
  if (!m) return false;
  const decoded = Buffer.from(m[1]!.trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both checks always run, so the time taken does not tell whether the user name was right.
  const userOk = same(decoded.slice(0, colon), s.userName ?? '');
  const passOk = verifySecret(decoded.slice(colon + 1), s.secretHash);
  return userOk && passOk;
}

/** Where a connection stands (see `idle` in startReceiver). */
interface Connection {
  source: string;
  /** When it was opened, or when its last answer was sent (the core's clock). */
  since: number;
  /** Requests under way, and answered. */
  active: number;
  served: number;
  /** socket.bytesRead when the last answer was sent: more since means a next request has begun. */
  readAtAnswer: number;
}

/** Per-address token buckets: `capacity` requests, refilled over a minute. */
function rateLimiter(perMinute: number, now: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const rate = perMinute / 60_000;
  return {
    /** Takes one token; returns 0 when allowed, else the seconds until one is back. */
    take(address: string): number {
      const t = now();
      const b = buckets.get(address) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * rate);
      b.at = t;
      if (buckets.size > 10_000) for (const [k, v] of buckets) if (v.tokens >= perMinute) buckets.delete(k);
      buckets.set(address, b);
      if (b.tokens < 1) return Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
      b.tokens -= 1;
      return 0;
    },
  };
}

/**
 * The package notification receiver (node:http). Only POST to the exact, unguessable path;
 * credentials always (Basic or Bearer, the two the service supports); JSON only; at most 1 MB;
 * every event validated; 200 only after the notification is stored.
 * 429 too many requests from one address · 404 wrong path · 405 wrong method · 401 credentials ·
 * 415 not JSON · 413 too large · 400 bad JSON or an event the service does not send.
 * Idle and slow connections are closed (headers, request and keep-alive timeouts); one address
 * holds at most `maxConnectionsPerAddress` and all together at most `maxConnections`: at the cap,
 * only a connection idle after its request or quiet past the headers timeout makes way for a new
 * one, so a flood of connects (issue 47, item 5) cannot starve a sender that is writing its post.
 */
export async function startReceiver(
  settings: ReceiverSettings,
  store: Store,
  onError: (e: unknown) => void = () => undefined,
  limitsIn: Partial<ReceiverLimits> = {},
): Promise<ReceiverHandle> {
  const limits = { ...defaultLimits, ...limitsIn };
  const limiter = rateLimiter(limits.perAddressPerMinute, limits.now);
  /** Open sockets, oldest first, and where each one stands. */
  const sockets = new Map<Socket, Connection>();
  /** Open sockets per source (sourceOf). */
  const perSource = new Map<string, number>();
  const forget = (s: Socket) => {
    const c = sockets.get(s);
    if (!c) return;
    sockets.delete(s);
    const n = (perSource.get(c.source) ?? 1) - 1;
    if (n > 0) perSource.set(c.source, n);
    else perSource.delete(c.source);
  };
  /**
   * Whether a socket may be closed to make room: idle after a complete request (nothing of a next
   * one has come since its answer) or quiet past the headers timeout; never one with a request
   * under way, nor a young one that has not sent its first request yet (a sender may connect some
   * milliseconds before it writes).
   */
  const idle = (s: Socket, c: Connection) => {
    if (c.active > 0) return false;
    if (c.served > 0 && s.bytesRead === c.readAtAnswer) return true;
    return limits.now() - c.since >= limits.headersTimeoutMs;
  };
  const reply = (res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    if (res.headersSent) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  // node:http is loaded when a receiver starts, not by every process that opens the core (`wd lookup`).
  // Not with import(): the built `wd` runs as a vm.Script, which has no dynamic import (the receiver
  // never started there, said as "the port may be in use").
  const { createServer } = nodeHttp();
  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    (req, res) => {
      const c = sockets.get(req.socket);
      if (c) c.active += 1;
      res.once('close', () => {
        if (!c) return;
        c.active -= 1;
        c.served += 1;
        // Pipelined bytes of a next request already read here would be taken for idle: no sender
        // of notifications pipelines (each waits for its 200).
        c.readAtAnswer = req.socket.bytesRead;
        c.since = limits.now();
      });
      handle(req, res).catch((e: unknown) => {
        onError(e);
        reply(res, 500, { ok: false, error: 'could not store the notification' });
      });
    },
  );
  // A connection that never sends a request (or stalls after one) is closed.
  server.setTimeout(limits.headersTimeoutMs);
  server.on('timeout', (s: Socket) => s.destroy());
  server.on('connection', (s: Socket) => {
    const source = sourceOf(s.remoteAddress);
    // One address cannot hold more than its share: what it opens beyond that is closed at once,
    // so a flood of connects from a few addresses leaves room for everybody else.
    if (!source || (perSource.get(source) ?? 0) >= limits.maxConnectionsPerAddress) {
      s.destroy();
      return;
    }
    if (sockets.size >= limits.maxConnections) {
      let old: Socket | null = null;
      for (const [open, c] of sockets)
        if (idle(open, c)) {
          old = open;
          break;
        }
      if (!old) {
        s.destroy();
        return;
      }
      forget(old);
      old.destroy();
    }
    sockets.set(s, { source, since: limits.now(), active: 0, served: 0, readAtAnswer: 0 });
    perSource.set(source, (perSource.get(source) ?? 0) + 1);
    s.on('close', () => forget(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const wait = limiter.take(sourceOf(req.socket.remoteAddress) ?? '?');
    if (wait > 0) return reply(res, 429, { ok: false, error: 'too many requests' }, { 'retry-after': String(wait) });
    const path = new URL(req.url ?? '/', 'http://receiver').pathname;
    if (path !== settings.path) return reply(res, 404, { ok: false, error: 'not found' });
    if (req.method !== 'POST') return reply(res, 405, { ok: false, error: 'POST only' }, { allow: 'POST' });
    if (!authorized(req.headers.authorization, settings)) {
      return reply(
        res,
        401,
        { ok: false, error: 'unauthorized' },
        settings.auth === 'basic' ? { 'www-authenticate': 'Basic realm="warehouse-desk"' } : { 'www-authenticate': 'Bearer' },
      );
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      return reply(res, 415, { ok: false, error: 'Content-Type must be application/json' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY) {
      reply(res, 413, { ok: false, error: 'body too large' }, { connection: 'close' });
      req.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) {
        reply(res, 413, { ok: false, error: 'body too large' }, { connection: 'close' });
        req.destroy();
        return;
      }
      chunks.push(chunk as Buffer);
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, 400, { ok: false, error: 'body is not valid JSON' });
    }
    const parsed = PackageNotification.safeParse(body);
    if (!parsed.success) return reply(res, 400, { ok: false, error: z.prettifyError(parsed.error).slice(0, 500) });
    await store(parsed.data);
    reply(res, 200, { ok: true });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}${settings.path}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets.keys()) s.destroy();
      }),
  };
}
