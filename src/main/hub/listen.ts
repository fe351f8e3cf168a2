import { KeptConnection } from './kept-connection';

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
 * LISTEN on a connection of its own (kept-connection.ts: LISTEN belongs to a session), with a
 * heartbeat (`SELECT 1`) that finds a dead connection, and reconnect + LISTEN again. NOTIFY is a
 * poke, not a queue: what was sent while this was down is lost, so every reconnect calls
 * onConnected and the readers pull.
 */
export class Listener {
  private readonly connection: KeptConnection;

  constructor(opts: ListenerOptions) {
    this.connection = new KeptConnection({
      connectionString: opts.connectionString,
      applicationName: 'wd-hub-listen',
      everyMs: opts.everyMs ?? 5_000,
      setUp: async (client) => {
        client.on('notification', (n) => {
          if (n.channel === opts.channel) opts.onNotify();
        });
        await client.query(`LISTEN ${opts.channel}`);
      },
      tick: async (client, fresh) => {
        if (!fresh) {
          await client.query('SELECT 1');
          return;
        }
        opts.log('hub.listening', { channel: opts.channel });
        opts.onConnected();
      },
      onFailed: (e) => opts.log('hub.listen_failed', { error: e instanceof Error ? e.message : String(e) }),
    });
  }

  get connected(): boolean {
    return this.connection.connected;
  }

  start(): void {
    this.connection.start();
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }
}
