import { randomUUID } from 'node:crypto';
import type { OutboxItem, OutboxState } from '../../../shared/domain/outbox';
import type { AppErrorShape } from '../../../shared/result';
import type { HttpResponse } from '../api/http';
import { backoffDelay, isTransientError } from '../api/retry';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';

/** Sends one queued write; returns the service's answer (any status) or throws AppError. */
export type Sender = (payload: unknown, ws: Workspace, ctx: CoreContext) => Promise<HttpResponse>;
/** Runs after the service accepted a write (in the same transaction that marks it sent). */
export type AfterSent = (payload: unknown, res: HttpResponse, ws: Workspace) => void;

const senders = new Map<string, { send: Sender; afterSent?: AfterSent }>();

/** Each kind of write registers how it is sent (inventory, products …). */
export function registerSender(kind: string, send: Sender, afterSent?: AfterSent): void {
  senders.set(kind, { send, afterSent });
}

interface Row {
  id: number;
  kind: string;
  group_key: string;
  payload: string;
  idempotency_key: string;
  state: OutboxState;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  response_status: number | null;
  response_body: string | null;
  summary: string;
  ref: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface EnqueueInput {
  kind: string;
  groupKey: string;
  payload: unknown;
  summary?: Record<string, string | number | boolean | null>;
  ref?: string | null;
}

const BASE_MS = 1_000;
/** Longest wait between two tries: short, because a warehouse wants its writes out soon after the network returns. */
const CAP_MS = 60_000;
const MAX_BODY = 20_000;

function toItem(r: Row): OutboxItem {
  return {
    id: r.id,
    kind: r.kind,
    groupKey: r.group_key,
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.state === 'pending' ? new Date(r.next_attempt_at).toISOString() : null,
    lastError: r.last_error ? (JSON.parse(r.last_error) as AppErrorShape) : null,
    responseStatus: r.response_status,
    responseBody: r.response_body,
    summary: JSON.parse(r.summary) as OutboxItem['summary'],
    ref: r.ref,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  };
}

/** A 2xx whose body still says it failed ({isSuccess:false} or the PIM's {IsSuccess:false}). */
function bodySaysFailure(json: unknown): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const o = json as Record<string, unknown>;
  return o.isSuccess === false || o.IsSuccess === false;
}

/**
 * The durable write queue of a workspace.
 *
 * - Stored first, sent later: `enqueue` only writes a row (call it inside the caller's transaction).
 * - Order per group: only the oldest unsent write of a group is sent; a later write of the same
 *   storage code never overtakes an earlier one. A write that failed for a business reason does
 *   not block its group (it waits for a person to retry or cancel it).
 * - Transient trouble (network, timeout, 5xx, 429) → retried with exponential backoff and full
 *   jitter, indefinitely: a write is never dropped. A 401 is handled by the session (one re-login);
 *   if the session has ended, the queue pauses until someone signs in again.
 * - A 2xx is accepted and its body kept; a 4xx or a body with isSuccess:false is a business
 *   failure, kept with the body for the person to see.
 */
export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private stopped = true;
  private readonly s;

  constructor(
    private ws: Workspace,
    private ctx: CoreContext,
    private random: () => number = Math.random,
  ) {
    const db = ws.db;
    this.s = {
      insert: db.prepare(
        `INSERT INTO outbox (kind, group_key, payload, idempotency_key, state, next_attempt_at, summary, ref, created_at, updated_at)
         VALUES (@kind, @groupKey, @payload, @key, 'pending', @now, @summary, @ref, @iso, @iso)`,
      ),
      // The head of every group: the oldest write that is pending or being sent.
      heads: db.prepare<[number], Row>(
        `SELECT o.* FROM outbox o
         WHERE o.state = 'pending' AND o.next_attempt_at <= ?
           AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.group_key = o.group_key AND e.id < o.id AND e.state IN ('pending', 'sending'))
         ORDER BY o.id`,
      ),
      nextDue: db.prepare<[], { at: number | null }>("SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'"),
      mark: db.prepare<[OutboxState, string, number]>('UPDATE outbox SET state = ?, updated_at = ? WHERE id = ?'),
      sent: db.prepare<[number, string | null, string, string, number]>(
        "UPDATE outbox SET state = 'sent', response_status = ?, response_body = ?, last_error = NULL, sent_at = ?, updated_at = ? WHERE id = ?",
      ),
      failed: db.prepare<[number | null, string | null, string, string, number]>(
        "UPDATE outbox SET state = 'failed', response_status = ?, response_body = ?, last_error = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?",
      ),
      later: db.prepare<[number, string, string, number]>(
        "UPDATE outbox SET state = 'pending', attempts = attempts + 1, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ?",
      ),
      paused: db.prepare<[string, string, number]>("UPDATE outbox SET state = 'pending', last_error = ?, updated_at = ? WHERE id = ?"),
      recover: db.prepare("UPDATE outbox SET state = 'pending' WHERE state = 'sending'"),
      counts: db.prepare<[], { pending: number; failed: number }>(
        "SELECT coalesce(sum(state IN ('pending', 'sending')), 0) AS pending, coalesce(sum(state = 'failed'), 0) AS failed FROM outbox",
      ),
      list: db.prepare<{ kind: string | null; ref: string | null; limit: number }, Row>(
        'SELECT * FROM outbox WHERE (@kind IS NULL OR kind = @kind) AND (@ref IS NULL OR ref = @ref) ORDER BY id DESC LIMIT @limit',
      ),
      get: db.prepare<[number], Row>('SELECT * FROM outbox WHERE id = ?'),
      retryOne: db.prepare<[number, string, number]>(
        "UPDATE outbox SET state = 'pending', next_attempt_at = ?, updated_at = ? WHERE id = ? AND state IN ('pending', 'failed')",
      ),
      retryAll: db.prepare<[number, string]>(
        "UPDATE outbox SET state = 'pending', next_attempt_at = ?, updated_at = ? WHERE state IN ('pending', 'failed')",
      ),
      dueNow: db.prepare<[number, number]>("UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending' AND next_attempt_at > ?"),
      cancel: db.prepare<[string, number]>(
        "UPDATE outbox SET state = 'cancelled', updated_at = ? WHERE id = ? AND state IN ('pending', 'failed')",
      ),
    };
    // A write caught mid-send by a crash is sent again: both service writes are idempotent
    // (inventory sets a quantity, product save upserts).
    this.s.recover.run();
    this.publish();
  }

  enqueue(input: EnqueueInput): number {
    const now = Date.now();
    const id = Number(
      this.s.insert.run({
        kind: input.kind,
        groupKey: input.groupKey,
        payload: JSON.stringify(input.payload),
        key: randomUUID(),
        now,
        summary: JSON.stringify(input.summary ?? {}),
        ref: input.ref ?? null,
        iso: new Date(now).toISOString(),
      }).lastInsertRowid,
    );
    return id;
  }

  /** Call after the transaction that enqueued has committed. */
  notify(): void {
    this.publish();
    this.kick(0);
  }

  start(): void {
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
    const items = rows.map(toItem);
    return (opts.states ? items.filter((i) => opts.states!.includes(i.state)) : items).slice(0, opts.limit);
  }

  get(id: number): OutboxItem | null {
    const r = this.s.get.get(id);
    return r ? toItem(r) : null;
  }

  retry(id?: number): number {
    const now = Date.now();
    const n =
      id === undefined
        ? this.s.retryAll.run(now, new Date(now).toISOString()).changes
        : this.s.retryOne.run(now, new Date(now).toISOString(), id).changes;
    this.notify();
    return n;
  }

  cancel(id: number): boolean {
    const ok = this.s.cancel.run(new Date().toISOString(), id).changes === 1;
    this.publish();
    return ok;
  }

  counts(): { pending: number; failed: number } {
    return this.s.counts.get() ?? { pending: 0, failed: 0 };
  }

  /**
   * Sends every write that is due, group heads first, until nothing is due. Resolves when the
   * queue is idle (or waiting for a retry time). Safe to call concurrently: one drain at a time.
   */
  drain(): Promise<void> {
    this.draining ??= this.doDrain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async doDrain(): Promise<void> {
    for (;;) {
      if (!this.ctx.session.isSignedIn()) return;
      const heads = this.s.heads.all(Date.now());
      if (heads.length === 0) return;
      // Groups are independent: send their heads side by side.
      const outcomes = await Promise.all(heads.map((row) => this.sendOne(row)));
      this.publish();
      if (outcomes.includes('paused')) return;
    }
  }

  private async sendOne(row: Row): Promise<'done' | 'later' | 'paused'> {
    const iso = () => new Date().toISOString();
    const sender = senders.get(row.kind);
    if (!sender) {
      this.s.failed.run(null, null, JSON.stringify({ code: 'internal', message: `no sender for ${row.kind}` }), iso(), row.id);
      return 'done';
    }
    this.s.mark.run('sending', iso(), row.id);
    try {
      const payload: unknown = JSON.parse(row.payload);
      const res = await sender.send(payload, this.ws, this.ctx);
      const body = res.text.length > MAX_BODY ? `${res.text.slice(0, MAX_BODY)}…` : res.text;
      if (res.status >= 200 && res.status < 300 && !bodySaysFailure(res.json)) {
        this.ws.db.transaction(() => {
          this.s.sent.run(res.status, body || null, iso(), iso(), row.id);
          sender.afterSent?.(payload, res, this.ws);
        })();
        return 'done';
      }
      if (res.status === 408 || res.status === 429 || res.status >= 500) {
        throw new AppError('service_error', `HTTP ${res.status}`, { status: res.status });
      }
      const error: AppErrorShape = {
        code: 'service_error',
        message: `the service refused the write (HTTP ${res.status})`,
        params: { status: res.status },
      };
      this.s.failed.run(res.status, body || null, JSON.stringify(error), iso(), row.id);
      return 'done';
    } catch (e) {
      const shape: AppErrorShape =
        e instanceof AppError ? e.toShape() : { code: 'internal', message: e instanceof Error ? e.message : String(e) };
      if (e instanceof AppError && (e.code === 'session_expired' || e.code === 'not_signed_in')) {
        // Paused until someone signs in again; the write keeps its place.
        this.s.paused.run(JSON.stringify(shape), iso(), row.id);
        return 'paused';
      }
      if (isTransientError(e)) {
        const delay = Math.max(250, backoffDelay(row.attempts, BASE_MS, CAP_MS, this.random));
        this.s.later.run(Date.now() + delay, JSON.stringify(shape), iso(), row.id);
        return 'later';
      }
      this.s.failed.run(null, null, JSON.stringify(shape), iso(), row.id);
      return 'done';
    }
  }

  private kick(delayMs: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain()
        .catch((e: unknown) => this.ctx.options.log?.('outbox drain failed', e))
        .finally(() => {
          const next = this.s.nextDue.get()?.at;
          if (next !== null && next !== undefined) this.kick(Math.max(0, next - Date.now()));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Retries that wait for the network go out at once when the service answers again. */
  online(): void {
    const now = Date.now();
    this.s.dueNow.run(now, now);
    this.kick(0);
  }

  private publish() {
    const c = this.counts();
    this.ctx.status.setWrites(c.pending, c.failed);
    this.ctx.bus.emit('outbox.changed', c);
  }

  close(): void {
    this.stop();
  }
}

export const outboxOf = (ws: Workspace, ctx: CoreContext) => ws.service('outbox', () => new Outbox(ws, ctx));
