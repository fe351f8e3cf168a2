import { z } from 'zod';
import { Empty } from '../domain/common';
import { AppInfo, AppStatus, SessionState, SetAsideWorkspace, SignedInTo, SignInInput, SignInToInput } from '../domain/session';
import { AppSettings, AppSettingsPatch, Profile, ProfileInput } from '../domain/settings';
import { ConnectionTestInput, ConnectionTestResult } from '../domain/admin';
import { method } from './define';
import { lazy } from '../lazy';

export const appMethods = {
  'app.info': method(Empty, AppInfo),
  'app.status': method(Empty, AppStatus),
  /** Damaged workspaces set aside that nobody has acknowledged yet (every command and the app say so). */
  'app.setAside': method(
    Empty,
    lazy(() => z.array(SetAsideWorkspace)),
  ),
  /** Someone has read what was set aside (all, or the one moved to `movedTo`): it is no longer announced. */
  'app.acknowledgeSetAside': method(
    lazy(() => z.strictObject({ movedTo: z.string().max(4096).optional() })),
    lazy(() => z.object({ acknowledged: z.number().int() })),
  ),
  'settings.get': method(Empty, AppSettings),
  'settings.update': method(AppSettingsPatch, AppSettings),
  'profiles.list': method(
    Empty,
    lazy(() => z.array(Profile)),
  ),
  'profiles.save': method(ProfileInput, Profile),
  /** Tries the login at the typed address with the typed credentials; saves nothing. */
  'profiles.test': method(ConnectionTestInput, ConnectionTestResult),
  'profiles.delete': method(
    lazy(() => z.strictObject({ id: z.string().min(1).max(64) })),
    lazy(() => z.object({ deleted: z.boolean() })),
  ),
  'session.get': method(Empty, SessionState),
  'session.signIn': method(SignInInput, SessionState),
  /**
   * Saves a connection and signs in to it, once the service has accepted the user: a refused
   * password, or a service that cannot be reached, saves nothing (`wd login`).
   */
  'session.signInTo': method(SignInToInput, SignedInTo),
  /** Signs in with the password kept in the secret store for the active profile, if any. */
  'session.resume': method(Empty, SessionState),
  'session.signOut': method(
    lazy(() => z.strictObject({ forget: z.boolean().default(false) })),
    SessionState,
  ),
  /** Starts the in-process sandbox and signs in to it. */
  'session.startTraining': method(Empty, SessionState),
} as const;

export const appEvents = {
  'session.changed': SessionState,
  'app.status': AppStatus,
  /** The damaged workspaces set aside and not yet acknowledged changed. */
  'app.setAside': lazy(() => z.array(SetAsideWorkspace)),
  'settings.changed': AppSettings,
  /** The connections changed (saved or deleted by this app's core, in any window or host). */
  'profiles.changed': lazy(() => z.array(Profile)),
} as const;
