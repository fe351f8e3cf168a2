import { CHANGES_CHANNEL } from './changes';
import { migrate, openPool } from './db';
import { Leadership } from './leader';
import { Listener } from './listen';
import type { HubServiceConfig } from './config';
import { startHubServer, type HubServer } from './server';
import { HubSync, type HubSyncOptions } from './sync';

export interface HubOptions {
  /** DATABASE_URL; undefined: the PG* variables. */
  connectionString: string | undefined;
  host: string;
  port: number;
  version: string;
  /** One structured line per event (the CLI writes JSON lines to stdout). */
  log(event: string, fields?: Record<string, unknown>): void;
  /** Leadership tries and heartbeats (ms). */
  leaderEveryMs?: number;
  listenEveryMs?: number;
  /** The service to sync from while this hub leads (config.ts); none: the hub syncs nothing. */
  service?: HubServiceConfig | null;
  /** The sync's page size and retries (tests shrink them). */
  sync?: Pick<HubSyncOptions, 'pageSize' | 'attempts' | 'retryBaseMs'>;
}

export interface Hub {
  url: string;
  isLeader(): boolean;
  server: HubServer;
  /** The sync from the service, when configured. */
  sync: HubSync | null;
  pool: ReturnType<typeof openPool>;
  close(): Promise<void>;
}

/**
 * `wd hub`: migrates the database (under a lock), serves desks on HTTP, pokes them when the
 * package feed grows (LISTEN on a connection of its own), and competes for the warehouse's
 * leadership: only the leader does the work for the service.
 */
export async function startHub(opts: HubOptions): Promise<Hub> {
  const log = (event: string, fields?: Record<string, unknown>) => opts.log(event, fields);
  const pool = openPool(opts.connectionString);
  try {
    const applied = await migrate(pool);
    log('hub.migrated', { applied });
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
  let leading = false;
  // Only the leader syncs: a follower never calls the service.
  const sync = opts.service ? new HubSync({ pool, service: opts.service, log, ...opts.sync }) : null;
  const leadership = new Leadership({
    connectionString: opts.connectionString,
    everyMs: opts.leaderEveryMs,
    log,
    onChange: (l) => {
      leading = l;
      sync?.setLeading(l);
    },
  });
  const server = await startHubServer(
    { pool, isLeader: () => leading, syncStatus: () => sync?.status() ?? null, version: opts.version, log },
    opts.host,
    opts.port,
  ).catch(async (e: unknown) => {
    await pool.end().catch(() => undefined);
    throw e;
  });
  const listener = new Listener({
    connectionString: opts.connectionString,
    channel: CHANGES_CHANNEL,
    everyMs: opts.listenEveryMs,
    log,
    onNotify: () => server.poke(),
    onConnected: () => server.poke(),
  });
  leadership.start();
  listener.start();
  log('hub.started', { url: server.url, syncing: opts.service ? opts.service.omsUrl : null });
  return {
    url: server.url,
    isLeader: () => leading,
    server,
    sync,
    pool,
    async close() {
      await server.close();
      await listener.stop();
      await leadership.stop();
      await sync?.stop();
      await pool.end().catch(() => undefined);
    },
  };
}
