import type { AppErrorShape } from '../../../shared/result';
import { answerHeaders, type HttpResponse } from '../api/http';
import { backoffDelay, isTransientError } from '../api/retry';
import { AppError, errorShape } from '../errors';
import type { OutboxSender } from './types';

const BASE_MS = 1_000;
/** Longest wait between two tries: short, because a warehouse wants its writes out soon after the network returns. */
const CAP_MS = 60_000;
/** The part of an answer's body kept with the write. */
const MAX_BODY = 20_000;

/** What becomes of a write after one try. */
export type Outcome =
  | { kind: 'sent'; status: number; body: string | null; res: HttpResponse; error?: undefined }
  | { kind: 'failed'; status: number | null; body: string | null; error: AppErrorShape }
  /** status/body: the answer that said "later" (kept for the person to see), absent for network trouble. */
  | { kind: 'later'; delay: number; error: AppErrorShape; status?: number; body?: string | null }
  | { kind: 'paused'; error: AppErrorShape };

/**
 * A fresh token refused for this write (the session already signed in again once): what it becomes
 * depends on how many writes in a row were refused so (the runner counts them; Outbox.settle).
 */
export interface Unauthorized {
  kind: 'unauthorized';
  error: AppErrorShape;
}

/** How long a write waits after its try number `attempts` (full jitter from `random`). */
const backoff = (attempts: number, random: () => number, min: number) => Math.max(min, backoffDelay(attempts, BASE_MS, CAP_MS, random));

/**
 * What the service's answer to one try means for the write, by the operation's own reading of it
 * (`sender.classify`): sent, refused (kept with the service's words), later (with Retry-After or
 * backoff), or a refused fresh token. Pure: no clock, no database.
 */
export function judgeAnswer(res: HttpResponse, sender: OutboxSender, attempts: number, random: () => number): Outcome | Unauthorized {
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
      const wait = v.retryAfterMs;
      return {
        kind: 'later',
        delay: wait !== null ? Math.min(Math.max(wait, 250), 10 * CAP_MS) : backoff(attempts, random, 250),
        error,
        status: res.status,
        body: body || null,
      };
    }
    case 'sign_in':
      return judgeFailure(
        new AppError('forbidden', 'the service refused a fresh token', { status: 401, reason: 'unauthorized' }),
        attempts,
        random,
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

/** What a try that ended without an answer means: paused until a sign-in, later (transient), or failed. */
export function judgeFailure(e: unknown, attempts: number, random: () => number): Outcome | Unauthorized {
  const shape: AppErrorShape = errorShape(e);
  if (e instanceof AppError && (e.code === 'session_expired' || e.code === 'not_signed_in')) {
    // Paused until someone signs in again; the write keeps its place.
    return { kind: 'paused', error: shape };
  }
  if (e instanceof AppError && e.code === 'forbidden' && e.params?.reason === 'unauthorized') return { kind: 'unauthorized', error: shape };
  if (isTransientError(e)) return { kind: 'later', delay: backoff(attempts, random, 250), error: shape };
  return { kind: 'failed', status: null, body: null, error: shape };
}

/** A refused fresh token that does not stop the queue yet: tried again after a backoff. */
export const unauthorizedLater = (u: Unauthorized, attempts: number, random: () => number): Outcome => ({
  kind: 'later',
  delay: backoff(attempts + 1, random, 1_000),
  error: u.error,
});
