import { z } from 'zod';
import { contract, events, type Api, type Contract, type EventName, type EventPayload, type MethodName } from '../../src/shared/contract';
import { AppErrorSchema, err, invalidInput, ok, type Result } from '../../src/shared/result';

export interface FakeBridgeOptions {
  /**
   * Methods whose answers are deliberately NOT what the contract allows (a garbled answer, to test
   * what the screen does then). Every other answer is parsed with the contract's output schema.
   */
  garbled?: MethodName[];
}

/**
 * A bridge for renderer tests: answers from a table of handlers and lets the test push events.
 * This is the boundary the renderer cannot reach in jsdom (the core runs in another process), so
 * it holds itself to the core's side of the contract: an input the contract refuses gets the
 * core's `invalid_input`, and an answer the real core could never give (a field missing, a date
 * without its offset) throws, failing the test, instead of feeding the store a shape it will
 * never see. Answers come back parsed (fields the schema does not name are stripped, as the core's
 * invoker does).
 */
/** A fake method gets the input as the core's handler would (parsed by the contract); what it returns is checked at run time. */
export type FakeHandlers = { [M in MethodName]?: (input: z.output<Contract[M]['input']>) => unknown };

/** Every answer of any fake bridge that broke the contract, for test/renderer/setup.ts to fail the test with. */
const broken: string[] = [];
export const takeContractErrors = (): string[] => broken.splice(0);

export function fakeBridge(handlers: FakeHandlers, options: FakeBridgeOptions = {}) {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: { method: MethodName; input: unknown }[] = [];
  /** Answers that did not match the contract (each also threw). */
  const contractErrors: string[] = [];
  const api = new Proxy({} as Api, {
    get(_t, prop: string) {
      if (prop === 'on') {
        return (event: EventName, l: (p: unknown) => void) => {
          let set = listeners.get(event);
          if (!set) listeners.set(event, (set = new Set()));
          set.add(l);
          return () => set.delete(l);
        };
      }
      return async (input: unknown): Promise<Result<unknown>> => {
        const method = prop as MethodName;
        calls.push({ method, input });
        const spec = contract[method];
        if (!spec) return err('unknown_method', prop);
        const parsedInput = spec.input.safeParse(input === undefined ? {} : input);
        if (!parsedInput.success) return invalidInput(parsedInput.error);
        const h = handlers[method] as ((input: unknown) => unknown) | undefined;
        if (!h) return err('unknown_method', prop);
        const v = await h(parsedInput.data);
        const result: Result<unknown> = v && typeof v === 'object' && 'ok' in v ? (v as Result<unknown>) : ok(v);
        if (options.garbled?.includes(method)) return result;
        if (!result.ok) {
          const e = AppErrorSchema.safeParse(result.error);
          if (!e.success) fail(`${method}: error answer`, e.error);
          return result;
        }
        const out = spec.output.safeParse(result.value);
        if (!out.success) fail(`${method}: answer`, out.error);
        return ok(out.data);
      };
    },
  });
  function fail(what: string, e: z.ZodError): never {
    const message = `the fake ${what} is not what the core could send: ${z.prettifyError(e)}`;
    contractErrors.push(message);
    broken.push(message);
    throw new Error(message);
  }
  return {
    api,
    calls,
    contractErrors,
    /** Pushes an event, parsed with the contract's payload schema (as the core's bus would send it). */
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      const p = events[event].safeParse(payload);
      if (!p.success) fail(`${event} event`, p.error);
      for (const l of listeners.get(event) ?? []) l(p.data);
    },
  };
}
