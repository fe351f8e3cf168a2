import type { OutboxAnswer, OutboxItem, OutboxState } from '../../../shared/domain/outbox';
import type { AppErrorShape } from '../../../shared/result';
import type { Db } from '../db/open';
import type { BoundService, OutboxReason } from './types';
import { instantAt, type Instant } from '../../../shared/domain/time';

/** A row of the outbox table (migrations 002, 008, 021). */
export interface Row {
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
  created_at: Instant;
  sent_at: Instant | null;
  /** The service it was made for (JSON BoundService), null for writes queued before that was kept. */
  service: string | null;
}

/** The connection's services now, bound into the statements that find moved writes. */
export interface Bound {
  oms: string;
  pim: string;
  pimKinds: string;
}

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

/** A row as the contract's OutboxItem (why it waits, what holds it back, the service it was made for when it moved). */
export function toItem(r: Row & { blocked_by?: number | null }, movedFrom: BoundService | null = null): OutboxItem {
  const lastError = r.last_error ? (JSON.parse(r.last_error) as AppErrorShape) : null;
  const blockedBy = r.state === 'pending' && !movedFrom ? (r.blocked_by ?? null) : null;
  return {
    id: r.id,
    kind: r.kind,
    groupKey: r.group_key,
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.state === 'pending' ? instantAt(r.next_attempt_at) : null,
    lastError,
    responseStatus: r.response_status,
    responseBody: r.response_body,
    summary: JSON.parse(r.summary) as OutboxItem['summary'],
    ref: r.ref,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    blockedBy,
    reason: movedFrom
      ? 'moved'
      : blockedBy !== null
        ? 'blocked'
        : r.state === 'failed'
          ? (reasonOf(lastError) ?? 'refused')
          : reasonOf(lastError),
    movedFrom,
  };
}

/** A row of outbox_answers (migration 024) as the contract's OutboxAnswer. */
export const toAnswer = (a: {
  attempt: number;
  at: Instant;
  status: number | null;
  body: string | null;
  error: string | null;
}): OutboxAnswer => ({
  attempt: a.attempt,
  at: a.at,
  status: a.status,
  body: a.body,
  error: a.error ? (JSON.parse(a.error) as AppErrorShape) : null,
});

/**
 * The outbox's statements, prepared once per workspace. The tables are the migrations' (002, 008,
 * 021): nothing here creates or alters one.
 */
export function prepareOutbox(db: Db) {
  // An older write of its group still pending or being sent comes first (refusals: see blockerOf).
  const blocked = `EXISTS (SELECT 1 FROM outbox e WHERE e.group_key = o.group_key AND e.id < o.id AND e.state IN ('pending', 'sending'))`;
  // Made for another service than the one its kind goes to now (bound(): the connection's
  // addresses and company as they are now; JSON text as serviceText writes it, and as
  // migration 021's json_object wrote it).
  const moved = `(o.service IS NOT NULL AND o.service <> CASE WHEN o.kind IN (SELECT value FROM json_each(@pimKinds)) THEN @pim ELSE @oms END)`;
  return {
    insert: db.prepare(
      `INSERT INTO outbox (kind, group_key, payload, idempotency_key, state, next_attempt_at, summary, ref, created_at, updated_at, service)
       VALUES (@kind, @groupKey, @payload, @key, 'pending', @now, @summary, @ref, @iso, @iso, @service)`,
    ),
    // Older writes of a group that hold a later one back: refused, or made for another service.
    olderHeld: db.prepare<[Bound & { group: string; id: number }], Row>(
      `SELECT o.* FROM outbox o WHERE o.group_key = @group AND o.id < @id AND (o.state = 'failed' OR (o.state = 'pending' AND ${moved})) ORDER BY o.id`,
    ),
    movedRows: db.prepare<[Bound], Row>(`SELECT o.* FROM outbox o WHERE o.state IN ('pending', 'failed') AND ${moved} ORDER BY o.id`),
    movedCount: db.prepare<[Bound], { n: number }>(
      `SELECT count(*) AS n FROM outbox o WHERE o.state IN ('pending', 'failed') AND ${moved}`,
    ),
    rebind: db.prepare<[string | null, number, string, number]>(
      "UPDATE outbox SET service = ?, next_attempt_at = min(next_attempt_at, ?), updated_at = ? WHERE id = ? AND state IN ('pending', 'failed')",
    ),
    // The head of every group: the oldest write that is pending, being sent or refused.
    heads: db.prepare<[number], Row>(
      `SELECT o.* FROM outbox o WHERE o.state = 'pending' AND o.next_attempt_at <= ? AND NOT ${blocked} ORDER BY o.id`,
    ),
    waiting: db.prepare<[], Row>(`SELECT o.* FROM outbox o WHERE o.state = 'pending' AND NOT ${blocked} ORDER BY o.id`),
    mark: db.prepare<[string, number]>("UPDATE outbox SET state = 'sending', updated_at = ? WHERE id = ? AND state = 'pending'"),
    sent: db.prepare<[number, string | null, string, string, number]>(
      "UPDATE outbox SET state = 'sent', response_status = ?, response_body = ?, last_error = NULL, attempts = attempts + 1, sent_at = ?, updated_at = ? WHERE id = ? AND state IN ('sending', 'pending')",
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
    /** A try's answer, kept after the row's last answer changes (migration 024); attempt = the row's tries after it. */
    answer: db.prepare<[string, number | null, string | null, string | null, number]>(
      'INSERT INTO outbox_answers (outbox_id, attempt, at, status, body, error) SELECT id, attempts, ?, ?, ?, ? FROM outbox WHERE id = ?',
    ),
    answers: db.prepare<[number], { attempt: number; at: Instant; status: number | null; body: string | null; error: string | null }>(
      'SELECT attempt, at, status, body, error FROM outbox_answers WHERE outbox_id = ? ORDER BY id',
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
    // Newer writes of the same group the service accepted (to refuse a stale retry).
    newerSent: db.prepare<[string, number], Row>("SELECT * FROM outbox WHERE group_key = ? AND id > ? AND state = 'sent' ORDER BY id DESC"),
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
}

export type OutboxStatements = ReturnType<typeof prepareOutbox>;
