import { clockOf } from '../clock';
import { signedOut, type SessionState, type SignInInput } from '../../../shared/domain/session';
import type { Profile } from '../../../shared/domain/settings';
import { classify as classifyLogin, LOGIN_PATH, type LoginRequest } from '../../../shared/service/login';
import { isSignInStatus } from '../../../shared/service/classify';
import { answerHeaders, type HttpClient, type HttpResponse, type RequestOptions } from '../api/http';
import { AppError } from '../errors';
import type { EventBus } from '../events';
import type { SecretStore } from '../secrets';
import type { ProfilesRepo } from '../settings/profiles-repo';
import type { SettingsRepo } from '../settings/settings-repo';
import type { StatusTracker } from '../status';
import { checkVerifier, makeVerifier } from './verifier';
import { instantAt } from '../../../shared/domain/time';

export interface SessionDeps {
  profiles: ProfilesRepo;
  settings: SettingsRepo;
  http: HttpClient;
  bus: EventBus;
  status: StatusTracker;
  secrets: SecretStore;
  now?: () => number;
  /** Called when the signed-in profile changes (null on sign-out): the core opens its workspace. */
  onProfile(profile: Profile | null): void;
}

export interface Credentials {
  userName: string;
  password: string;
}

type ParsedSignIn = Required<Pick<SignInInput, 'profileId' | 'userName' | 'password'>> & {
  remember: boolean;
  allowWeakStorage: boolean;
};

/** Token lifetime assumed when the service sends an expiry that cannot be read. */
const FALLBACK_LIFETIME_MS = 30 * 60_000;
/** Lifetime used when the service hands out a token that is already expired by its own clock. */
const MIN_LIFETIME_MS = 60_000;

/**
 * The session lives in the main process only. It keeps the credentials in memory (the service has
 * no refresh token, so re-login needs the password), the token and its expiry, re-logs in ahead of
 * expiry and on a 401, and makes sure only one login is in flight however many calls wait on it.
 */
export class Session {
  private profile: Profile | null = null;
  private creds: Credentials | null = null;
  private token: string | null = null;
  private issuedAt = 0;
  private expiresAt = 0;
  private offline = false;
  /** Why the last session ended by itself (not a sign-out), told with the signed-out state. */
  private endedBy: 'password_refused' | 'workspace_set_aside' | null = null;
  private inflight: Promise<string> | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(private deps: SessionDeps) {
    this.now = deps.now ?? clockOf().now;
  }

  state(): SessionState {
    if (!this.profile || !this.creds) return this.endedBy ? { ...signedOut, endedBy: this.endedBy } : signedOut;
    return {
      signedIn: true,
      user: this.creds.userName,
      profileId: this.profile.id,
      profileName: this.profile.name,
      expiresAt: this.token ? instantAt(this.expiresAt) : null,
      training: this.profile.training,
      offline: this.offline,
    };
  }

  activeProfile(): Profile {
    if (!this.profile || !this.creds) throw new AppError('not_signed_in', 'sign in first');
    return this.profile;
  }

  isSignedIn(): boolean {
    return this.profile !== null && this.creds !== null;
  }

  async signIn(input: ParsedSignIn): Promise<SessionState> {
    const profile = this.deps.profiles.get(input.profileId);
    if (input.remember) this.checkCanRemember(input.allowWeakStorage);
    const creds = { userName: input.userName, password: input.password };
    let offline = false;
    let login: { token: string; expiresAt: number } | null = null;
    try {
      login = await this.callLogin(profile, creds);
    } catch (e) {
      if (!(e instanceof AppError) || (e.code !== 'network' && e.code !== 'timeout')) throw e;
      // Service unreachable: let a person in who signed in here before with the same password.
      const known = this.deps.profiles.verifier(profile.id);
      const match =
        known.verifier && known.userName === creds.userName && (await checkVerifier(known.verifier, creds.userName, creds.password));
      if (!match) throw e;
      offline = true;
    }
    return this.begin(profile, creds, login, offline, input.remember);
  }

  /**
   * Signs in to a connection saved only once the service accepts the user (`wd login`): `save` is
   * called after the login succeeded, so a refused password (or a service that cannot be reached:
   * nothing is checked then, and no offline sign-in is made) leaves every connection as it was.
   */
  async signInTo(omsUrl: string, creds: Credentials, save: () => Profile): Promise<SessionState> {
    const login = await this.callLogin({ omsUrl }, creds);
    return this.begin(save(), creds, login, false, false);
  }

  private async begin(
    profile: Profile,
    creds: Credentials,
    login: { token: string; expiresAt: number } | null,
    offline: boolean,
    remember: boolean,
  ): Promise<SessionState> {
    this.clearTimer();
    this.profile = profile;
    this.creds = creds;
    this.offline = offline;
    this.endedBy = null;
    this.token = null;
    if (login) this.acceptToken(login.token, login.expiresAt);
    if (!offline) this.deps.profiles.setUser(profile.id, creds.userName, await makeVerifier(creds.userName, creds.password));
    if (remember) this.deps.profiles.setSecret(profile.id, this.deps.secrets.encrypt(creds.password));
    // Training is never the active connection: `wd`, the next start and "remember me" keep the real one
    // (a count pushed by `wd` after a training session went into the training data, wiped later).
    if (!profile.training) this.deps.settings.update({ activeProfileId: profile.id });
    this.profile = this.deps.profiles.get(profile.id);
    try {
      this.deps.onProfile(this.profile);
    } catch (e) {
      // The workspace cannot be opened (missing, damaged): not signed in, and the reason is told.
      this.clearTimer();
      this.profile = null;
      this.creds = null;
      this.token = null;
      this.offline = false;
      this.emit();
      throw e;
    }
    this.emit();
    return this.state();
  }

  /** Signs in with the password remembered for the active profile. */
  async resume(): Promise<SessionState> {
    if (this.isSignedIn()) return this.state();
    const profileId = this.deps.settings.get().activeProfileId;
    if (!profileId) throw new AppError('not_found', 'no profile selected', { reason: 'no_profile' });
    const blob = this.deps.profiles.secret(profileId);
    const { userName } = this.deps.profiles.verifier(profileId);
    if (!blob || !userName) throw new AppError('not_found', 'no remembered password for this profile', { reason: 'nothing_remembered' });
    let password: string;
    try {
      password = this.deps.secrets.decrypt(blob);
    } catch (e) {
      this.deps.profiles.setSecret(profileId, null);
      throw new AppError('unavailable', `the remembered password cannot be read (${(e as Error).message}); sign in again`, {
        reason: 'remembered_unreadable',
      });
    }
    return this.signIn({ profileId, userName, password, remember: false, allowWeakStorage: false });
  }

  /** `endedBy`: the session ended by itself (the service refused its password), said at the sign-in. */
  signOut(forget: boolean, endedBy: 'password_refused' | 'workspace_set_aside' | null = null): SessionState {
    const profile = this.profile;
    this.endedBy = endedBy;
    this.clearTimer();
    this.profile = null;
    this.creds = null;
    this.token = null;
    this.offline = false;
    if (forget && profile) this.deps.profiles.setSecret(profile.id, null);
    this.deps.onProfile(null);
    this.emit();
    return this.state();
  }

  /** A valid token, logging in first when there is none or it is about to expire. */
  async getToken(): Promise<string> {
    if (!this.isSignedIn()) throw new AppError('not_signed_in', 'sign in first');
    if (this.token && this.now() < this.expiresAt - this.margin()) return this.token;
    return this.relogin();
  }

  /**
   * Runs an authorized request. On a 401 the token is dropped, one re-login happens (shared with
   * every other caller that hit the same 401) and the request is retried once; a second 401 is
   * AppError('forbidden', {reason: 'unauthorized'}).
   */
  async authorized(send: (token: string) => Promise<HttpResponse>): Promise<HttpResponse> {
    const token = await this.getToken();
    const res = await this.track(send(token));
    if (!isSignInStatus(res.status)) return res;
    if (this.token === token) this.token = null;
    const fresh = await this.relogin();
    const retry = await this.track(send(fresh));
    // Refused again right after a successful login: the user may sign in but not do this. Not a
    // session that ended (signing in again would loop); the caller decides how often to try.
    if (isSignInStatus(retry.status))
      throw new AppError('forbidden', 'the service refused a fresh token', { status: 401, reason: 'unauthorized' });
    return retry;
  }

  /** Re-login with the remembered credentials; one in flight at a time. */
  relogin(): Promise<string> {
    if (!this.inflight) {
      this.inflight = this.doRelogin().finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  }

  dispose(): void {
    this.clearTimer();
  }

  private async doRelogin(): Promise<string> {
    const profile = this.profile;
    const creds = this.creds;
    if (!profile || !creds) throw new AppError('not_signed_in', 'sign in first');
    try {
      const { token, expiresAt } = await this.callLogin(profile, creds);
      if (this.profile !== profile) throw new AppError('not_signed_in', 'signed out while logging in');
      const wasOffline = this.offline;
      this.offline = false;
      this.acceptToken(token, expiresAt);
      if (wasOffline) this.deps.profiles.setUser(profile.id, creds.userName, await makeVerifier(creds.userName, creds.password));
      this.emit();
      return token;
    } catch (e) {
      if (e instanceof AppError && e.code === 'auth_failed' && this.profile === profile) {
        // The password no longer works (changed on the service): end the session, keep all data.
        this.signOut(true, 'password_refused');
        throw new AppError('session_expired', `sign in again: ${e.message}`);
      }
      throw e;
    }
  }

  private acceptToken(token: string, expiresAt: number) {
    this.token = token;
    this.issuedAt = this.now();
    this.expiresAt = expiresAt;
    this.scheduleRefresh();
  }

  /** Re-login ahead of expiry: 10% of the lifetime, at least 2 s and at most 2 minutes early. */
  private margin(): number {
    const lifetime = Math.max(0, this.expiresAt - this.issuedAt);
    return Math.min(120_000, Math.max(2_000, lifetime * 0.1));
  }

  private scheduleRefresh() {
    this.clearTimer();
    const delay = Math.max(1_000, this.expiresAt - this.margin() - this.now());
    this.refreshTimer = setTimeout(
      () => {
        this.refreshTimer = null;
        if (this.isSignedIn()) this.relogin().catch(() => undefined);
      },
      Math.min(delay, 2_147_483_000),
    );
    this.refreshTimer.unref();
  }

  private clearTimer() {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
  }

  private checkCanRemember(allowWeak: boolean) {
    const info = this.deps.secrets.info();
    if (!info.available || info.backend === 'none') {
      throw new AppError('unavailable', 'this computer offers no secure place to keep a password', { reason: 'no_secure_storage' });
    }
    if (info.backend === 'basic_text' && !allowWeak) {
      throw new AppError('needs_confirmation', 'the password could only be kept with weak protection (basic_text)', {
        reason: 'weak_storage',
        backend: info.backend,
      });
    }
  }

  private async track(p: Promise<HttpResponse>): Promise<HttpResponse> {
    try {
      const res = await p;
      this.deps.status.setOnline(true);
      return res;
    } catch (e) {
      if (e instanceof AppError && (e.code === 'network' || e.code === 'timeout')) this.deps.status.setOnline(false);
      throw e;
    }
  }

  private callLogin(profile: Pick<Profile, 'omsUrl'>, creds: Credentials): Promise<{ token: string; expiresAt: number }> {
    return serviceLogin((url, opts) => this.track(this.deps.http.send(url, opts)), profile.omsUrl, creds, this.now);
  }

  private emit() {
    this.deps.bus.emit('session.changed', this.state());
  }
}

/**
 * One login at the service (POST {oms}/Auth/login): the token and when it expires by our clock.
 * A refused user is AppError('auth_failed'); a busy service 'service_error' (with Retry-After);
 * an answer that is not the service's 'bad_response'. Shared by the desk's Session and the hub
 * (src/main/hub/service.ts), which keeps no profile.
 */
export async function serviceLogin(
  send: (url: string, opts: RequestOptions) => Promise<HttpResponse>,
  omsUrl: string,
  creds: Credentials,
  clock: () => number,
): Promise<{ token: string; expiresAt: number }> {
  const body: LoginRequest = { UserName: creds.userName, Password: creds.password };
  const res = await send(`${omsUrl}${LOGIN_PATH}`, { method: 'POST', body, timeoutMs: 20_000 });
  const v = classifyLogin(res.status, answerHeaders(res), res.text, clock());
  if (v.kind === 'refused' || v.kind === 'sign_in')
    throw new AppError('auth_failed', v.reason ?? `login refused (HTTP ${res.status})`, { status: res.status });
  if (v.kind === 'later' && v.cause === 'busy')
    throw new AppError('service_error', v.reason ?? `login failed with HTTP ${res.status}`, {
      status: res.status,
      ...(v.retryAfterMs !== null ? { retryAfterMs: v.retryAfterMs } : {}),
    });
  if (v.kind === 'later')
    throw new AppError('bad_response', `login answer is not what the service documents (HTTP ${res.status}): ${v.reason ?? ''}`.trim(), {
      status: res.status,
    });
  const parsed = { data: v.value };
  // Expiry is the service's clock; translate it to ours through the Date header so a PC whose
  // clock is off does not treat every token as already expired (or never expiring).
  const now = clock();
  const serverExpiry = readExpiry(parsed.data.expire, parsed.data.token, res.serverDate ?? now);
  const lifetime = serverExpiry - (res.serverDate ?? now);
  return { token: parsed.data.token, expiresAt: now + (lifetime > 0 ? lifetime : MIN_LIFETIME_MS) };
}

/** `expire` is an ISO timestamp (UTC); fall back to the JWT's exp claim, then to a default. */
export function readExpiry(expire: string | null | undefined, token: string, now: number): number {
  if (expire) {
    const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(expire) ? expire : `${expire}Z`;
    const t = Date.parse(iso);
    if (Number.isFinite(t)) return t;
  }
  const payload = token.split('.')[1];
  if (payload) {
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
      if (typeof claims.exp === 'number') return claims.exp * 1000;
    } catch {
      // not a JWT we can read
    }
  }
  return now + FALLBACK_LIFETIME_MS;
}
