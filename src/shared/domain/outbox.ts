import { z } from 'zod';
import { AppErrorSchema } from '../result';

export const OutboxState = z.enum(['pending', 'sending', 'sent', 'failed', 'cancelled']);
export type OutboxState = z.infer<typeof OutboxState>;

export const OutboxItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  groupKey: z.string(),
  state: OutboxState,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: AppErrorSchema.nullable(),
  responseStatus: z.number().int().nullable(),
  /** What the service answered (truncated to 20 000 characters). */
  responseBody: z.string().nullable(),
  /** What the write is about, for lists: e.g. {lines: 12, storageCode: 'A-01'}. */
  summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  ref: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const OutboxListInput = z.strictObject({
  states: z.array(OutboxState).max(5).optional(),
  kind: z.string().max(40).optional(),
  ref: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
