import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { PackageNotification } from '../../../shared/service/webhooks';
import type { ReceiverSettings } from './notifications-repo';

/** Bodies above this are refused with 413 (the six events are a few hundred bytes). */
export const MAX_BODY = 1024 * 1024;

export interface ReceiverHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Stores a valid notification; resolves once it is committed (only then the sender hears 200). */
export type Store = (n: PackageNotification) => Promise<void> | void;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function authorized(header: string | undefined, s: ReceiverSettings): boolean {
  if (s.auth === 'none') return true;
  if (!header || !s.secret) return false;
  if (s.auth === 'bearer') {
    const m = /^Bearer\s+(.+)$/i.exec(header);
    return !!m && same(m[1]!.trim(), s.secret);
  }
  const m = /^Basic\s+(.+)$/i.exec(header);
  if (!m) return false;
  const decoded = Buffer.from(m[1]!.trim(), 'base64').toString('utf8');
  return same(decoded, `${s.userName ?? ''}:${s.secret}`);
}

/**
 * The package notification receiver (node:http). Only POST to the exact, unguessable path;
 * credentials checked when configured (Basic or Bearer, the two the service supports); JSON only;
 * at most 1 MB; every event validated; 200 only after the notification is stored.
 * 404 wrong path · 405 wrong method · 401 credentials · 415 not JSON · 413 too large · 400 bad JSON
 * or an event the service does not send.
 */
export async function startReceiver(
  settings: ReceiverSettings,
  store: Store,
  onError: (e: unknown) => void = () => undefined,
): Promise<ReceiverHandle> {
  const sockets = new Set<Socket>();
  const reply = (res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    if (res.headersSent) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      onError(e);
      reply(res, 500, { ok: false, error: 'could not store the notification' });
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
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
        for (const s of sockets) s.destroy();
      }),
  };
}
