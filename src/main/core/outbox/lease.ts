import { hostname } from 'node:os';
import type { AppErrorShape } from '../../../shared/result';
import { nodeCrypto } from '../builtins';
import type { Db } from '../db/open';
import { pidAlive } from '../process-alive';
import type { OutboxStatements } from './store';

/** How long a runner's claim on the queue lasts without renewal; renewed every third of it while sending. */
export const LEASE_MS = 30_000;
/**
 * A write found "sending" when the queue is taken (the app stopped mid-send) goes again on its own
 * only when its sending began less than this long ago; an older one waits for a person.
 */
export const ANSWER_UNKNOWN_AFTER_MS = 10 * 60_000;
/** While another process holds the queue, look again this often (it releases the queue when idle). */
export const LEASE_POLL_MS = 5_000;

/**
 * Takes the queue (in an immediate transaction) when it is free, `owner`'s, expired, or held by a
 * process of this computer that is gone. Taking it over from someone else puts the writes they
 * left "sending" back in line — except those this runner still has in hand (`busy`), and those
 * whose sending began long ago: the service may have them, so a person decides (answer_unknown).
 * Returns null when taken, else how long to wait before trying again.
 */
export function takeLease(db: Db, s: OutboxStatements, owner: string, now: number, busy: (id: number) => boolean): number | null {
  return db.transaction(() => {
    const l = s.lease.get();
    const mine = l?.owner === owner;
    const free = !l || l.expires_at <= now || (l.host === hostname() && !pidAlive(l.pid));
    if (!mine && !free) return Math.min(Math.max(1_000, l.expires_at - now), LEASE_POLL_MS);
    s.take.run(owner, hostname(), process.pid, now + LEASE_MS);
    for (const { id, updated_at } of s.sending.all()) {
      if (busy(id)) continue;
      if (now - Date.parse(updated_at) < ANSWER_UNKNOWN_AFTER_MS) {
        s.recover.run(id);
        continue;
      }
      // Its sending began long ago and nobody heard the answer: the service may have it, and a
      // newer write of the same thing may have been sent since from another PC. Sending it
      // again on its own could put the old values back: a person decides (Retry or Cancel).
      const error: AppErrorShape = {
        code: 'service_error',
        message: `the app stopped while this write was being sent (${updated_at}); the service may have it`,
        params: { reason: 'answer_unknown', since: updated_at },
      };
      s.unknown.run(JSON.stringify(error), new Date(now).toISOString(), id);
    }
    return null;
  })();
}

/**
 * This runner's claim on the queue (table outbox_lease): takes it (`takeLease`), renews it every
 * third of LEASE_MS while sending (the heartbeat) and releases it. Never throws: a database that
 * is busy or full is logged and the claim tried again later.
 */
export class QueueLease {
  readonly owner = `${hostname()}:${process.pid}:${nodeCrypto().randomUUID().slice(0, 8)}`;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly s: OutboxStatements,
    private readonly log: (msg: string, e?: unknown) => void,
  ) {}

  /** Takes the queue when it is free: null when taken, else how long to wait before looking again. */
  take(now: number, busy: (id: number) => boolean): number | null {
    try {
      return takeLease(this.db, this.s, this.owner, now, busy);
    } catch (e) {
      this.log('outbox: cannot take the queue (database busy or full); trying later', e);
      return LEASE_POLL_MS;
    }
  }

  /** Whether this runner holds the queue now (a read). */
  holds(): boolean {
    return this.s.lease.get()?.owner === this.owner;
  }

  /** Renews the claim every third of LEASE_MS until `stopHeartbeat`. */
  startHeartbeat(now: () => number): void {
    this.heartbeat = setInterval(() => this.renew(now()), LEASE_MS / 3);
    this.heartbeat.unref();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  release(): void {
    try {
      this.s.release.run(this.owner);
    } catch (e) {
      this.log('outbox: cannot release the queue lease', e);
    }
  }

  private renew(now: number): void {
    try {
      this.s.renew.run(now + LEASE_MS, this.owner);
    } catch (e) {
      this.log('outbox: cannot renew the queue lease', e);
    }
  }
}
