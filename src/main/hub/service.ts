import { isSignInStatus } from '../../shared/service/classify';
import type { HttpClient, HttpResponse } from '../core/api/http';
import { AppError } from '../core/errors';
import { serviceLogin, type Credentials } from '../core/session/session';

/**
 * The hub's sign-in at the service: the desk's login (serviceLogin, shared with core/session) with
 * the hub's own credentials and no profile, workspace or remembered password. One login in flight
 * however many pages wait for it, a new one ahead of the token's expiry, and on a 401 one login
 * and one retry (a second 401 is `forbidden`, as for a desk).
 */
export class HubSession {
  private token: string | null = null;
  private issuedAt = 0;
  private expiresAt = 0;
  private inflight: Promise<string> | null = null;

  constructor(
    private readonly http: HttpClient,
    private readonly omsUrl: string,
    private readonly creds: Credentials,
    private readonly now: () => number,
  ) {}

  async authorized(send: (token: string) => Promise<HttpResponse>): Promise<HttpResponse> {
    const token = await this.getToken();
    const res = await send(token);
    if (!isSignInStatus(res.status)) return res;
    if (this.token === token) this.token = null;
    const retry = await send(await this.login());
    if (isSignInStatus(retry.status))
      throw new AppError('forbidden', 'the service refused a fresh token', { status: 401, reason: 'unauthorized' });
    return retry;
  }

  private getToken(): Promise<string> {
    // Ahead of expiry: 10 % of the lifetime, at least 2 s and at most 2 minutes early (as the desk's session).
    const margin = Math.min(120_000, Math.max(2_000, (this.expiresAt - this.issuedAt) * 0.1));
    if (this.token && this.now() < this.expiresAt - margin) return Promise.resolve(this.token);
    return this.login();
  }

  private login(): Promise<string> {
    this.inflight ??= serviceLogin((url, opts) => this.http.send(url, opts), this.omsUrl, this.creds, this.now)
      .then(({ token, expiresAt }) => {
        this.token = token;
        this.issuedAt = this.now();
        this.expiresAt = expiresAt;
        return token;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }
}
