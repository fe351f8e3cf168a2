import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HttpFailure, readJson, sendJson } from './http-util';
import { verifyJwt } from './jwt';
import { sandboxModules } from './modules';

export interface SandboxConfig {
  tokenLifetimeSeconds: number;
  /** Added before every service answer (admin answers are never delayed). */
  latencyMs: number;
  /** Share of service requests (0..1) answered with errorStatus. */
  errorRate: number;
  errorStatus: number;
  /** Offline: service requests get their connection reset, as when the network is cut. */
  offline: boolean;
  /** How the list envelopes spell things: the real service varies between operations. */
  statusCodeStyle: 'string' | 'number' | 'null';
  messageField: 'errorMesssage' | 'errorMessage';
}

export const defaultConfig: SandboxConfig = {
  tokenLifetimeSeconds: 3600,
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 500,
  offline: false,
  statusCodeStyle: 'string',
  messageField: 'errorMesssage',
};

export interface SandboxRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body (415/400/413 thrown as HttpFailure). */
  json(limit?: number): Promise<unknown>;
  /** Signed-in user for routes with auth. */
  user: string | null;
}

export interface Reply {
  status: number;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Matched case-insensitively, like the service's .NET routing. */
  path: string;
  /** Requires a valid Bearer token (default true for service routes). */
  auth?: boolean;
  handle(req: SandboxRequest): Reply | Promise<Reply>;
}

export interface SandboxModule {
  /** Called once every module exists, so modules can work together (status change → notification). */
  connect?(modules: Record<string, SandboxModule>): void;
  routes?: Route[];
  /** Routes under /_sandbox/ for tests: no auth, never delayed, never failed. */
  admin?: Route[];
  reset?(): void;
  close?(): Promise<void> | void;
}

export interface SandboxOptions {
  port?: number;
  host?: string;
  seed?: number;
  /** Generated order packages and return packages (data generator of the packages module). */
  packages?: number;
  returns?: number;
  /** Generated dates are spread over the `days` (default 60) before `anchor` (default: start time rounded to the hour). */
  anchor?: number;
  days?: number;
  /** Build every package record's JSON at start and answer pages from it (benchmarks: the sandbox then costs the client's machine almost nothing). */
  prerender?: boolean;
  users?: Record<string, string>;
  config?: Partial<SandboxConfig>;
}

export interface SandboxCore {
  config: SandboxConfig;
  secret: Buffer;
  generation: number;
  users: Record<string, string>;
  seed: number;
  now(): number;
  /** Waits `ms` (the configured latency); tests put a clock of their own here instead of real time. */
  sleep(ms: number): Promise<void>;
  /** Request counters by route, for tests ("the page was fetched once"). */
  hits: Map<string, number>;
  /** One-shot failures: the next `count` requests whose path contains `path` get `status`. */
  failNext: { path: string; status: number; count: number; garbled?: boolean }[];
}

export interface Sandbox {
  url: string;
  port: number;
  core: SandboxCore;
  modules: Record<string, SandboxModule>;
  close(): Promise<void>;
}

export const DEFAULT_USERS: Record<string, string> = { demo: 'demo1234' };

/**
 * The simulated commerce integration service (OMS + PIM) on loopback: training mode, tests and
 * benchmarks talk to it exactly as to the real one. Feature modules add their routes; this file
 * owns auth, the failure knobs and the admin API.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const core: SandboxCore = {
    config: { ...defaultConfig, ...options.config },
    secret: randomBytes(32),
    generation: 1,
    users: { ...(options.users ?? DEFAULT_USERS) },
    seed: options.seed ?? 1,
    now: Date.now,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    hits: new Map(),
    failNext: [],
  };
  const modules: Record<string, SandboxModule> = {};
  for (const [name, make] of Object.entries(sandboxModules)) modules[name] = make(core, options);
  for (const m of Object.values(modules)) m.connect?.(modules);

  const service = new Map<string, Route>();
  const admin = new Map<string, Route>();
  const key = (method: string, path: string) => `${method} ${path.toLowerCase()}`;
  for (const m of Object.values(modules)) {
    for (const r of m.routes ?? []) service.set(key(r.method, r.path), r);
    for (const r of m.admin ?? []) admin.set(key(r.method, `/_sandbox/${r.path.replace(/^\//, '')}`), r);
  }
  for (const r of coreAdminRoutes(core, modules)) admin.set(key(r.method, `/_sandbox/${r.path}`), r);

  const sockets = new Set<Socket>();
  let port = 0;
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { isSuccess: false, statusCode: '500', errorMesssage: String(e) });
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const isAdmin = url.pathname.toLowerCase().startsWith('/_sandbox/');
    if (isAdmin && !adminAllowed(req)) {
      sendJson(res, 403, {
        isSuccess: false,
        statusCode: '403',
        [core.config.messageField]: 'admin routes: loopback Host and no foreign Origin only',
      });
      return;
    }
    const route = (isAdmin ? admin : service).get(key(method, url.pathname));

    if (!isAdmin) {
      if (core.config.offline) {
        req.socket.destroy();
        return;
      }
      if (core.config.latencyMs > 0) await core.sleep(core.config.latencyMs);
      if (core.config.offline) {
        req.socket.destroy();
        return;
      }
    }
    if (!route) {
      sendJson(res, 404, { isSuccess: false, statusCode: '404', [core.config.messageField]: `no route ${method} ${url.pathname}` });
      return;
    }
    const hitKey = key(method, url.pathname);
    core.hits.set(hitKey, (core.hits.get(hitKey) ?? 0) + 1);

    let user: string | null = null;
    if (!isAdmin && route.auth !== false) {
      user = authorize(req.headers.authorization);
      if (!user) {
        sendJson(res, 401, { isSuccess: false, statusCode: '401', [core.config.messageField]: 'Unauthorized' });
        return;
      }
    }
    const planned = isAdmin
      ? undefined
      : core.failNext.find((f) => f.count > 0 && url.pathname.toLowerCase().includes(f.path.toLowerCase()));
    if (planned) {
      planned.count -= 1;
      if (planned.garbled) {
        // A 200 whose body is cut off mid-record, as a broken proxy or a crashed worker would send.
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end('{"isSuccess":true,"statusCode":"200","data":[{"id":448139,"orderNumber":"31240');
        return;
      }
      sendJson(res, planned.status, {
        isSuccess: false,
        statusCode: String(planned.status),
        [core.config.messageField]: 'Planned failure',
      });
      return;
    }
    if (!isAdmin && core.config.errorRate > 0 && Math.random() < core.config.errorRate) {
      sendJson(res, core.config.errorStatus, {
        isSuccess: false,
        statusCode: String(core.config.errorStatus),
        [core.config.messageField]: 'Simulated failure',
      });
      return;
    }
    try {
      const reply = await route.handle({
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        json: (limit?: number) => readJson(req, limit),
        user,
      });
      sendJson(res, reply.status, reply.body);
    } catch (e) {
      if (e instanceof HttpFailure) sendJson(res, e.status, e.body);
      else throw e;
    }
  }

  /**
   * The admin routes have no auth (tests and training drive them), so like the web host they
   * answer only a request addressed to this server by its loopback name (a page that rebinds its
   * own DNS name to 127.0.0.1 still sends its name as Host) and never one a web page of another
   * origin sends (a browser always adds Origin to a cross-origin POST).
   */
  function adminAllowed(req: IncomingMessage): boolean {
    const names = ['127.0.0.1', 'localhost', '[::1]', ...(options.host ? [options.host] : [])];
    const hosts = new Set(names.map((n) => `${n}:${port}`));
    if (!hosts.has((req.headers.host ?? '').toLowerCase())) return false;
    const origin = req.headers.origin;
    return origin === undefined || [...hosts].some((h) => origin.toLowerCase() === `http://${h}`);
  }

  function authorize(header: string | undefined): string | null {
    const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
    if (!m?.[1]) return null;
    const claims = verifyJwt(m[1].trim(), core.secret);
    if (!claims || claims.gen !== core.generation || claims.exp * 1000 <= core.now()) return null;
    return claims.sub;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    core,
    modules,
    async close() {
      for (const m of Object.values(modules)) await m.close?.();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

function coreAdminRoutes(core: SandboxCore, modules: Record<string, SandboxModule>): Route[] {
  return [
    {
      method: 'GET',
      path: 'config',
      handle: () => ({ status: 200, body: core.config }),
    },
    {
      method: 'POST',
      path: 'config',
      async handle(req) {
        const patch = (await req.json()) as Partial<SandboxConfig>;
        const next = { ...core.config };
        for (const [k, v] of Object.entries(patch ?? {})) {
          if (!(k in defaultConfig)) return { status: 400, body: { message: `unknown setting ${k}` } };
          if (typeof v !== typeof (defaultConfig as unknown as Record<string, unknown>)[k])
            return { status: 400, body: { message: `bad value for ${k}` } };
          (next as unknown as Record<string, unknown>)[k] = v;
        }
        core.config = next;
        return { status: 200, body: core.config };
      },
    },
    {
      method: 'POST',
      path: 'offline',
      async handle(req) {
        const body = (await req.json()) as { offline?: unknown };
        core.config.offline = body?.offline !== false;
        return { status: 200, body: { offline: core.config.offline } };
      },
    },
    {
      method: 'POST',
      path: 'fail-next',
      async handle(req) {
        const body = (await req.json()) as { path?: unknown; status?: unknown; count?: unknown; garbled?: unknown };
        const status = typeof body?.status === 'number' ? body.status : 500;
        const count = typeof body?.count === 'number' ? body.count : 1;
        const path = typeof body?.path === 'string' ? body.path : '/';
        core.failNext.push({ path, status, count, garbled: body?.garbled === true });
        return { status: 200, body: { planned: core.failNext } };
      },
    },
    {
      method: 'POST',
      path: 'expire-tokens',
      handle: () => {
        core.generation += 1;
        return { status: 200, body: { generation: core.generation } };
      },
    },
    {
      method: 'POST',
      path: 'reset',
      handle: () => {
        core.config = { ...defaultConfig };
        core.generation += 1;
        core.hits.clear();
        core.failNext = [];
        for (const m of Object.values(modules)) m.reset?.();
        return { status: 200, body: { reset: true } };
      },
    },
    {
      method: 'GET',
      path: 'hits',
      handle: () => ({ status: 200, body: Object.fromEntries(core.hits) }),
    },
  ];
}
