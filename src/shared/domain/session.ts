import { z } from 'zod';
import { Instant } from './time';
import { nonEmpty, text } from './common';
import { lazy } from '../lazy';
import { Profile, ProfileInput } from './settings';

/**
 * What the renderer may know about the session. The token and the password are never part of it:
 * outputs are parsed with this schema, so an extra field would be stripped before it leaves the core.
 */
export const SessionState = lazy(() =>
  z.object({
    signedIn: z.boolean(),
    user: text(200).nullable(),
    profileId: z.string().max(64).nullable(),
    profileName: text(80).nullable(),
    expiresAt: Instant.nullable(),
    /** Signed in with the training sandbox: nothing reaches the real service. */
    training: z.boolean(),
    /** Signed in from the local verifier because the service was unreachable; no token yet. */
    offline: z.boolean(),
    /** Signed out by itself: the service refused the session's password (changed meanwhile). */
    endedBy: z.enum(['password_refused', 'workspace_set_aside']).optional(),
  }),
);
export type SessionState = z.infer<typeof SessionState>;

export const signedOut: SessionState = {
  signedIn: false,
  user: null,
  profileId: null,
  profileName: null,
  expiresAt: null,
  training: false,
  offline: false,
};

export const SignInInput = lazy(() =>
  z.strictObject({
    profileId: z.string().min(1).max(64),
    userName: nonEmpty(200),
    password: z.string().min(1).max(500),
    remember: z.boolean().default(false),
    /** The user accepted keeping the password where the OS offers only weak storage (Linux basic_text). */
    allowWeakStorage: z.boolean().default(false),
  }),
);
export type SignInInput = z.input<typeof SignInInput>;

/** A connection to save and sign in to, saved only once the service accepts the user (`wd login`). */
export const SignInToInput = lazy(() =>
  z.strictObject({
    profile: ProfileInput,
    userName: nonEmpty(200),
    password: z.string().min(1).max(500),
  }),
);
export type SignInToInput = z.input<typeof SignInToInput>;

export const SignedInTo = lazy(() => z.object({ session: SessionState, profile: Profile }));
export type SignedInTo = z.infer<typeof SignedInTo>;

export const SecretStorageInfo = lazy(() =>
  z.object({
    available: z.boolean(),
    /** 'os' (Keychain, DPAPI, libsecret/kwallet), 'basic_text' (Linux fallback, weak), 'none'. */
    backend: z.enum(['os', 'basic_text', 'none']),
  }),
);
export type SecretStorageInfo = z.infer<typeof SecretStorageInfo>;

export const AppStatus = lazy(() =>
  z.object({
    /** Last contact with the service succeeded (or nothing has failed since sign-in). */
    online: z.boolean(),
    pendingWrites: z.number().int().min(0),
    failedWrites: z.number().int().min(0),
  }),
);
export type AppStatus = z.infer<typeof AppStatus>;

/**
 * A damaged workspace that was set aside (moved, kept) and that nobody has acknowledged yet: every
 * command and the app say so until someone does (or restores a backup).
 */
export const SetAsideWorkspace = lazy(() =>
  z.object({
    profileId: z.string(),
    /** The connection's name, when app.db still knows it. */
    profileName: z.string().nullable(),
    /** Where the damaged file was moved. */
    movedTo: z.string(),
    /** Its unsent writes and open counts, as far as they could be read (null: nothing could). */
    exported: z.string().nullable(),
    setAsideAt: z.string(),
    unsentWrites: z.number().int().min(0),
    openCounts: z.number().int().min(0),
  }),
);
export type SetAsideWorkspace = z.infer<typeof SetAsideWorkspace>;

export const AppInfo = lazy(() =>
  z.object({
    version: z.string(),
    host: z.enum(['electron', 'web', 'cli', 'test']),
    dataDir: z.string(),
    secretStorage: SecretStorageInfo,
  }),
);
export type AppInfo = z.infer<typeof AppInfo>;
