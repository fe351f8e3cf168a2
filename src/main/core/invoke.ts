import { z } from 'zod';
import { contract, isMethodName, type MethodName } from '../../shared/contract';
import { err, invalidInput, ok, type Result } from '../../shared/result';
import { AppError, errorShape } from './errors';
import type { CallMeta, Handlers } from './handler-types';

const MAX_MESSAGE = 2_000;

/**
 * The single entry point every host uses: the method must be in the contract, the input is parsed
 * with the method's schema, the handler runs, and its output is parsed again on the way out
 * (which strips anything the schema does not name). Nothing is thrown across the bridge.
 */
export function createInvoker(
  handlers: Handlers,
  log: (msg: string, e?: unknown) => void = console.error,
  /** Runs after the input is parsed and before the handler; throws AppError to refuse (the administrator gate). */
  guard?: (name: MethodName, input: unknown, meta: CallMeta) => void,
  /** A damaged workspace met by a handler: set aside, and said as such (CoreContext.damaged). */
  damaged?: (e: unknown) => AppError | null,
) {
  /** `caller`: the window or page that asks (hosts always name it; see admin/admin-gate.ts). */
  return async function invoke(name: unknown, rawInput: unknown, caller: string): Promise<Result<unknown>> {
    if (!isMethodName(name)) {
      return err('unknown_method', `no method ${JSON.stringify(String(name).slice(0, 100))}`);
    }
    const spec = contract[name];
    const parsed = spec.input.safeParse(rawInput === undefined ? {} : rawInput);
    if (!parsed.success) return invalidInput(parsed.error, MAX_MESSAGE);
    const meta: CallMeta = { caller };
    try {
      guard?.(name, parsed.data, meta);
      const handler = handlers[name] as (input: unknown, meta: CallMeta) => unknown;
      const value = await handler(parsed.data, meta);
      const out = spec.output.safeParse(value);
      if (!out.success) {
        log(`output of ${name} does not match the contract: ${z.prettifyError(out.error)}`);
        return err('internal', `the answer of ${name} did not match the contract`);
      }
      return ok(out.data);
    } catch (e) {
      if (e instanceof AppError) return { ok: false, error: { ...e.toShape(), message: e.message.slice(0, MAX_MESSAGE) } };
      log(`${name} failed`, e);
      const aside = damaged?.(e);
      if (aside) return { ok: false, error: aside.toShape() };
      // The disk or the data file failed: said as such (a full disk, a damaged file), not as a bug.
      const shape = errorShape(e);
      return { ok: false, error: { ...shape, message: shape.message.slice(0, MAX_MESSAGE) } };
    }
  };
}

export type Invoke = ReturnType<typeof createInvoker>;
