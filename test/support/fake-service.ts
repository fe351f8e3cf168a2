import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** What a route answers: a status and a JSON body, or nothing (the test answers later or never). */
export type Route = (req: FakeRequest, res: ServerResponse) => { status: number; body?: unknown; headers?: Record<string, string> } | void;

export interface FakeService {
  url: string;
  /** Every request received, in order (login included). */
  requests: FakeRequest[];
  routes: Map<string, Route>;
  close(): Promise<void>;
}

/**
 * A small misbehaving service of the test's own on 127.0.0.1, port 0: /Auth/login hands out a
 * token (unless replaced), every other route is what the test sets in `routes` ("METHOD /path").
 * A route that returns nothing leaves the request hanging until the test answers `res` itself.
 */
export async function fakeService(routes: Record<string, Route> = {}): Promise<FakeService> {
  const table = new Map<string, Route>(Object.entries(routes));
  if (!table.has('POST /Auth/login')) {
    table.set('POST /Auth/login', () => ({
      status: 200,
      body: { token: `t${Date.now()}`, expire: new Date(Date.now() + 3_600_000).toISOString(), isSuccess: true, statusCode: null },
    }));
  }
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      const r: FakeRequest = { method: req.method ?? 'GET', path, query, headers: req.headers, body };
      requests.push(r);
      const route = table.get(`${r.method} ${path}`);
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"isSuccess":false}');
        return;
      }
      const answer = route(r, res);
      if (answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      }
    });
  });
  return { ...(await listenOnLoopback(server)), requests, routes: table };
}

export interface RecordedWrite {
  key: string;
  path: string;
  body: unknown;
  status: number;
}

/**
 * A loopback proxy in front of a service (the sandbox) that notes every write that reached it
 * (PUT/POST other than login) with its Idempotency-Key, in arrival order.
 */
export async function recordingProxy(target: string): Promise<{ url: string; writes: RecordedWrite[]; close(): Promise<void> }> {
  const writes: RecordedWrite[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // Hop-by-hop headers and the length stay behind: fetch sets its own. (Once the app's undici
      // has filled the global dispatcher slot in this worker, Node's fetch dispatches through it,
      // and undici 7 refuses the content-length fetch passes on: "invalid content-length header".)
      const headers = { ...req.headers };
      for (const h of ['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']) delete headers[h];
      fetch(`${target}${req.url ?? '/'}`, {
        method: req.method,
        headers: headers as Record<string, string>,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
        .then(async (r) => {
          const text = Buffer.from(await r.arrayBuffer());
          const path = (req.url ?? '/').split('?')[0]!;
          if (req.method !== 'GET' && !path.startsWith('/Auth/')) {
            let parsed: unknown = undefined;
            try {
              parsed = JSON.parse(body.toString('utf8'));
            } catch {
              parsed = body.toString('utf8');
            }
            writes.push({ key: String(req.headers['idempotency-key'] ?? ''), path, body: parsed, status: r.status });
          }
          const out: Record<string, string> = {};
          r.headers.forEach((v, k) => {
            if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'content-encoding' && k !== 'connection') out[k] = v;
          });
          res.writeHead(r.status, out).end(text);
        })
        .catch(() => res.destroy());
    });
  });
  return { ...(await listenOnLoopback(server)), writes };
}

/** Listens on 127.0.0.1, port 0; `close` also ends open connections (a hanging route would hold it open). */
async function listenOnLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
