import { nodeCrypto } from '../builtins';
import { hostname } from 'node:os';
import type { OutboxItem, OutboxState } from '../../../shared/domain/outbox';
import type { AppErrorShape } from '../../../shared/result';
import type { AnswerHeaders, Verdict } from '../../../shared/service/classify';
import { answerHeaders, type HttpResponse } from '../api/http';
import { backoffDelay, isTransientError } from '../api/retry';
import type { CoreContext } from '../context';
import { pidAlive } from '../process-alive';
import { OUTBOX_LEASE_SQL } from '../db/migrations/workspace/008-outbox-lease';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';

/** What a sender gets besides the payload: the write's stored key and a signal that ends the request on close. */
export interface SendMeta {
  /** Sent as the Idempotency-Key header, so a service that honours it makes a re-send harmless. */
  idempotencyKey: string;
  signal: AbortSignal;
}
/** Sends one queued write; returns the service's answer (any status) or throws AppError. */
export type Sender = (payload: unknown, ws: Workspace, ctx: CoreContext, meta: SendMeta) => Promise<HttpResponse>;
/** Runs after the service accepted a write (in the same transaction that marks it sent). */
export type AfterSent = (payload: unknown, res: HttpResponse, ws: Workspace) => void;
/**
 * What a write sets on the service (e.g. "A-01\u0000SKU1" for a quantity): a refused write is not
 * sent again when a newer write of the same group that sets one of these was accepted since.
 * Without it, any newer accepted write of the group counts.
 */
export type Keys = (payload: unknown) => string[];

/**
 * What a refused write holds back: every later write of its group ('group', inventory: a storage
 * code's counts go in order or not at all), or only later writes that set one of the same keys
 * ('keys', products: a refused model does not stop unrelated products).
 */
export type RefusalBlocks = 'group' | 'keys';

/**
 * How one kind of write is sent (inventory, products …): declared by its feature as
 * `Feature.senders` and gathered by createCore into `ctx.senders`.
 */
export interface OutboxSender {
  kind: string;
  send: Sender;
  /** The operation's one reading of an answer (`classify` of src/shared/service/<operation>.ts). */
  classify: (status: number, headers: AnswerHeaders, text: string) => Verdict;
  afterSent?: AfterSent;
  keys?: Keys;
  /** Only with `keys`; without them a refusal blocks its group. */
  refusalBlocks?: RefusalBlocks;
}

const blocksBy = (s: OutboxSender | undefined): RefusalBlocks => (s?.keys ? (s.refusalBlocks ?? 'group') : 'group');

/** The header of the IETF draft "The Idempotency-Key HTTP Header Field". */
export const idempotencyHeader = (meta: SendMeta) => ({ 'idempotency-key': meta.idempotencyKey });

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
/** How long a runner's claim on the queue lasts without renewal; renewed every third of it while sending. */
export const LEASE_MS = 30_000;
/**
 * A write found "sending" when the queue is taken (the app stopped mid-send) goes again on its own
 * only when its sending began less than this long ago; an older one waits for a person.
 */
export const ANSWER_UNKNOWN_AFTER_MS = 10 * 60_000;

/** While another process holds the queue, look again this often (it releases the queue when idle). */
const LEASE_POLL_MS = 5_000;
/** While idle, look for writes queued by another process this often. */
const IDLE_POLL_MS = 15_000;
/** A fresh token refused for a write this many times in a row stops the queue (no login storm). */
const MAX_UNAUTHORIZED = 3;
/** How long closing waits for a write in flight before abandoning it (it is sent again later). */
export const CLOSE_WAIT_MS = 2_000;

/** Why a write is where it is, for people (translated as errors.outbox.<reason>). */
export type OutboxReason = NonNullable<OutboxItem['reason']>;

/** An answer of the service that could not be written down yet (database busy, disk full). */
interface Unrecorded {
  outcome: Outcome;
  error: string;
}

type Outcome =
  | { kind: 'sent'; status: number; body: string | null; res: HttpResponse; error?: undefined }
  | { kind: 'failed'; status: number | null; body: string | null; error: AppErrorShape }
  /** status/body: the answer that said "later" (kept for the person to see), absent for network trouble. */
  | { kind: 'later'; delay: number; error: AppErrorShape; status?: number; body?: string | null }
  | { kind: 'paused'; error: AppErrorShape };

const reasonOf = (e: AppErrorShape | null): OutboxReason | null => {
  const r = e?.params?.reason;
  return r === 'stale' ||
    r === 'unauthorized' ||
    r === 'unrecorded' ||
    r === 'refused' ||
    r === 'answer_unknown' ||
    r === 'recovered' ||
    r === 'from_backup'
    ? r
    : null;
};

function toItem(r: Row & { blocked_by?: number | null }): OutboxItem {
  const lastError = r.last_error ? (JSON.parse(r.last_error) as AppErrorShape) : null;
  const blockedBy = r.state === 'pending' ? (r.blocked_by ?? null) : null;
  return {
    id: r.id,
    kind: r.kind,
    groupKey: r.group_key,
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.state === 'pending' ? new Date(r.next_attempt_at).toISOString() : null,
    lastError,
    responseStatus: r.response_status,
    responseBody: r.response_body,
    summary: JSON.parse(r.summary) as OutboxItem['summary'],
    ref: r.ref,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    blockedBy,
    reason: blockedBy !== null ? 'blocked' : r.state === 'failed' ? (reasonOf(lastError) ?? 'refused') : reasonOf(lastError),
  };
}

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
  private recordTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private stopped = true;
  private closed = false;
  private readonly abort = new AbortController();
  private readonly owner = `${hostname()}:${process.pid}:${nodeCrypto().randomUUID().slice(0, 8)}`;
  /** Rows this runner is sending right now. */
  private readonly inflight = new Set<number>();
  private skipped = false;
  private readonly unrecorded = new Map<number, Unrecorded>();
  private unauthorizedStreak = 0;
  /** Why the queue stopped on its own (the service refuses this user); cleared by retry or a new sign-in. */
  private halted: AppErrorShape | null = null;
  private readonly s;

  constructor(
    private ws: Workspace,
    private ctx: CoreContext,
    private random: () => number = Math.random,
    /** The kinds of write this queue sends (the features' senders; a test may add its own). */
    private senders: ReadonlyMap<string, OutboxSender> = ctx.senders,
  ) {
    const db = ws.db;
    // A database that reached a later version before 008 was added (development builds) lacks it.
    db.exec(OUTBOX_LEASE_SQL);
    // An older write of its group still pending or being sent comes first (refusals: see blockerOf).
    const blocked = `EXISTS (SELECT 1 FROM outbox e WHERE e.group_key = o.group_key AND e.id < o.id AND e.state IN ('pending', 'sending'))`;
    this.s = {
      insert: db.prepare(
        `INSERT INTO outbox (kind, group_key, payload, idempotency_key, state, next_attempt_at, summary, ref, created_at, updated_at)
         VALUES (@kind, @groupKey, @payload, @key, 'pending', @now, @summary, @ref, @iso, @iso)`,
      ),
      // The head of every group: the oldest write that is pending, being sent or refused.
      heads: db.prepare<[number], Row>(
        `SELECT o.* FROM outbox o WHERE o.state = 'pending' AND o.next_attempt_at <= ? AND NOT ${blocked} ORDER BY o.id`,
      ),
      waiting: db.prepare<[], Row>(`SELECT o.* FROM outbox o WHERE o.state = 'pending' AND NOT ${blocked} ORDER BY o.id`),
      mark: db.prepare<[string, number]>("UPDATE outbox SET state = 'sending', updated_at = ? WHERE id = ? AND state = 'pending'"),
      sent: db.prepare<[number, string | null, string, string, number]>(
        "UPDATE outbox SET state = 'sent', response_status = ?, response_body = ?, last_error = NULL, sent_at = ?, updated_at = ? WHERE id = ? AND state IN ('sending', 'pending')",
      ),
      failed: db.prepare<[number | null, string | null, string, string, number]>(
        "UPDATE outbox SET state = 'failed', response_status = ?, response_body = ?, last_error = ?, attempts = attempts + 1, updated_at = ? WHERE id = ? AND state IN ('sending', 'pending')",
      ),
      later: db.prepare<[number, string, number | null, string | null, string, number]>(
        "UPDATE outbox SET state = 'pending', attempts = attempts + 1, next_attempt_at = ?, last_error = ?, response_status = coalesce(?, response_status), response_body = coalesce(?, response_body), updated_at = ? WHERE id = ? AND state IN ('sending', 'pending')",
      ),
      paused: db.prepare<[string, string, number]>(
        "UPDATE outbox SET state = 'pending', last_error = ?, updated_at = ? WHERE id = ? AND state IN ('sending', 'pending')",
      ),
      sending: db.prepare<[], { id: number; updated_at: string }>("SELECT id, updated_at FROM outbox WHERE state = 'sending'"),
      recover: db.prepare<[number]>("UPDATE outbox SET state = 'pending' WHERE id = ? AND state = 'sending'"),
      unknown: db.prepare<[string, string, number]>(
        "UPDATE outbox SET state = 'failed', last_error = ?, attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'sending'",
      ),
      lease: db.prepare<[], { owner: string; host: string; pid: number; expires_at: number }>('SELECT * FROM outbox_lease WHERE id = 1'),
      take: db.prepare<[string, string, number, number]>(
        'INSERT INTO outbox_lease (id, owner, host, pid, expires_at) VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, host = excluded.host, pid = excluded.pid, expires_at = excluded.expires_at',
      ),
      renew: db.prepare<[number, string]>('UPDATE outbox_lease SET expires_at = ? WHERE owner = ?'),
      release: db.prepare<[string]>('DELETE FROM outbox_lease WHERE owner = ?'),
      counts: db.prepare<[], { pending: number; failed: number }>(
        "SELECT coalesce(sum(state IN ('pending', 'sending')), 0) AS pending, coalesce(sum(state = 'failed'), 0) AS failed FROM outbox",
      ),
      list: db.prepare<{ kind: string | null; ref: string | null; limit: number }, Row>(
        `SELECT o.* FROM outbox o WHERE (@kind IS NULL OR o.kind = @kind) AND (@ref IS NULL OR o.ref = @ref) ORDER BY o.id DESC LIMIT @limit`,
      ),
      get: db.prepare<[number], Row>('SELECT * FROM outbox WHERE id = ?'),
      pendingDue: db.prepare<[number], Row>("SELECT * FROM outbox WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY id"),
      pendingAll: db.prepare<[], Row>("SELECT * FROM outbox WHERE state = 'pending' ORDER BY id"),
      olderOpen: db.prepare<[string, number], Row>(
        "SELECT * FROM outbox WHERE group_key = ? AND id < ? AND state IN ('pending', 'sending', 'failed') ORDER BY id",
      ),
      olderRefused: db.prepare<[string, number], Row>(
        "SELECT * FROM outbox WHERE group_key = ? AND id < ? AND state = 'failed' ORDER BY id",
      ),
      // Newer writes of the same group the service accepted (to refuse a stale retry).
      newerSent: db.prepare<[string, number], Row>(
        "SELECT * FROM outbox WHERE group_key = ? AND id > ? AND state = 'sent' ORDER BY id DESC",
      ),
      failedRows: db.prepare<[], Row>("SELECT * FROM outbox WHERE state = 'failed' ORDER BY id"),
      retryOne: db.prepare<[number, string, number]>(
        "UPDATE outbox SET state = 'pending', next_attempt_at = ?, updated_at = ? WHERE id = ? AND state IN ('pending', 'failed')",
      ),
      stale: db.prepare<[string, string, number]>("UPDATE outbox SET last_error = ?, updated_at = ? WHERE id = ? AND state = 'failed'"),
      dueNow: db.prepare<[number, number]>("UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending' AND next_attempt_at > ?"),
      cancel: db.prepare<[string, number]>(
        "UPDATE outbox SET state = 'cancelled', updated_at = ? WHERE id = ? AND state IN ('pending', 'failed')",
      ),
    };
    // A write caught mid-send by a runner that is gone is sent again: both service writes set a
    // value (inventory a quantity, product save an upsert) and carry their Idempotency-Key.
    if (this.takeLease()) this.releaseLease();
    this.publish();
  }

  enqueue(input: EnqueueInput): number {
    const now = Date.now();
    const id = Number(
      this.s.insert.run({
        kind: input.kind,
        groupKey: input.groupKey,
        payload: JSON.stringify(input.payload),
        key: nodeCrypto().randomUUID(),
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
    const items = rows.map((r) => this.overlay(toItem({ ...r, blocked_by: this.blockerOf(r) })));
    return (opts.states ? items.filter((i) => opts.states!.includes(i.state)) : items).slice(0, opts.limit);
  }

  get(id: number): OutboxItem | null {
    const r = this.s.get.get(id);
    return r ? this.overlay(toItem({ ...r, blocked_by: this.blockerOf(r) })) : null;
  }

  /** Why the queue stopped on its own, or null. */
  haltedBy(): AppErrorShape | null {
    return this.halted;
  }

  /**
   * Sends refused writes again and waiting ones now (all, or one by id). A refused write is not
   * sent again when a newer write of the same SKU and storage code was accepted since: it stays
   * refused with that reason (one by id: AppError conflict).
   */
  retry(id?: number): { retried: number; stale: number[] } {
    this.halted = null;
    this.unauthorizedStreak = 0;
    const now = Date.now();
    const iso = new Date(now).toISOString();
    const stale: number[] = [];
    let retried = 0;
    let refusal: AppErrorShape | null = null;
    this.ws.db.transaction(() => {
      const one = id === undefined ? undefined : this.s.get.get(id);
      const failed: Row[] = id === undefined ? this.s.failedRows.all() : one?.state === 'failed' ? [one] : [];
      for (const row of failed) {
        const newer = this.newerAccepted(row);
        if (newer) {
          this.s.stale.run(JSON.stringify(newer), iso, row.id);
          stale.push(row.id);
          refusal = newer;
        } else retried += this.s.retryOne.run(now, iso, row.id).changes;
      }
      if (id === undefined) retried += this.s.dueNow.run(now, now).changes;
      else if (failed.length === 0) retried += this.s.retryOne.run(now, iso, id).changes;
    })();
    this.notify();
    if (id !== undefined && refusal) {
      const r: AppErrorShape = refusal;
      throw new AppError(r.code, r.message, r.params);
    }
    return { retried, stale };
  }

  cancel(id: number): boolean {
    const ok = this.s.cancel.run(new Date().toISOString(), id).changes === 1;
    // The writes its refusal held back may go now.
    this.notify();
    return ok;
  }

  counts(): { pending: number; failed: number } {
    return this.s.counts.get() ?? { pending: 0, failed: 0 };
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
    return this.s.lease.get()?.owner === this.owner;
  }

  private async doDrain(): Promise<void> {
    this.skipped = false;
    if (this.closed || this.halted || !this.ctx.session.isSignedIn()) return;
    // Nothing due and nothing left "sending": no need to take the queue (a plain read).
    if (this.dueHeads().length === 0 && this.s.sending.all().length === 0) return;
    if (!this.takeLease()) {
      this.skipped = true;
      return;
    }
    this.heartbeat = setInterval(() => this.renewLease(), LEASE_MS / 3);
    this.heartbeat.unref();
    try {
      for (;;) {
        if (this.closed || this.halted || !this.ctx.session.isSignedIn()) return;
        const heads = this.dueHeads();
        if (heads.length === 0) return;
        // Groups are independent: send their heads side by side.
        const outcomes = await Promise.all(heads.map((row) => this.sendOne(row)));
        this.publish();
        if (outcomes.some((o) => o !== 'done')) return;
      }
    } finally {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      // An answer not yet written down keeps the queue: nobody else may send that write again.
      if (!this.closed && this.unrecorded.size === 0) this.releaseLease();
    }
  }

  /** The refused write that holds this pending one back, or null (see RefusalBlocks). */
  private blockerOf(row: Row): number | null {
    if (row.state !== 'pending') return null;
    const older = this.s.olderRefused.all(row.group_key, row.id);
    if (older.length === 0) return null;
    const sender = this.senders.get(row.kind);
    if (!sender || blocksBy(sender) === 'group' || !sender.keys) return older[0]!.id;
    const mine = new Set(sender.keys(JSON.parse(row.payload)));
    return older.find((o) => o.kind !== row.kind || sender.keys!(JSON.parse(o.payload)).some((k) => mine.has(k)))?.id ?? null;
  }

  private keyed(row: Row): boolean {
    return blocksBy(this.senders.get(row.kind)) === 'keys';
  }

  /** For kinds that name their keys: no older write of the group that sets one of them is unfinished. */
  private keysFree(row: Row): boolean {
    const keys = this.senders.get(row.kind)!.keys!;
    const mine = new Set(keys(JSON.parse(row.payload)));
    return !this.s.olderOpen
      .all(row.group_key, row.id)
      .some((o) => o.kind !== row.kind || keys(JSON.parse(o.payload)).some((k) => mine.has(k)));
  }

  /**
   * Writes that may go now: the head of each group (not held back by a refused write), and for
   * kinds that name their keys every write whose keys no older unfinished write of its group sets.
   */
  private dueHeads(): Row[] {
    const now = Date.now();
    const heads = this.s.heads.all(now).filter((r) => !this.keyed(r) && this.blockerOf(r) === null);
    // One at a time per group still (a big product send is not fired all at once).
    const seen = new Set<string>();
    const keyed = this.s.pendingDue.all(now).filter((r) => {
      if (!this.keyed(r) || seen.has(r.group_key) || !this.keysFree(r)) return false;
      seen.add(r.group_key);
      return true;
    });
    return [...heads, ...keyed].sort((a, b) => a.id - b.id);
  }

  /** When the next write can go (null: nothing can go without a person). */
  private nextDue(): number | null {
    const waiting = this.s.waiting.all().filter((r) => !this.keyed(r) && this.blockerOf(r) === null);
    const keyed = this.s.pendingAll.all().filter((r) => this.keyed(r) && this.keysFree(r));
    const due = [...waiting, ...keyed].map((r) => r.next_attempt_at);
    return due.length > 0 ? Math.min(...due) : null;
  }

  private async sendOne(row: Row): Promise<'done' | 'stop'> {
    const iso = () => new Date().toISOString();
    const sender = this.senders.get(row.kind);
    if (!sender) {
      this.record(row, { kind: 'failed', status: null, body: null, error: { code: 'internal', message: `no sender for ${row.kind}` } });
      return 'done';
    }
    try {
      if (this.s.mark.run(iso(), row.id).changes !== 1) return 'done';
    } catch (e) {
      this.ctx.options.log?.('outbox: cannot mark a write as sending (database busy or full); trying later', e);
      return 'stop';
    }
    this.inflight.add(row.id);
    let outcome: Outcome;
    try {
      const payload: unknown = JSON.parse(row.payload);
      const res = await sender.send(payload, this.ws, this.ctx, { idempotencyKey: row.idempotency_key, signal: this.abort.signal });
      outcome = this.judge(row, res, sender);
      if (outcome.kind !== 'failed' || outcome.error.params?.reason !== 'unauthorized') this.unauthorizedStreak = 0;
    } catch (e) {
      outcome = this.judgeError(row, e);
    } finally {
      this.inflight.delete(row.id);
    }
    // Closed meanwhile: the database is gone. The row stays "sending" and is sent again later.
    if (this.closed) return 'stop';
    if (!this.record(row, outcome)) return 'stop';
    return outcome.kind === 'paused' || outcome.error?.params?.reason === 'unauthorized' ? 'stop' : 'done';
  }

  /** The operation's classify says what the answer means; the queue decides what to do with it. */
  private judge(row: Row, res: HttpResponse, sender: OutboxSender): Outcome {
    const body = res.text.length > MAX_BODY ? `${res.text.slice(0, MAX_BODY)}…` : res.text;
    const v = sender.classify(res.status, answerHeaders(res), res.text);
    switch (v.kind) {
      case 'accepted':
        return { kind: 'sent', status: res.status, body: body || null, res };
      case 'later': {
        const error: AppErrorShape = {
          code: 'service_error',
          message: `HTTP ${res.status}${v.reason ? `: ${v.reason}` : ''}`,
          params: { status: res.status },
        };
        const backoff = Math.max(250, backoffDelay(row.attempts, BASE_MS, CAP_MS, this.random));
        const wait = v.retryAfterMs;
        return {
          kind: 'later',
          delay: wait !== null ? Math.min(Math.max(wait, 250), 10 * CAP_MS) : backoff,
          error,
          status: res.status,
          body: body || null,
        };
      }
      case 'sign_in':
        // The session already signed in again once for this write (Session.authorized).
        return this.judgeError(
          row,
          new AppError('forbidden', 'the service refused a fresh token', { status: 401, reason: 'unauthorized' }),
        );
      case 'refused': {
        const error: AppErrorShape = {
          code: 'service_error',
          message: `the service refused the write (HTTP ${res.status})${v.reason ? `: ${v.reason}` : ''}`,
          // The service's own words, for the person who fixes what it refused (Products' "Open to fix").
          params: { status: res.status, reason: 'refused', ...(v.reason ? { said: v.reason.slice(0, 1000) } : {}) },
        };
        return { kind: 'failed', status: res.status, body: body || null, error };
      }
    }
  }

  private judgeError(row: Row, e: unknown): Outcome {
    const shape: AppErrorShape =
      e instanceof AppError ? e.toShape() : { code: 'internal', message: e instanceof Error ? e.message : String(e) };
    if (e instanceof AppError && (e.code === 'session_expired' || e.code === 'not_signed_in')) {
      // Paused until someone signs in again; the write keeps its place.
      return { kind: 'paused', error: shape };
    }
    if (e instanceof AppError && e.code === 'forbidden' && e.params?.reason === 'unauthorized') {
      // A fresh token refused for this write: an attempt, with backoff; after a few the queue stops.
      if (this.halted) return { kind: 'paused', error: this.halted };
      this.unauthorizedStreak++;
      if (this.unauthorizedStreak >= MAX_UNAUTHORIZED) {
        const error: AppErrorShape = {
          code: 'forbidden',
          message: `the service refuses this user for ${row.kind} writes (HTTP 401 with a fresh sign-in, ${this.unauthorizedStreak} times)`,
          params: { status: 401, reason: 'unauthorized', kind: row.kind },
        };
        this.halted = error;
        return { kind: 'failed', status: 401, body: null, error };
      }
      return { kind: 'later', delay: Math.max(1_000, backoffDelay(row.attempts + 1, BASE_MS, CAP_MS, this.random)), error: shape };
    }
    if (isTransientError(e))
      return { kind: 'later', delay: Math.max(250, backoffDelay(row.attempts, BASE_MS, CAP_MS, this.random)), error: shape };
    return { kind: 'failed', status: null, body: null, error: shape };
  }

  /** Writes an outcome down; when the database does not take it, keeps it and tries again. */
  private record(row: Row, outcome: Outcome): boolean {
    try {
      this.apply(row, outcome);
      this.unrecorded.delete(row.id);
      return true;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (!this.unrecorded.has(row.id))
        this.ctx.options.log?.(`outbox: the answer to write #${row.id} cannot be recorded yet (${message})`, e);
      this.unrecorded.set(row.id, { outcome, error: message });
      this.scheduleRecord(row);
      return false;
    }
  }

  private apply(row: Row, outcome: Outcome) {
    const iso = new Date().toISOString();
    const sender = this.senders.get(row.kind);
    this.ws.db.transaction(() => {
      switch (outcome.kind) {
        case 'sent':
          if (this.s.sent.run(outcome.status, outcome.body, iso, iso, row.id).changes === 1)
            sender?.afterSent?.(JSON.parse(row.payload), outcome.res, this.ws);
          break;
        case 'failed':
          this.s.failed.run(outcome.status, outcome.body, JSON.stringify(outcome.error), iso, row.id);
          break;
        case 'later':
          this.s.later.run(
            Date.now() + outcome.delay,
            JSON.stringify(outcome.error),
            outcome.status ?? null,
            outcome.body ?? null,
            iso,
            row.id,
          );
          break;
        case 'paused':
          this.s.paused.run(JSON.stringify(outcome.error), iso, row.id);
          break;
      }
    })();
  }

  private scheduleRecord(row: Row) {
    if (this.recordTimer || this.closed) return;
    this.recordTimer = setTimeout(() => {
      this.recordTimer = null;
      if (this.closed) return;
      for (const [id, u] of [...this.unrecorded]) {
        const r = this.s.get.get(id) ?? row;
        if (!this.record(r, u.outcome)) return;
      }
      this.publish();
      if (this.unrecorded.size === 0 && !this.draining) {
        this.tryRelease();
        this.kick(0);
      }
    }, 1_000);
    this.recordTimer.unref();
  }

  private overlay(item: OutboxItem): OutboxItem {
    const u = this.unrecorded.get(item.id);
    if (!u) return item;
    return {
      ...item,
      state: 'sending',
      reason: 'unrecorded',
      lastError: {
        code: 'unavailable',
        message: `the service answered; the answer is recorded as soon as the database takes it (${u.error})`,
        params: { reason: 'unrecorded' },
      },
    };
  }

  /** A newer accepted write of the same group that sets what this one sets, as the reason to refuse a retry. */
  private newerAccepted(row: Row): AppErrorShape | null {
    const keys = this.senders.get(row.kind)?.keys;
    const mine = keys ? new Set(keys(JSON.parse(row.payload))) : null;
    for (const n of this.s.newerSent.all(row.group_key, row.id)) {
      const theirs = keys ? keys(JSON.parse(n.payload)) : [];
      const shared = mine ? theirs.find((k) => mine.has(k)) : undefined;
      if (mine && shared === undefined) continue;
      const [storageCode, sku] = shared?.split('\u0000') ?? [];
      return {
        code: 'conflict',
        message: `a newer write (#${n.id}${sku ? `, ${sku} at ${storageCode}` : ''}) was sent on ${n.sent_at}; sending this older one would overwrite it`,
        params: { reason: 'stale', newerId: n.id, sentAt: n.sent_at ?? '', sku: sku ?? '', storageCode: storageCode ?? '' },
      };
    }
    return null;
  }

  /**
   * Takes the queue (in an immediate transaction) when it is free, ours, expired, or held by a
   * process of this computer that is gone. Taking it over from someone else puts the writes they
   * left "sending" back in line.
   */
  private takeLease(): boolean {
    try {
      return this.ws.db.transaction(() => {
        const now = Date.now();
        const l = this.s.lease.get();
        const mine = l?.owner === this.owner;
        const free = !l || l.expires_at <= now || (l.host === hostname() && !pidAlive(l.pid));
        if (!mine && !free) {
          this.kickAt(Math.min(Math.max(1_000, l.expires_at - now), LEASE_POLL_MS));
          return false;
        }
        this.s.take.run(this.owner, hostname(), process.pid, now + LEASE_MS);
        for (const { id, updated_at } of this.s.sending.all()) {
          if (this.inflight.has(id) || this.unrecorded.has(id)) continue;
          if (now - Date.parse(updated_at) < ANSWER_UNKNOWN_AFTER_MS) {
            this.s.recover.run(id);
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
          this.s.unknown.run(JSON.stringify(error), new Date(now).toISOString(), id);
        }
        return true;
      })();
    } catch (e) {
      this.ctx.options.log?.('outbox: cannot take the queue (database busy or full); trying later', e);
      this.kickAt(LEASE_POLL_MS);
      return false;
    }
  }

  private renewLease() {
    try {
      this.s.renew.run(Date.now() + LEASE_MS, this.owner);
    } catch (e) {
      this.ctx.options.log?.('outbox: cannot renew the queue lease', e);
    }
  }

  private releaseLease() {
    try {
      this.s.release.run(this.owner);
    } catch (e) {
      this.ctx.options.log?.('outbox: cannot release the queue lease', e);
    }
  }

  private tryRelease() {
    if (this.unrecorded.size === 0 && this.inflight.size === 0) this.releaseLease();
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
          if (this.closed || this.halted || this.timer) return;
          // Another process (the CLI) may queue writes too: look again now and then when idle.
          const next = this.nextDue();
          this.kick(next !== null && next !== undefined ? Math.max(0, Math.min(next - Date.now(), IDLE_POLL_MS)) : IDLE_POLL_MS);
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
    if (this.closed) return;
    const c = this.counts();
    this.ctx.status.setWrites(c.pending, c.failed);
    this.ctx.bus.emit('outbox.changed', { ...c, halted: this.halted });
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
    this.abort.abort(new AppError('unavailable', 'the workspace was closed', { reason: 'workspace_closed' }));
    if (this.recordTimer) clearTimeout(this.recordTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    // Anything still in flight or unrecorded is sent again by the next runner, which may take the
    // queue at once.
    this.releaseLease();
  }
}

const createOutbox = (ws: Workspace, ctx: CoreContext) => new Outbox(ws, ctx);
export const outboxOf = (ws: Workspace, ctx: CoreContext) => ws.service(createOutbox, ws, ctx);
