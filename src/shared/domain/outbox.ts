import { z } from 'zod';
import { Instant } from './time';
import { AppErrorSchema } from '../result';
import { lazy } from '../lazy';

export const OutboxState = lazy(() => z.enum(['pending', 'sending', 'sent', 'failed', 'cancelled']));
export type OutboxState = z.infer<typeof OutboxState>;

export const OutboxReason = lazy(() =>
  z.enum(['refused', 'blocked', 'stale', 'unauthorized', 'unrecorded', 'answer_unknown', 'recovered', 'from_backup', 'moved']),
);
export type OutboxReason = z.infer<typeof OutboxReason>;

export const OutboxItem = lazy(() =>
  z.object({
    id: z.number().int(),
    kind: z.string(),
    groupKey: z.string(),
    state: OutboxState,
    attempts: z.number().int(),
    nextAttemptAt: Instant.nullable(),
    lastError: AppErrorSchema.nullable(),
    responseStatus: z.number().int().nullable(),
    /** What the service answered (truncated to 20 000 characters). */
    responseBody: z.string().nullable(),
    /** What the write is about, for lists: e.g. {lines: 12, storageCode: 'A-01'}. */
    summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    ref: z.string().nullable(),
    createdAt: Instant,
    sentAt: Instant.nullable(),
    /** The refused write of the same group this one waits behind (pending only), or null. */
    blockedBy: z.number().int().nullable(),
    /**
     * Why it is where it is: refused by the service; blocked behind a refused write; stale (a newer
     * write of the same SKU and storage code was accepted, so it is not sent again); unauthorized
     * (the service refuses this user for these writes); unrecorded (the service answered, the
     * answer waits for the database); moved (made for the connection's previous address or
     * company: held until an administrator sends it to the new address or cancels it,
     * outbox.resolveMoved). Translated as errors:outbox.<reason>.
     */
    reason: OutboxReason.nullable(),
    /** A moved write: the address and company it was made for. */
    movedFrom: z.object({ url: z.string(), companyId: z.number().int() }).nullable().optional(),
  }),
);
export type OutboxItem = z.infer<typeof OutboxItem>;

/** One try's answer of a write (oldest first): kept after later tries change the write's last answer. */
export const OutboxAnswer = lazy(() =>
  z.object({
    /** The try's number (1 = the first). */
    attempt: z.number().int(),
    at: Instant,
    /** The answer code; null when no answer came (the network, a time-out). */
    status: z.number().int().nullable(),
    /** What the service answered (truncated to 20 000 characters). */
    body: z.string().nullable(),
    /** What the answer meant when it was not accepted (the service's own words in params.said). */
    error: AppErrorSchema.nullable(),
  }),
);
export type OutboxAnswer = z.infer<typeof OutboxAnswer>;

export const OutboxListInput = lazy(() =>
  z.strictObject({
    states: z.array(OutboxState).max(5).optional(),
    kind: z.string().max(40).optional(),
    ref: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(1000).default(200),
  }),
);

/** The queue's counts, and why it stopped on its own (the service refuses this user), if it did. */
export const OutboxCounts = lazy(() =>
  z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    halted: AppErrorSchema.nullable().optional(),
    /** Unsent writes made for the connection's previous address or company, held for an administrator. */
    moved: z.number().int().optional(),
  }),
);
