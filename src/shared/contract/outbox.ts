import { z } from 'zod';
import { OutboxItem, OutboxListInput } from '../domain/outbox';
import { method } from './define';

export const outboxMethods = {
  'outbox.list': method(OutboxListInput, z.array(OutboxItem)),
  /** Sends failed writes again and pending ones now (all, or one by id). */
  'outbox.retry': method(z.strictObject({ id: z.number().int().positive().optional() }), z.object({ retried: z.number().int() })),
  /** Gives up a write that has not been sent. */
  'outbox.cancel': method(z.strictObject({ id: z.number().int().positive() }), z.object({ cancelled: z.boolean() })),
} as const;

export const outboxEvents = {
  'outbox.changed': z.object({ pending: z.number().int(), failed: z.number().int() }),
} as const;
