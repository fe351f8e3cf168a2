import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Core } from '../../core';
import { resources } from '../../../shared/i18n';
import { contentSecurityPolicy, withPolicyMeta } from '../csp';

export interface WebHostOptions {
  core: Core;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  /** Loopback only: anything else is refused. */
  host?: '127.0.0.1';
  /** Per-run secret; random unless a test fixes it. */
  secret?: string;
  /** Where request failures go (the `wd web` command passes the data directory's log file). */
  log?: (msg: string, e?: unknown) => void;
}

export interface WebHost {
  /** The host's address (http://127.0.0.1:port/): nothing is served there without the cookie that `openUrl` sets. */
  url: string;
  /**
   * The one-time address that opens the app (`wd web` prints it): opening it sets the HttpOnly
   * cookie that every other request needs, and it works once.
   */
  openUrl: string;
  /** Another one-time address (a second browser, a test's new page). */
  newOpenUrl(): string;
  secret: string;
  close(): Promise<void>;
}

const MAX_BODY = 10 * 1024 * 1024;
/** The query parameter of the one-time address. */
const OPEN_PARAM = 'open';
const SECRET_HEADER = 'x-wd-secret';
/** A random id the page makes when it loads: the administrator PIN is unlocked per page. */
const PAGE_HEADER = 'x-wd-page';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/**
 * The same contract as the Electron IPC, over HTTP on 127.0.0.1, for a plain browser (development
 * and end-to-end tests). Only the user who started it may use it (warehouse PCs are shared, and
 * another account on the PC could connect to 127.0.0.1 too): every request, the page and its files
 * included, needs an HttpOnly SameSite=Strict cookie that only the one-time address printed at the
 * start sets (as Jupyter does); anything else is answered 401 in words. Other pages on this machine
 * cannot call it either: every API request also needs the per-run secret, which only the page
 * served here carries (no CORS, so other origins cannot read it), the Host header must be loopback
 * (no DNS rebinding) and a foreign Origin is refused.
 */
export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const secret = opts.secret ?? randomBytes(32).toString('base64url');
  const secretBuf = Buffer.from(secret);
  /** The cookie's value (never in the page): what a browser that opened a one-time address shows. */
  const cookieBuf = Buffer.from(randomBytes(32).toString('base64url'));
  /** One-time addresses not used yet. */
  const openTokens = new Set<string>();
  const newToken = () => {
    const t = randomBytes(32).toString('base64url');
    openTokens.add(t);
    return t;
  };
  const root = resolve(opts.rendererDir);
  // Read per request (it is small) so a rebuilt renderer is picked up without a restart.
  // The page's own CSP <meta> gets the same img-src as the header (the configured image server).
  const page = async (imageBase: string | null = null) => {
    const html = await readFile(join(root, 'index.html'), 'utf8');
    return withPolicyMeta(html, imageBase).replace('<head>', `<head>\n    <meta name="wd-web-secret" content="${secret}" />`);
  };
  await page().catch(() => {
    throw new Error(`no built renderer in ${root}: run "npm run build:web" first`);
  });
  const sockets = new Set<Socket>();
  const streams = new Set<ServerResponse>();
  let port = 0;

  const server: Server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      opts.log?.(`web host: ${req.method} ${req.url?.split('?')[0]} failed`, e);
      if (!res.headersSent) send(res, 500, { ok: false, error: { code: 'internal', message: String(e) } });
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origin = () => `http://127.0.0.1:${port}`;

  function hasSecret(value: string | undefined | null): boolean {
    if (!value) return false;
    const given = Buffer.from(value);
    return given.length === secretBuf.length && timingSafeEqual(given, secretBuf);
  }

  /** Cookies are per host, not per port: each host's cookie has its port in its name. */
  const cookieName = () => `wd_web_${port}`;

  function hasCookie(req: IncomingMessage): boolean {
    const header = req.headers.cookie ?? '';
    for (const part of header.split(';')) {
      const at = part.indexOf('=');
      if (at < 0 || part.slice(0, at).trim() !== cookieName()) continue;
      const given = Buffer.from(part.slice(at + 1).trim());
      if (given.length === cookieBuf.length && timingSafeEqual(given, cookieBuf)) return true;
    }
    return false;
  }

  /** The words of a refusal, in the app's language (the person at the browser reads them). */
  function linkNeeded(): string {
    const lang = opts.core.settings().language === 'tr' ? 'tr' : 'en';
    return resources[lang].errors.reasons.web_link_needed;
  }

  function refuse(req: IncomingMessage, res: ServerResponse) {
    const message = linkNeeded();
    if (req.url?.startsWith('/api/'))
      return send(res, 401, { ok: false, error: { code: 'forbidden', message, params: { reason: 'web_link_needed' } } });
    const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(401, { ...securityHeaders(), 'content-type': TYPES['.html']!, 'cache-control': 'no-store' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>401</title></head><body><p>${escaped}</p></body></html>`);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    if (!allowedHosts().has(req.headers.host ?? ''))
      return send(res, 403, { ok: false, error: { code: 'forbidden', message: 'bad Host' } });
    const reqOrigin = req.headers.origin;
    if (reqOrigin && reqOrigin !== origin() && reqOrigin !== `http://localhost:${port}`) {
      return send(res, 403, { ok: false, error: { code: 'forbidden', message: 'foreign origin' } });
    }
    const url = new URL(req.url ?? '/', origin());

    // The one-time address: sets the cookie once, then the page is served at / with it.
    const token = url.searchParams.get(OPEN_PARAM);
    if (token !== null && (req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/') {
      if (!openTokens.delete(token)) return hasCookie(req) ? redirectHome(res) : refuse(req, res);
      res.setHeader('set-cookie', `${cookieName()}=${cookieBuf.toString()}; HttpOnly; SameSite=Strict; Path=/`);
      return redirectHome(res);
    }
    if (!hasCookie(req)) return refuse(req, res);

    if (url.pathname.startsWith('/api/')) {
      if (url.pathname === '/api/events' && req.method === 'GET') {
        if (!hasSecret(url.searchParams.get('secret')))
          return send(res, 401, { ok: false, error: { code: 'forbidden', message: 'missing secret' } });
        return openEventStream(res);
      }
      if (!hasSecret(req.headers[SECRET_HEADER] as string | undefined)) {
        return send(res, 401, { ok: false, error: { code: 'forbidden', message: 'missing secret' } });
      }
      const m = /^\/api\/invoke\/([A-Za-z0-9_.]{1,100})$/.exec(url.pathname);
      if (!m || req.method !== 'POST') return send(res, 404, { ok: false, error: { code: 'unknown_method', message: 'no such endpoint' } });
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
        return send(res, 415, { ok: false, error: { code: 'invalid_input', message: 'Content-Type must be application/json' } });
      }
      const began = performance.now();
      const body = await readBody(req, res);
      if (body === null) return;
      let input: unknown;
      try {
        input = body.length === 0 ? undefined : JSON.parse(body);
      } catch {
        return send(res, 400, { ok: false, error: { code: 'invalid_input', message: 'body is not JSON' } });
      }
      const page = req.headers[PAGE_HEADER];
      const pageId = typeof page === 'string' && /^[A-Za-z0-9-]{16,64}$/.test(page) ? page : '-';
      const result = await opts.core.invoke(m[1], input, `web:${pageId}`);
      // How long the host took (body, core, answer check): the page's own timing minus this is
      // the network and the page's wait (the benchmark prints both).
      return send(res, 200, result, { 'server-timing': `core;dur=${(performance.now() - began).toFixed(1)}` });
    }

    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, { ok: false, error: { code: 'forbidden', message: 'method not allowed' } });
    return serveStatic(url.pathname, res);
  }

  function redirectHome(res: ServerResponse) {
    res.writeHead(303, { location: '/', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    res.end();
  }

  async function readBody(req: IncomingMessage, res: ServerResponse): Promise<string | null> {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) {
      // Refused from the headers: the body is never read.
      send(res, 413, { ok: false, error: { code: 'invalid_input', message: 'request too large' } });
      req.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) {
        send(res, 413, { ok: false, error: { code: 'invalid_input', message: 'request too large' } });
        req.destroy();
        return null;
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  function openEventStream(res: ServerResponse) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    streams.add(res);
    const unsubscribe = opts.core.bus.onAny((name, payload) => {
      res.write(`data: ${JSON.stringify({ name, payload })}\n\n`);
    });
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    res.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      streams.delete(res);
    });
  }

  async function serveStatic(pathname: string, res: ServerResponse) {
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      // Not valid percent-encoding ("/%E0%A4%A"): no file has that name.
      return send(res, 404, { ok: false, error: { code: 'not_found', message: 'not found' } });
    }
    if (rel === '/' || rel === '/index.html') return sendPage(res);
    rel = normalize(rel).replace(/^([/\\])+/, '');
    // Source maps are not served (they would hand out the sources; the desktop package has none).
    if (extname(rel) === '.map') return send(res, 404, { ok: false, error: { code: 'not_found', message: 'not found' } });
    const file = resolve(root, rel);
    if (!file.startsWith(root + sep)) return send(res, 404, { ok: false, error: { code: 'not_found', message: 'not found' } });
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const data = await readFile(file);
      res.writeHead(200, {
        ...securityHeaders(),
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': data.length,
        'cache-control': 'no-cache',
      });
      res.end(data);
    } catch {
      // Client-side routes fall back to the page.
      if (!extname(rel)) return sendPage(res);
      send(res, 404, { ok: false, error: { code: 'not_found', message: 'not found' } });
    }
  }

  async function sendPage(res: ServerResponse) {
    const imageBase = opts.core.settings().imageBaseUrl || null;
    const html = await page(imageBase);
    res.writeHead(200, { ...securityHeaders(imageBase), 'content-type': TYPES['.html']!, 'cache-control': 'no-store' });
    res.end(html);
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => ok());
  });
  port = (server.address() as AddressInfo).port;

  const openUrlOf = (t: string) => `${origin()}/?${OPEN_PARAM}=${t}`;
  return {
    url: `${origin()}/`,
    openUrl: openUrlOf(newToken()),
    newOpenUrl: () => openUrlOf(newToken()),
    secret,
    async close() {
      for (const s of streams) s.end();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

/** `imageBase`: the configured image server, the one origin img-src allows besides the app. */
function securityHeaders(imageBase: string | null = null): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(imageBase),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}
