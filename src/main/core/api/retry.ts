import { isRetryLaterStatus } from '../../../shared/service/classify';
import { AppError } from '../errors';

export interface RetryOptions {
  attempts: number;
  baseMs: number;
  capMs: number;
  /** Whether a failure is worth another try (network trouble, 408, 429, 5xx, a garbled answer). */
  isTransient?: (e: unknown) => boolean;
  onRetry?: (e: unknown, attempt: number, delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Exponential backoff with full jitter: delay = random(0, min(cap, base * 2^attempt)). */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** attempt));
}

export function isTransientError(e: unknown): boolean {
  if (!(e instanceof AppError)) return false;
  if (e.code === 'network' || e.code === 'timeout' || e.code === 'bad_response') return true;
  // The statuses every operation's classify calls "retry later" (shared/service/classify.ts).
  return e.code === 'service_error' && isRetryLaterStatus(Number(e.params?.status));
}

/** The wait a service asked for (Retry-After, in AppError params.retryAfterMs), capped at 10 minutes. */
export function requestedWait(e: unknown): number {
  const ms = e instanceof AppError ? Number(e.params?.retryAfterMs) : NaN;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 600_000) : 0;
}

export async function retry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const transient = opts.isTransient ?? isTransientError;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (attempt + 1 >= opts.attempts || !transient(e)) throw e;
      // A service that says when to come back (Retry-After) is taken at its word.
      const delay = Math.max(backoffDelay(attempt, opts.baseMs, opts.capMs, opts.random), requestedWait(e));
      opts.onRetry?.(e, attempt + 1, delay);
      await sleep(delay);
    }
  }
}
