import { LOCKS } from './db';
import { KeptConnection } from './kept-connection';

export interface LeadershipOptions {
  connectionString: string | undefined;
  /** How often a follower tries to take the lead, and a leader checks its connection (ms). */
  everyMs?: number;
  onChange(leading: boolean): void;
  log(event: string, fields?: Record<string, unknown>): void;
}

/**
 * Leadership of a warehouse's hubs: the one holding the leader lock (a session advisory lock, on a
 * connection of its own: kept-connection.ts) syncs, receives and sends; the others wait. PostgreSQL
 * releases a session lock when its connection ends — the hub stopped, was killed, or lost the
 * network — so another hub takes over at its next try (within `everyMs`). A leader whose connection
 * fails stops leading at once (onChange(false)) before it connects again: it no longer holds the lock.
 */
export class Leadership {
  private leading = false;
  private readonly connection: KeptConnection;

  constructor(private readonly opts: LeadershipOptions) {
    this.connection = new KeptConnection({
      connectionString: opts.connectionString,
      applicationName: 'wd-hub-leader',
      everyMs: opts.everyMs ?? 2_000,
      tick: async (client) => {
        if (this.leading) {
          // The heartbeat: a leader whose connection died has lost the lock with it.
          await client.query('SELECT 1');
        } else {
          const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', LOCKS.leader);
          if (r.rows[0]?.ok) this.setLeading(true);
        }
      },
      onLost: () => this.setLeading(false),
      onFailed: (e) => opts.log('hub.leader_connection_failed', { error: e instanceof Error ? e.message : String(e) }),
    });
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.connection.start();
  }

  async stop(): Promise<void> {
    this.setLeading(false);
    // Ending the connection releases the lock.
    await this.connection.stop();
  }

  private setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    this.opts.log(leading ? 'hub.leading' : 'hub.following');
    this.opts.onChange(leading);
  }
}
