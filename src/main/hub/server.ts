import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { feedHead, readFeed } from './changes';
import { deskOfToken, deskSeen, listDesks } from './desks';
import type { HubSyncState } from './sync';

/** The desks' protocol: every desk request names it (`x-wd-hub-protocol`); another number is refused with 426. */
export const HUB_PROTOCOL = 1;
export const FEED_PAGE_MAX = 5_000;

export interface HubServerDeps {
  pool: pg.Pool;
  isLeader(): boolean;
  /** The sync from the service (null: not configured). */
  syncStatus(): HubSyncState | null;
  version: string;
  log(event: string, fields?: Record<string, unknown>): void;
}

export interface HubServer {
  url: string;
  /** Tells every desk listening on /v1/events that the feed grew (they pull). */
  poke(): void;
  /** Desks with an open event stream. */
  connectedDesks(): number;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
};
const fail = (res: ServerResponse, status: number, code: string, extra: Record<string, unknown> = {}) =>
  json(res, status, { error: { code, ...extra } });

/** The sync's lines of /metrics (none when the hub does not sync). Times in Unix seconds, 0 for never. */
function syncMetrics(s: HubSyncState | null): string[] {
  if (!s) return [];
  const seconds = (iso: string | null) => (iso ? Date.parse(iso) / 1000 : 0);
  return [
    '# HELP wd_hub_sync_last_success_timestamp When the last sync from the service that worked ended (Unix seconds; 0: none yet).',
    '# TYPE wd_hub_sync_last_success_timestamp gauge',
    `wd_hub_sync_last_success_timestamp ${seconds(s.lastSuccessAt)}`,
    '# HELP wd_hub_sync_last_timestamp When the last sync from the service ended, whether or not it worked (Unix seconds).',
    '# TYPE wd_hub_sync_last_timestamp gauge',
    `wd_hub_sync_last_timestamp ${seconds(s.lastAt)}`,
    '# HELP wd_hub_sync_last_ok 1 when the last sync worked, 0 when it failed (see the log for hub.sync_failed).',
    '# TYPE wd_hub_sync_last_ok gauge',
    `wd_hub_sync_last_ok ${s.lastOk === false ? 0 : 1}`,
    '# HELP wd_hub_sync_packages Packages of the window in the last sync that worked.',
    '# TYPE wd_hub_sync_packages gauge',
    `wd_hub_sync_packages ${s.lastPackages}`,
    '# HELP wd_hub_sync_failures_total Syncs that failed since this hub started.',
    '# TYPE wd_hub_sync_failures_total counter',
    `wd_hub_sync_failures_total ${s.failures}`,
  ];
}

export async function startHubServer(deps: HubServerDeps, host: string, port: number): Promise<HubServer> {
  const streams = new Map<ServerResponse, string>();

  const pokeAll = async () => {
    if (streams.size === 0) return;
    let head: number;
    try {
      head = await feedHead(deps.pool);
    } catch {
      return;
    }
    for (const res of streams.keys()) res.write(`event: head\ndata: {"head":${head}}\n\n`);
  };

  /** The desk behind a request, or null once the answer (401 / 426) is sent. */
  async function desk(req: IncomingMessage, res: ServerResponse): Promise<string | null> {
    const protocol = req.headers['x-wd-hub-protocol'];
    if (protocol !== String(HUB_PROTOCOL)) {
      fail(res, 426, 'protocol', { supported: HUB_PROTOCOL });
      return null;
    }
    const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const name = auth ? await deskOfToken(deps.pool, auth[1]!) : null;
    if (!name) fail(res, 401, 'unauthorized');
    return name;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://hub');
    if (req.method !== 'GET') return fail(res, 405, 'method');
    switch (url.pathname) {
      case '/health': {
        try {
          const head = await feedHead(deps.pool);
          return json(res, 200, {
            status: 'ok',
            leader: deps.isLeader(),
            feedHead: head,
            sync: deps.syncStatus(),
            protocol: HUB_PROTOCOL,
            version: deps.version,
          });
        } catch {
          return json(res, 503, { status: 'database_unreachable', leader: deps.isLeader(), protocol: HUB_PROTOCOL, version: deps.version });
        }
      }
      case '/metrics': {
        const head = await feedHead(deps.pool);
        const desks = await listDesks(deps.pool);
        const lines = [
          '# HELP wd_hub_leader 1 when this hub leads (syncs, receives and sends for the warehouse).',
          '# TYPE wd_hub_leader gauge',
          `wd_hub_leader ${deps.isLeader() ? 1 : 0}`,
          '# HELP wd_hub_desks_connected Desks with an open event stream to this hub.',
          '# TYPE wd_hub_desks_connected gauge',
          `wd_hub_desks_connected ${streams.size}`,
          '# HELP wd_hub_feed_head The newest change number of the package feed.',
          '# TYPE wd_hub_feed_head gauge',
          `wd_hub_feed_head ${head}`,
          '# HELP wd_hub_desk_lag Changes a desk has not read yet (feed head minus its cursor).',
          '# TYPE wd_hub_desk_lag gauge',
          ...desks.filter((d) => !d.revokedAt).map((d) => `wd_hub_desk_lag{desk="${d.name}"} ${head - (d.lastCursor ?? 0)}`),
          ...syncMetrics(deps.syncStatus()),
        ];
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(`${lines.join('\n')}\n`);
        return;
      }
      case '/v1/feed': {
        const name = await desk(req, res);
        if (!name) return;
        const after = Number(url.searchParams.get('after') ?? '0');
        const limit = Number(url.searchParams.get('limit') ?? '1000');
        if (!Number.isSafeInteger(after) || after < 0 || !Number.isSafeInteger(limit) || limit < 1 || limit > FEED_PAGE_MAX)
          return fail(res, 400, 'bad_request');
        // The head first: rows read after it may go past it, never stop short of it.
        const head = await feedHead(deps.pool);
        const rows = await readFeed(deps.pool, after, limit);
        await deskSeen(deps.pool, name, after);
        const last = rows.at(-1)?.seq ?? after;
        return json(res, 200, { head: Math.max(head, last), rows, more: rows.length === limit });
      }
      case '/v1/events': {
        const name = await desk(req, res);
        if (!name) return;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        res.write(`event: head\ndata: {"head":${await feedHead(deps.pool)}}\n\n`);
        streams.set(res, name);
        deps.log('hub.desk_connected', { desk: name });
        await deskSeen(deps.pool, name, null);
        req.on('close', () => {
          streams.delete(res);
          deps.log('hub.desk_disconnected', { desk: name });
        });
        return;
      }
      default:
        return fail(res, 404, 'not_found');
    }
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      deps.log('hub.request_failed', { path: req.url, error: e instanceof Error ? e.message : String(e) });
      if (!res.headersSent) fail(res, 503, 'unavailable');
      else res.end();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  // Keeps an idle stream alive through proxies, and finds desks that went away.
  const keepAlive = setInterval(() => {
    for (const res of streams.keys()) res.write(': keep-alive\n\n');
  }, 15_000);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const addr = server.address() as AddressInfo;
  const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shownHost}:${addr.port}/`,
    poke: () => void pokeAll(),
    connectedDesks: () => streams.size,
    async close() {
      clearInterval(keepAlive);
      for (const res of streams.keys()) res.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
