import { z } from 'zod';
import { lazy } from './lazy';

/**
 * Every answer that crosses the bridge (IPC, loopback HTTP, CLI) is a Result: handlers never throw
 * across it. `code` is stable and translated by the renderer (`errors.<code>`); `message` is the
 * English technical detail (service text, zod issue) shown under the translated sentence.
 */
export const errorCodes = [
  'invalid_input',
  'unknown_method',
  'forbidden',
  'not_signed_in',
  'auth_failed',
  'session_expired',
  'network',
  'timeout',
  'service_error',
  'bad_response',
  'not_found',
  'conflict',
  'needs_confirmation',
  'unavailable',
  /** The disk or the data file under the app failed (full, read-only, damaged): params.reason says which. */
  'storage',
  /**
   * The call itself failed on its way (the desktop app's IPC or the web host's transport rejected
   * it: an answer too deep to pass, a closed window): said in the contract's shape, never thrown.
   */
  'call_failed',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const AppErrorSchema = lazy(() =>
  z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Values for the translated sentence, e.g. {status: 500}. */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
);
export type AppErrorShape = z.infer<typeof AppErrorSchema>;

export type Ok<T> = { ok: true; value: T };
export type Err = { ok: false; error: AppErrorShape };
export type Result<T> = Ok<T> | Err;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = (code: ErrorCode, message: string, params?: AppErrorShape['params']): Err => ({
  ok: false,
  error: params ? { code, message, params } : { code, message },
});

/**
 * An input the contract refuses, as the core answers it: the zod issues as the technical text and,
 * where a rule says in the worker's words what a field may hold (a refinement with
 * `params: { reason }`), that reason (errors.reasons.*).
 */
export function invalidInput(error: z.ZodError, maxMessage = 2_000): Err {
  const reason = error.issues
    .map((i) => (i.code === 'custom' ? (i.params as { reason?: unknown } | undefined)?.reason : undefined))
    .find((r): r is string => typeof r === 'string');
  return err('invalid_input', z.prettifyError(error).slice(0, maxMessage), reason ? { reason } : undefined);
}
