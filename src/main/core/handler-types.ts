import type { MethodName, Output, ParsedInput } from '../../shared/contract';

/** Who called: the window or page (see admin/admin-gate.ts `Caller`). */
export interface CallMeta {
  caller: string;
}

export type Handler<M extends MethodName> = (input: ParsedInput<M>, meta: CallMeta) => Promise<Output<M>> | Output<M>;
export type Handlers = { [M in MethodName]: Handler<M> };

/** The handlers of one feature: the methods whose names start with `prefix.`. */
export type FeatureHandlers<P extends string> = { [M in MethodName as M extends `${P}.${string}` ? M : never]: Handler<M> };
