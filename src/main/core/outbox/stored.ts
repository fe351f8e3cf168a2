import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * A write's payload as stored in the workspace, read back through the schema of what the sender
 * sends (never cast): a row that no longer reads as one (damaged, or written by another version)
 * fails with a reason of its own instead of sending whatever it holds.
 */
export function storedPayload<T>(schema: z.ZodType<T>, payload: unknown, kind: string): T {
  const r = schema.safeParse(payload);
  // The stored value itself, once it reads as one: a schema's defaults or stripped keys never
  // change a write after it was queued.
  if (r.success) return payload as T;
  throw new AppError('internal', `a stored ${kind} write does not read as one: ${r.error.issues[0]?.message ?? ''}`, {
    reason: 'stored_payload_invalid',
    kind,
  });
}

/** The same for a sender's keys: a payload that does not read names no key (its send fails anyway). */
export function storedOrNull<T>(schema: z.ZodType<T>, payload: unknown): T | null {
  return schema.safeParse(payload).success ? (payload as T) : null;
}
