import pg from 'pg';

export interface KeptConnectionOptions {
  connectionString: string | undefined;
  /** application_name, so `pg_stat_activity` says which connection is whose. */
  applicationName: string;
  /** Period of the ticks: a connect while there is none, else `tick` (ms). */
  everyMs: number;
  /** Run on a new connection before it is kept (LISTEN, handlers); a failure drops it. */
  setUp?(client: pg.Client): Promise<void>;
  /** Each period on the kept connection; `fresh` the first time after a (re)connect. */
  tick(client: pg.Client, fresh: boolean): Promise<void>;
  /** The connection was lost (or failed): whatever it held (a session lock, a LISTEN) is gone. */
  onLost?(): void;
  onFailed(error: unknown): void;
}

/**
 * A PostgreSQL connection of its own (never a pooled one: a session advisory lock and LISTEN belong
 * to a session), kept: connected at the first tick and again at the first tick after it was lost;
 * each tick runs `tick` on it, which is also the heartbeat that finds a dead connection. A
 * connection whose set-up fails is ended, not leaked. The hub's leadership (leader.ts) and its
 * LISTEN (listen.ts) are two of these.
 */
export class KeptConnection {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private busy = false;

  constructor(private readonly opts: KeptConnectionOptions) {}

  get connected(): boolean {
    return this.client !== null;
  }

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), this.opts.everyMs);
  }

  /** Stops the ticks and ends the connection (which releases what its session held). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private async run(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    let opening: pg.Client | null = null;
    try {
      let fresh = false;
      if (!this.client) {
        const c = new pg.Client({ connectionString: this.opts.connectionString, application_name: this.opts.applicationName });
        opening = c;
        c.on('error', () => this.lost(c));
        c.on('end', () => this.lost(c));
        await c.connect();
        await this.opts.setUp?.(c);
        if (this.stopped) {
          await c.end();
          return;
        }
        this.client = c;
        opening = null;
        fresh = true;
      }
      await this.opts.tick(this.client, fresh);
    } catch (e) {
      this.opts.onFailed(e);
      // A connection that failed while being set up was never kept: end it here.
      if (opening) void opening.end().catch(() => undefined);
      if (this.client) this.lost(this.client);
    } finally {
      this.busy = false;
    }
  }

  private lost(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = null;
    void c.end().catch(() => undefined);
    this.opts.onLost?.();
  }
}
