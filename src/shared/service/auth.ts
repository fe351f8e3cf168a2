import { z } from 'zod';

/** POST {oms}/Auth/login body. */
export const LoginRequest = z.object({ UserName: z.string(), Password: z.string() });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** statusCode arrives as "200", 200, 0 or null depending on the operation. */
export const StatusCode = z.union([z.string(), z.number(), z.null()]).optional();

/**
 * Login answer. Success: {token, expire, isSuccess: true, statusCode: null}. A failure uses the
 * same isSuccess flag; the message field is spelled errorMesssage or errorMessage.
 */
export const LoginResponse = z.looseObject({
  token: z.string().nullish(),
  expire: z.string().nullish(),
  isSuccess: z.boolean(),
  statusCode: StatusCode,
  errorMesssage: z.string().nullish(),
  errorMessage: z.string().nullish(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const serviceMessage = (body: { errorMesssage?: string | null; errorMessage?: string | null }): string | null =>
  body.errorMesssage || body.errorMessage || null;
