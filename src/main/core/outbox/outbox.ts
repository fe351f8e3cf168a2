import type { OutboxAnswer, OutboxItem, OutboxState } from '../../../shared/domain/outbox';
import type { AppErrorShape } from '../../../shared/result';
import type { Clock } from '../clock';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';
import { applyOutcome, enqueueWrite, resolveMovedWrites, retryWrites } from './actions';
import { QueueLease } from './lease';
import { QueueOrder } from './order';
import { UnrecordedAnswers } from './unrecorded';
import { prepareOutbox, toAnswer, toItem, type OutboxStatements, type Row } from './store';
import { WriteTry } from './send';
import { UnauthorizedStreak } from './unauthorized';
import type { EnqueueInput, OutboxSender } from './types';

export { ANSWER_UNKNOWN_AFTER_MS, LEASE_MS } from './lease';
export type { AfterSent, BoundService, EnqueueInput, Keys, OutboxReason, OutboxSender, RefusalBlocks, SendMeta, Sender } from './types';
export { idempotencyHeader, serviceOf } from './types';

/** While idle, look for writes queued by another process this often. */
const IDLE_POLL_MS = 15_000;
/** How long closing waits for a write in flight before abandoning it (it is sent again later). */
export const CLOSE_WAIT_MS = 2_000;

/**
 * The durable write queue of a workspace.
 *
 * - Stored first, sent later: `enqueue` only writes a row (call it inside the caller's transaction).
 * - One runner per workspace: the app and the CLI share the data directory, and only the process
 *   holding the queue's lease (table outbox_lease) sends. A write left "sending" is sent again
 *   only by a runner that took the lease over from one that died or let it expire.
 * - Order per group: only the oldest unsent write of a group is sent; a later write of the same
 *   storage code never overtakes an earlier one. A write the service refused blocks the later
 *   writes of its group until a person retries or cancels it; retrying it is refused when a newer
 *   write of the same SKU and storage code was accepted since (it would overwrite the newer value).
 * - What an answer means is the operation's `classify` (src/shared/service/<operation>.ts).
 * - Transient trouble (network, timeout, or an answer classified "later": 408, 429, 5xx …) → retried with exponential backoff and full
 *   jitter (or the service's Retry-After), indefinitely: a write is never dropped. A 401 is handled
 *   by the session (one re-login); a fresh token refused again counts as an attempt, and after a
 *   few the queue stops with that reason. If the session has ended, the queue pauses until someone
 *   signs in again.
 * - An accepted answer is kept with its body; a refused one (4xx, or a 2xx whose body says
 *   isSuccess:false) is a business failure, kept with status and body for the person to see. An answer that cannot be written down
 *   (database busy, disk full) is kept in memory and recorded as soon as the database takes it.
 * - Every write carries its stored key as an Idempotency-Key header.
 */
export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private stopped = true;
  private closed = false;
  private skipped = false;
  private readonly unrecorded: UnrecordedAnswers;
  /** Refused fresh tokens in a row, and why the queue stopped on its own (`halted`). */
  private readonly unauthorized: UnauthorizedStreak;
  private readonly lease: QueueLease;
  /** Sending one write (the rows in flight). */
  private readonly tries: WriteTry;
  private readonly s: OutboxStatements;
  private readonly clock: Clock;
  private readonly order: QueueOrder;

  constructor(
    private ws: Workspace,
    private ctx: CoreContext,
    random: () => number = Math.random,
    /** The kinds of write this queue sends (the features' senders; a test may add its own). */
    private senders: ReadonlyMap<string, OutboxSender> = ctx.senders,
  ) {
    this.s = prepareOutbox(ws.db);
    this.clock = ctx.clock;
    this.lease = new QueueLease(ws.db, this.s, (msg, e) => ctx.options.log?.(msg, e));
    this.unauthorized = new UnauthorizedStreak(random);
    this.order = new QueueOrder(this.s, senders, () => ws.profile);
    this.unrecorded = new UnrecordedAnswers({
      write: (row, outcome) => applyOutcome(ws, this.s, senders.get(row.kind), row, outcome, this.clock.now()),
      reread: (id) => this.s.get.get(id),
      log: (msg, e) => ctx.options.log?.(msg, e),
      allRecorded: () => {
        this.publish();
        if (!this.draining && !this.closed) {
          this.tryRelease();
          this.kick(0);
        }
      },
    });
    this.tries = new WriteTry(ws, ctx, this.s, senders, random, this.unrecorded, this.unauthorized);
    // A write caught mid-send by a runner that is gone is sent again: both service writes set a
    // value (inventory a quantity, product save an upsert) and carry their Idempotency-Key.
    if (this.takeLease()) this.lease.release();
    this.publish();
  }

  enqueue(input: EnqueueInput): number {
    return enqueueWrite(this.ws, this.s, this.senders.get(input.kind), input, this.clock.now());
  }

  /** Call after the transaction that enqueued has committed. */
  notify(): void {
    this.publish();
    this.kick(0);
  }

  start(): void {
    if (this.closed) return;
    this.stopped = false;
    this.kick(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  list(opts: { states?: OutboxState[]; kind?: string; ref?: string; limit: number }): OutboxItem[] {
    const rows = this.s.list.all({ kind: opts.kind ?? null, ref: opts.ref ?? null, limit: opts.states ? 10_000 : opts.limit });
    const items = rows.map((r) => this.view(r));
    return (opts.states ? items.filter((i) => opts.states!.includes(i.state)) : items).slice(0, opts.limit);
  }

  get(id: number): OutboxItem | null {
    const r = this.s.get.get(id);
    return r ? this.view(r) : null;
  }

  /** A row as people see it: what holds it back, and an answer kept in memory. */
  private view(r: Row): OutboxItem {
    return this.unrecorded.overlay(toItem({ ...r, blocked_by: this.order.blockerOf(r) }, this.order.movedFrom(r)));
  }

  /** Every try's answer of a write, oldest first (kept after later tries; migration 024). */
  answers(id: number): OutboxAnswer[] {
    return this.s.answers.all(id).map(toAnswer);
  }

  /** How many unsent writes were made for another service than the connection's (held). */
  movedCount(): number {
    return this.order.movedCount();
  }

  /**
   * An administrator's choice for writes made for the connection's previous address or company
   * (all of them, or those in `ids`): 'send' binds them to the service as it is now (they go in
   * their turn), 'cancel' gives them up. Returns how many it changed.
   */
  resolveMoved(action: 'send' | 'cancel', ids?: readonly number[]): number {
    const n = resolveMovedWrites(this.ws.db, this.s, this.order, this.clock.now(), action, ids);
    this.notify();
    return n;
  }

  /** Why the queue stopped on its own, or null. */
  haltedBy(): AppErrorShape | null {
    return this.unauthorized.halted;
  }

  /**
   * Sends refused writes again and waiting ones now (all, or one by id). A refused write is not
   * sent again when a newer write of the same SKU and storage code was accepted since: it stays
   * refused with that reason (one by id: AppError conflict).
   */
  retry(id?: number): { retried: number; stale: number[] } {
    this.unauthorized.reset();
    const { retried, stale, refusal } = retryWrites(this.ws.db, this.s, this.order, this.clock.now(), id);
    this.notify();
    if (id !== undefined && refusal) throw new AppError(refusal.code, refusal.message, refusal.params);
    return { retried, stale };
  }

  cancel(id: number): boolean {
    const ok = this.s.cancel.run(this.clock.iso(), id).changes === 1;
    // The writes its refusal held back may go now.
    this.notify();
    return ok;
  }

  /** Waiting and refused writes; `moved` (only when there are any): held for an administrator (made for a previous address). */
  counts(): { pending: number; failed: number; moved?: number; halted?: AppErrorShape } {
    const c = this.s.counts.get() ?? { pending: 0, failed: 0 };
    const moved = c.pending + c.failed > 0 ? this.movedCount() : 0;
    // Why the queue stopped (the service refuses this user), as the event says it: outbox.counts
    // said `halted: null` while the queue stood still.
    const halted = this.unauthorized.halted;
    return { ...c, ...(moved > 0 ? { moved } : {}), ...(halted ? { halted } : {}) };
  }

  /**
   * Sends every write that is due, group heads first, until nothing is due. Resolves when the
   * queue is idle (or waiting for a retry time, or another process holds the queue). Safe to call
   * concurrently: one drain at a time.
   */
  drain(): Promise<void> {
    this.draining ??= this.doDrain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** Whether the last drain sent nothing because another process holds the queue. */
  lastDrainSkipped(): boolean {
    return this.skipped;
  }

  /** Whether this runner holds the queue (tests, the CLI's report). */
  holdsLease(): boolean {
    return this.lease.holds();
  }

  private async doDrain(): Promise<void> {
    this.skipped = false;
    if (this.closed || this.unauthorized.halted || !this.ctx.session.isSignedIn()) return;
    // Nothing due and nothing left "sending": no need to take the queue (a plain read).
    if (this.order.dueHeads(this.clock.now()).length === 0 && this.s.sending.all().length === 0) return;
    if (!this.takeLease()) {
      this.skipped = true;
      return;
    }
    this.lease.startHeartbeat(() => this.clock.now());
    try {
      for (;;) {
        if (this.closed || this.unauthorized.halted || !this.ctx.session.isSignedIn()) return;
        const heads = this.order.dueHeads(this.clock.now());
        if (heads.length === 0) return;
        // Groups are independent: send their heads side by side.
        const outcomes = await Promise.all(heads.map((row) => this.tries.send(row)));
        this.publish();
        if (outcomes.some((o) => o !== 'done')) return;
      }
    } finally {
      this.lease.stopHeartbeat();
      // An answer not yet written down keeps the queue: nobody else may send that write again.
      if (!this.closed && this.unrecorded.size === 0) this.lease.release();
    }
  }

  /** Takes the queue when it is free (lease.ts); otherwise looks again when it may be. */
  private takeLease(): boolean {
    const wait = this.lease.take(this.clock.now(), (id) => this.tries.has(id) || this.unrecorded.has(id));
    if (wait !== null) this.kickAt(wait);
    return wait === null;
  }

  private tryRelease() {
    if (this.unrecorded.size === 0 && this.tries.size === 0) this.lease.release();
  }

  private kickAt(delayMs: number) {
    if (this.stopped || this.closed) return;
    if (this.timer) return;
    this.kick(delayMs);
  }

  private kick(delayMs: number) {
    if (this.stopped || this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain()
        .catch((e: unknown) => this.ctx.options.log?.('outbox drain failed', e))
        .finally(() => {
          if (this.closed || this.unauthorized.halted || this.timer) return;
          // Another process (the CLI) may queue writes too: look again now and then when idle.
          const next = this.order.nextDue();
          this.kick(next !== null && next !== undefined ? Math.max(0, Math.min(next - this.clock.now(), IDLE_POLL_MS)) : IDLE_POLL_MS);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Retries that wait for the network go out at once when the service answers again. */
  online(): void {
    const now = this.clock.now();
    this.s.dueNow.run(now, now);
    this.kick(0);
  }

  private publish() {
    if (this.closed) return;
    const c = this.counts();
    this.ctx.status.setWrites(c.pending, c.failed);
    this.ctx.bus.emit('outbox.changed', { ...c, halted: this.unauthorized.halted });
  }

  /**
   * Waits (at most `ms`) for the write in flight to be answered and recorded, then closes. A
   * write still unanswered is abandoned: its row stays "sending" and the next runner sends it again.
   */
  async settle(ms = CLOSE_WAIT_MS): Promise<void> {
    this.stop();
    const d = this.draining;
    if (d) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([d.catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
      clearTimeout(timer);
    }
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.stop();
    this.closed = true;
    this.tries.close();
    this.unrecorded.close();
    this.lease.stopHeartbeat();
    // Anything still in flight or unrecorded is sent again by the next runner, which may take the
    // queue at once.
    this.lease.release();
  }
}

const createOutbox = (ws: Workspace, ctx: CoreContext) => new Outbox(ws, ctx);
export const outboxOf = (ws: Workspace, ctx: CoreContext) => ws.service(createOutbox, ws, ctx);
