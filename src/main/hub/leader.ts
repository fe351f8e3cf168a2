import pg from 'pg';
import { LOCKS } from './db';

export interface LeadershipOptions {
  connectionString: string | undefined;
  /** How often a follower tries to take the lead, and a leader checks its connection (ms). */
  everyMs?: number;
  onChange(leading: boolean): void;
  log(event: string, fields?: Record<string, unknown>): void;
}

/**
 * Leadership of a warehouse's hubs: the one holding the leader lock (a session advisory lock, on a
 * connection of its own) syncs, receives and sends; the others wait. PostgreSQL releases a session
 * lock when its connection ends — the hub stopped, was killed, or lost the network — so another hub
 * takes over at its next try (within `everyMs`). A leader whose connection fails stops leading at
 * once (onChange(false)) before it connects again: it no longer holds the lock.
 */
export class Leadership {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private leading = false;
  private stopped = false;
  private busy = false;

  constructor(private readonly opts: LeadershipOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.opts.everyMs ?? 2_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.setLeading(false);
    const c = this.client;
    this.client = null;
    // Ending the connection releases the lock.
    await c?.end().catch(() => undefined);
  }

  private setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    this.opts.log(leading ? 'hub.leading' : 'hub.following');
    this.opts.onChange(leading);
  }

  private async tick(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      if (!this.client) {
        const c = new pg.Client({ connectionString: this.opts.connectionString, application_name: 'wd-hub-leader' });
        c.on('error', () => this.lost(c));
        c.on('end', () => this.lost(c));
        await c.connect();
        if (this.stopped) {
          await c.end();
          return;
        }
        this.client = c;
      }
      if (this.leading) {
        // The heartbeat: a leader whose connection died has lost the lock with it.
        await this.client.query('SELECT 1');
      } else {
        const r = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', LOCKS.leader);
        if (r.rows[0]?.ok) this.setLeading(true);
      }
    } catch (e) {
      this.opts.log('hub.leader_connection_failed', { error: e instanceof Error ? e.message : String(e) });
      if (this.client) this.lost(this.client);
    } finally {
      this.busy = false;
    }
  }

  private lost(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = null;
    void c.end().catch(() => undefined);
    this.setLeading(false);
  }
}
