import type { Result } from '../../shared/result';

/** The answer to a call the web host never answered (the page's fetch and the transport worker's alike). */
export function unavailable(e: unknown): Result<never> {
  return { ok: false, error: { code: 'unavailable', message: `the app host does not answer (${String(e)})` } };
}
