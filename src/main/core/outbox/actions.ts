import type { AppErrorShape } from '../../../shared/result';
import { nodeCrypto } from '../builtins';
import type { Db } from '../db/open';
import type { Workspace } from '../workspace';
import type { Outcome } from './judge';
import type { QueueOrder } from './order';
import type { OutboxStatements, Row } from './store';
import { serviceOf, serviceText, type EnqueueInput, type OutboxSender } from './types';

/** Stores a new write (only a row: sent later) for the service `sender` writes to now; returns its id. */
export function enqueueWrite(
  ws: Workspace,
  s: OutboxStatements,
  sender: OutboxSender | undefined,
  input: EnqueueInput,
  now: number,
): number {
  return Number(
    s.insert.run({
      kind: input.kind,
      groupKey: input.groupKey,
      payload: JSON.stringify(input.payload),
      key: nodeCrypto().randomUUID(),
      now,
      summary: JSON.stringify(input.summary ?? {}),
      ref: input.ref ?? null,
      iso: new Date(now).toISOString(),
      service: serviceText(serviceOf(sender, ws.profile)),
    }).lastInsertRowid,
  );
}

/** Writes what became of one try (judge.ts) into the write's row, in one transaction; an accepted write runs its sender's afterSent in it. */
export function applyOutcome(
  ws: Workspace,
  s: OutboxStatements,
  sender: OutboxSender | undefined,
  row: Row,
  outcome: Outcome,
  now: number,
): void {
  const iso = new Date(now).toISOString();
  ws.db.transaction(() => {
    switch (outcome.kind) {
      case 'sent':
        if (s.sent.run(outcome.status, outcome.body, iso, iso, row.id).changes === 1) {
          s.answer.run(iso, outcome.status, outcome.body, null, row.id);
          sender?.afterSent?.(JSON.parse(row.payload), outcome.res, ws);
        }
        break;
      case 'failed': {
        const error = JSON.stringify(outcome.error);
        // Each try's answer is kept (outbox_answers): the row keeps only the last one.
        if (s.failed.run(outcome.status, outcome.body, error, iso, row.id).changes === 1)
          s.answer.run(iso, outcome.status, outcome.body, error, row.id);
        break;
      }
      case 'later': {
        const error = JSON.stringify(outcome.error);
        if (s.later.run(now + outcome.delay, error, outcome.status ?? null, outcome.body ?? null, iso, row.id).changes === 1)
          s.answer.run(iso, outcome.status ?? null, outcome.body ?? null, error, row.id);
        break;
      }
      case 'paused':
        s.paused.run(JSON.stringify(outcome.error), iso, row.id);
        break;
    }
  })();
}

/**
 * An administrator's choice for writes made for the connection's previous address or company
 * (all of them, or those in `ids`): 'send' binds them to the service as it is now (they go in
 * their turn), 'cancel' gives them up. Returns how many it changed.
 */
export function resolveMovedWrites(
  db: Db,
  s: OutboxStatements,
  order: QueueOrder,
  now: number,
  action: 'send' | 'cancel',
  ids?: readonly number[],
): number {
  const only = ids ? new Set(ids) : null;
  const iso = new Date(now).toISOString();
  let n = 0;
  db.transaction(() => {
    for (const row of s.movedRows.all(order.bound())) {
      if (only && !only.has(row.id)) continue;
      if (action === 'cancel') n += s.cancel.run(iso, row.id).changes;
      else n += s.rebind.run(order.serviceNow(row.kind), now, iso, row.id).changes;
    }
  })();
  return n;
}

/**
 * Puts refused writes back in line and waiting ones due now (all, or one by id). A refused write
 * is not sent again when a newer write that sets the same thing was accepted since: it stays
 * refused with that reason (`stale`; for one by id, `refusal` says why).
 */
export function retryWrites(
  db: Db,
  s: OutboxStatements,
  order: QueueOrder,
  now: number,
  id?: number,
): { retried: number; stale: number[]; refusal: AppErrorShape | null } {
  const iso = new Date(now).toISOString();
  const stale: number[] = [];
  let retried = 0;
  let refusal: AppErrorShape | null = null;
  db.transaction(() => {
    const one = id === undefined ? undefined : s.get.get(id);
    const failed: Row[] = id === undefined ? s.failedRows.all() : one?.state === 'failed' ? [one] : [];
    for (const row of failed) {
      const newer = order.newerAccepted(row);
      if (newer) {
        s.stale.run(JSON.stringify(newer), iso, row.id);
        stale.push(row.id);
        refusal = newer;
      } else retried += s.retryOne.run(now, iso, row.id).changes;
    }
    if (id === undefined) retried += s.dueNow.run(now, now).changes;
    else if (failed.length === 0) retried += s.retryOne.run(now, iso, id).changes;
  })();
  return { retried, stale, refusal };
}
