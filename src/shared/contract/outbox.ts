import { z } from 'zod';
import { OutboxCounts, OutboxItem, OutboxListInput } from '../domain/outbox';
import { method } from './define';

export const outboxMethods = {
  'outbox.list': method(OutboxListInput, z.array(OutboxItem)),
  /**
   * Sends refused writes again and waiting ones now (all, or one by id). A refused write whose SKU
   * and storage code had a newer write accepted since is not sent again: it is listed in `stale`
   * (one by id: error conflict with params.reason 'stale').
   */
  'outbox.retry': method(
    z.strictObject({ id: z.number().int().positive().optional() }),
    z.object({ retried: z.number().int(), stale: z.array(z.number().int()) }),
  ),
  /** Gives up a write that has not been sent. */
  'outbox.cancel': method(z.strictObject({ id: z.number().int().positive() }), z.object({ cancelled: z.boolean() })),
} as const;

export const outboxEvents = {
  'outbox.changed': OutboxCounts,
} as const;
