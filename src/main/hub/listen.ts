import pg from 'pg';

export interface ListenerOptions {
  connectionString: string | undefined;
  channel: string;
  onNotify(): void;
  /** After every (re)connect: a poke may have been missed while disconnected, so readers pull. */
  onConnected(): void;
  log(event: string, fields?: Record<string, unknown>): void;
  /** Heartbeat and reconnect period (ms). */
  everyMs?: number;
}

/**
 * LISTEN on a connection of its own (never a pooled one: LISTEN belongs to a session), with a
 * heartbeat (`SELECT 1`) that finds a dead connection, and reconnect + LISTEN again. NOTIFY is a
 * poke, not a queue: what was sent while this was down is lost, so every reconnect calls
 * onConnected and the readers pull.
 */
export class Listener {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private busy = false;

  constructor(private readonly opts: ListenerOptions) {}

  get connected(): boolean {
    return this.client !== null;
  }

  start(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.opts.everyMs ?? 5_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      if (this.client) {
        await this.client.query('SELECT 1');
        return;
      }
      const c = new pg.Client({ connectionString: this.opts.connectionString, application_name: 'wd-hub-listen' });
      c.on('error', () => this.lost(c));
      c.on('end', () => this.lost(c));
      c.on('notification', (n) => {
        if (n.channel === this.opts.channel) this.opts.onNotify();
      });
      await c.connect();
      await c.query(`LISTEN ${this.opts.channel}`);
      if (this.stopped) {
        await c.end();
        return;
      }
      this.client = c;
      this.opts.log('hub.listening', { channel: this.opts.channel });
      this.opts.onConnected();
    } catch (e) {
      this.opts.log('hub.listen_failed', { error: e instanceof Error ? e.message : String(e) });
      if (this.client) this.lost(this.client);
    } finally {
      this.busy = false;
    }
  }

  private lost(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = null;
    void c.end().catch(() => undefined);
  }
}
