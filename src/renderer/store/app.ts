import { create } from 'zustand';
import {
  signedOut,
  type AppInfo,
  type AppStatus,
  type SessionState,
  type SetAsideWorkspace,
  type SignInInput,
} from '../../shared/domain/session';
import type { AppSettings, AppSettingsPatch, Profile, ProfileInput } from '../../shared/domain/settings';
import type { ConnectionTestInput, ConnectionTestResult } from '../../shared/domain/admin';
import type { AppErrorShape, Result } from '../../shared/result';
import { call, subscribe } from '../bridge/api';
import { setLanguage } from '../i18n';

export interface AppState {
  ready: boolean;
  info: AppInfo | null;
  session: SessionState;
  status: AppStatus;
  settings: AppSettings | null;
  profiles: Profile[];
  /** Why the last session ended on its own (token refused, password changed). */
  sessionEndedBy: AppErrorShape | null;
  /** Damaged workspaces set aside that nobody has acknowledged yet (a banner until someone does). */
  setAside: SetAsideWorkspace[];
  acknowledgeSetAside: () => Promise<void>;
  init: () => Promise<void>;
  signIn: (input: SignInInput) => Promise<Result<SessionState>>;
  startTraining: () => Promise<Result<SessionState>>;
  resume: () => Promise<Result<SessionState>>;
  signOut: (forget?: boolean) => Promise<void>;
  updateSettings: (patch: AppSettingsPatch) => Promise<Result<AppSettings>>;
  saveProfile: (input: ProfileInput) => Promise<Result<Profile>>;
  deleteProfile: (id: string) => Promise<Result<{ deleted: boolean }>>;
  /** "Test connection": a login at the typed address with typed credentials; nothing is saved. */
  testConnection: (input: ConnectionTestInput) => Promise<Result<ConnectionTestResult>>;
  refreshProfiles: () => Promise<void>;
}

let unsubscribers: (() => void)[] = [];
/** Set while the user signs out, so that sign-out is not reported as an expired session. */
let userSignOut = false;

export const useApp = create<AppState>()((set, get) => ({
  ready: false,
  info: null,
  session: signedOut,
  status: { online: true, pendingWrites: 0, failedWrites: 0 },
  settings: null,
  profiles: [],
  sessionEndedBy: null,
  setAside: [],

  async acknowledgeSetAside() {
    const r = await call('app.acknowledgeSetAside', {});
    if (!r.ok) return;
    const list = await call('app.setAside', {});
    if (list.ok) set({ setAside: list.value });
  },

  async init() {
    for (const u of unsubscribers) u();
    // What an event told while the first reading was under way is newer than that reading: a
    // connection saved meanwhile was put on the sign-in screen, then taken off again by the
    // reading's older list (a loaded CI run).
    const heard = new Set<'session' | 'status' | 'setAside' | 'profiles' | 'settings'>();
    unsubscribers = [
      subscribe('session.changed', (session) => {
        heard.add('session');
        const wasSignedIn = get().session.signedIn;
        if (session.signedIn) userSignOut = false;
        const expired = wasSignedIn && !session.signedIn && !userSignOut;
        set({
          session,
          sessionEndedBy: expired
            ? { code: 'session_expired', message: '', ...(session.endedBy ? { params: { reason: session.endedBy } } : {}) }
            : session.signedIn
              ? null
              : get().sessionEndedBy,
        });
      }),
      subscribe('app.status', (status) => {
        heard.add('status');
        set({ status });
      }),
      subscribe('app.setAside', (setAside) => {
        heard.add('setAside');
        set({ setAside });
      }),
      subscribe('profiles.changed', (profiles) => {
        heard.add('profiles');
        set({ profiles });
      }),
      subscribe('settings.changed', (settings) => {
        heard.add('settings');
        setLanguage(settings.language);
        set({ settings });
      }),
    ];
    const [info, session, status, settings, profiles] = await Promise.all([
      call('app.info', {}),
      call('session.get', {}),
      call('app.status', {}),
      call('settings.get', {}),
      call('profiles.list', {}),
    ]);
    if (settings.ok && !heard.has('settings')) setLanguage(settings.value.language);
    const setAside = await call('app.setAside', {});
    set({
      ready: true,
      info: info.ok ? info.value : null,
      ...(heard.has('setAside') ? {} : { setAside: setAside.ok ? setAside.value : [] }),
      ...(heard.has('session') ? {} : { session: session.ok ? session.value : signedOut }),
      ...(heard.has('status') ? {} : { status: status.ok ? status.value : get().status }),
      ...(heard.has('settings') ? {} : { settings: settings.ok ? settings.value : null }),
      ...(heard.has('profiles') ? {} : { profiles: profiles.ok ? profiles.value : [] }),
    });
  },

  async signIn(input) {
    const r = await call('session.signIn', input);
    if (r.ok) set({ session: r.value, sessionEndedBy: null });
    await get().refreshProfiles();
    return r;
  },

  async startTraining() {
    const r = await call('session.startTraining', {});
    if (r.ok) set({ session: r.value, sessionEndedBy: null });
    await get().refreshProfiles();
    return r;
  },

  async resume() {
    const r = await call('session.resume', {});
    if (r.ok) set({ session: r.value, sessionEndedBy: null });
    return r;
  },

  async signOut(forget = false) {
    userSignOut = true;
    const r = await call('session.signOut', { forget });
    if (r.ok) set({ session: r.value, sessionEndedBy: null });
    await get().refreshProfiles();
  },

  async updateSettings(patch) {
    const r = await call('settings.update', patch);
    if (r.ok) {
      setLanguage(r.value.language);
      set({ settings: r.value });
    }
    return r;
  },

  async saveProfile(input) {
    const r = await call('profiles.save', input);
    await get().refreshProfiles();
    return r;
  },

  async deleteProfile(id) {
    const r = await call('profiles.delete', { id });
    await get().refreshProfiles();
    return r;
  },

  testConnection(input) {
    return call('profiles.test', input);
  },

  async refreshProfiles() {
    const [profiles, settings] = await Promise.all([call('profiles.list', {}), call('settings.get', {})]);
    set({ ...(profiles.ok ? { profiles: profiles.value } : {}), ...(settings.ok ? { settings: settings.value } : {}) });
  },
}));
