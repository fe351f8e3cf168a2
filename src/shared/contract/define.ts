import type { z } from 'zod';

export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

/** Declares one bridge method. The object literal keeps the exact schema types for inference. */
export const method = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): MethodSpec<I, O> => ({
  input,
  output,
});
