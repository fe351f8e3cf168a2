import { z } from 'zod';
import { classifyRead, unreadable, type AnswerHeaders, type Verdict } from './classify';
import { lazy } from '../lazy';

/** POST {oms}/Auth/login (no Authorization header). */
export const LOGIN_PATH = '/Auth/login';

/** POST {oms}/Auth/login body. */
export const LoginRequest = lazy(() => z.object({ UserName: z.string(), Password: z.string() }));
export type LoginRequest = z.infer<typeof LoginRequest>;

/** statusCode arrives as "200", 200, 0 or null depending on the operation. */
export const StatusCode = lazy(() => z.union([z.string(), z.number(), z.null()]).optional());

/**
 * Login answer. Success: {token, expire, isSuccess: true, statusCode: null}. A failure uses the
 * same isSuccess flag; the message field is spelled errorMesssage or errorMessage.
 */
export const LoginResponse = lazy(() =>
  z.looseObject({
    token: z.string().nullish(),
    expire: z.string().nullish(),
    isSuccess: z.boolean(),
    statusCode: StatusCode,
    errorMesssage: z.string().nullish(),
    errorMessage: z.string().nullish(),
  }),
);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const serviceMessage = (body: { errorMesssage?: string | null; errorMessage?: string | null }): string | null =>
  body.errorMesssage || body.errorMessage || null;

/**
 * The login answer: accepted with a token; refused when the credentials are (400, 401, 403, or a
 * body with isSuccess:false); later on 408/429/5xx, an HTML page, JSON cut off, a success without
 * a token, or another 4xx whatever its body (a wrong address, not a wrong password: the
 * remembered password is not forgotten for it). A login never asks to sign in again.
 */
export function classify(
  status: number,
  headers: AnswerHeaders,
  text: string,
  now = Date.now(),
): Verdict<LoginResponse & { token: string }> {
  const v = classifyRead(status, headers, text, (j) => LoginResponse.safeParse(j), now);
  if (v.kind === 'sign_in') return { kind: 'refused', status, reason: v.reason };
  // Only 400, 401, 403 or a 2xx saying isSuccess:false refuse the user; a 404 or 405 is an address
  // that is not the service's login, whatever its body.
  if (v.kind === 'refused' && status >= 300 && status !== 400 && status !== 403)
    return unreadable(status, v.reason ?? `HTTP ${status}: not a login answer`);
  if (v.kind !== 'accepted') return v;
  if (!v.value.token) return unreadable(status, 'the login answer carries no token');
  // It goes back as `Authorization: Bearer <token>`: only visible ASCII can (a JWT always is).
  // Accepted, such a token made every later request fail as "cannot reach the service".
  if (!/^[\x21-\x7e]+$/.test(v.value.token)) return unreadable(status, 'the login answer carries a token that cannot be sent in a header');
  return { kind: 'accepted', status, value: { ...v.value, token: v.value.token } };
}
