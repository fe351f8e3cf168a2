import { z } from 'zod';
import { OutboxAnswer, OutboxCounts, OutboxItem, OutboxListInput } from '../domain/outbox';
import { Empty } from '../domain/common';
import { method } from './define';
import { lazy } from '../lazy';

export const outboxMethods = {
  'outbox.list': method(
    OutboxListInput,
    lazy(() => z.array(OutboxItem)),
  ),
  /**
   * Sends refused writes again and waiting ones now (all, or one by id). A refused write whose SKU
   * and storage code had a newer write accepted since is not sent again: it is listed in `stale`
   * (one by id: error conflict with params.reason 'stale').
   */
  'outbox.retry': method(
    lazy(() => z.strictObject({ id: z.number().int().positive().optional() })),
    lazy(() => z.object({ retried: z.number().int(), stale: z.array(z.number().int()) })),
  ),
  /** Waiting and refused writes, as the status bar counts them (also without signing in, in `wd`). */
  'outbox.counts': method(Empty, OutboxCounts),
  /**
   * Sends what is due now and waits until the queue has nothing more it can send at once; returns
   * the given writes as they are then. `skipped`: another process (the app) holds the queue and
   * sends them from there. Needs a signed-in session.
   */
  'outbox.sendNow': method(
    lazy(() => z.strictObject({ ids: z.array(z.number().int().positive()).max(1000).default([]) })),
    lazy(() => z.object({ skipped: z.boolean(), items: z.array(OutboxItem) })),
  ),
  /**
   * An administrator's choice for writes made for the connection's previous address or company
   * (held, reason 'moved'): 'send' sends them to the address as it is now, 'cancel' gives them
   * up. All of them, or those in `ids`. Needs the administrator PIN (needsAdmin).
   */
  'outbox.resolveMoved': method(
    lazy(() => z.strictObject({ action: z.enum(['send', 'cancel']), ids: z.array(z.number().int().positive()).max(1000).optional() })),
    lazy(() => z.object({ resolved: z.number().int() })),
  ),
  /** Every try's answer of one write, oldest first (what the service said each time, after resends too). */
  'outbox.answers': method(
    lazy(() => z.strictObject({ id: z.number().int().positive() })),
    lazy(() => z.array(OutboxAnswer)),
  ),
  /** Gives up a write that has not been sent. */
  'outbox.cancel': method(
    lazy(() => z.strictObject({ id: z.number().int().positive() })),
    lazy(() => z.object({ cancelled: z.boolean() })),
  ),
} as const;

export const outboxEvents = {
  'outbox.changed': OutboxCounts,
} as const;
