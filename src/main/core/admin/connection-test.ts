import { sendsCredentialsInClear } from '../../../shared/domain/settings';
import type { ConnectionTestResult } from '../../../shared/domain/admin';
import { LoginResponse } from '../../../shared/service/auth';
import type { HttpClient } from '../api/http';
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
    res = await http.send(`${input.omsUrl}/Auth/login`, {
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
  const parsed = LoginResponse.safeParse(res.json);
  if (res.status >= 500) return { outcome: 'service_error', detail: `HTTP ${res.status}` };
  if (!parsed.success) {
    return { outcome: 'not_service', detail: `HTTP ${res.status}: the answer is not the service's login answer` };
  }
  if (res.status >= 200 && res.status < 300 && parsed.data.isSuccess !== false && parsed.data.token) {
    return { outcome: 'ok', detail: `HTTP ${res.status}` };
  }
  // Refused the user: 400/401/403, or a 2xx that says isSuccess: false. A 404 or 405 is an address
  // that is not the service's login, whatever its body.
  if (res.status === 400 || res.status === 401 || res.status === 403 || (res.status < 300 && parsed.data.isSuccess === false)) {
    return { outcome: 'wrong_credentials', detail: `HTTP ${res.status}` };
  }
  return { outcome: 'not_service', detail: `HTTP ${res.status}: not a login answer` };
}
