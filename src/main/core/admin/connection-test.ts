import { sendsCredentialsInClear } from '../../../shared/domain/settings';
import type { ConnectionTestResult } from '../../../shared/domain/admin';
import { classify as classifyLogin, LOGIN_PATH } from '../../../shared/service/login';
import { answerHeaders, type HttpClient } from '../api/http';
import { AppError } from '../errors';

export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/**
 * "Test connection": one login at the typed address with the typed credentials. Nothing is saved
 * (no profile, no token, no verifier) and the app's online state is not touched. The answer is one
 * of five outcomes a worker can act on.
 */
export async function testConnection(
  http: HttpClient,
  input: { omsUrl: string; userName: string; password: string; allowInsecureHttp?: boolean | undefined },
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<ConnectionTestResult> {
  if (sendsCredentialsInClear(input.omsUrl) && !input.allowInsecureHttp) {
    throw new AppError(
      'needs_confirmation',
      `${input.omsUrl} is http:// on another computer: the password would cross the network unencrypted`,
      { reason: 'insecure_http', address: input.omsUrl },
    );
  }
  let res;
  try {
    res = await http.send(`${input.omsUrl}${LOGIN_PATH}`, {
      method: 'POST',
      body: { UserName: input.userName, Password: input.password },
      timeoutMs,
    });
  } catch (e) {
    if (e instanceof AppError && (e.code === 'network' || e.code === 'timeout')) {
      return { outcome: 'unreachable', detail: e.message.slice(0, 500) };
    }
    throw e;
  }
  // The login operation's one classification (src/shared/service/login.ts), as the session reads it.
  const v = classifyLogin(res.status, answerHeaders(res), res.text);
  if (v.kind === 'accepted') return { outcome: 'ok', detail: `HTTP ${res.status}` };
  if (v.kind === 'refused' || v.kind === 'sign_in') return { outcome: 'wrong_credentials', detail: `HTTP ${res.status}` };
  if (v.cause === 'busy') return { outcome: 'service_error', detail: `HTTP ${res.status}` };
  return { outcome: 'not_service', detail: `HTTP ${res.status}: ${v.reason ?? 'not a login answer'}`.slice(0, 500) };
}
