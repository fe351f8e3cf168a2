import { existsSync, statSync } from 'node:fs';
import { clockOf } from './clock';
import { join } from 'node:path';
import { methodNames, type Input, type MethodName, type Output } from '../../shared/contract';
import type { AppSettings, Profile } from '../../shared/domain/settings';
import type { Result } from '../../shared/result';
import { createAdminGate, needsAdmin, TRUSTED_CALLER } from './admin/admin-gate';
import { pinCopyIn } from './admin/pin-copy';
import { HttpClient } from './api/http';
import { createAppHandlers } from './app-handlers';
import type { CoreContext, CoreOptions } from './context';
import { appMigrations } from './db/migrations/app';
import { openDatabase } from './db/open';
import { ensurePrivateDir } from './paths';
import { AppError, storageFailure } from './errors';
import { EventBus } from './events';
import { features } from './features';
import type { Handlers } from './handler-types';
import { createInvoker, type Invoke } from './invoke';
import { CLOSE_WAIT_MS, type OutboxSender } from './outbox/outbox';
import { noSecretStore } from './secrets';
import { Session } from './session/session';
import { createProfilesRepo, TRAINING_PROFILE_ID } from './settings/profiles-repo';
import { createSettingsRepo } from './settings/settings-repo';
import { withSettingsCopy } from './settings/settings-copy';
import { StatusTracker } from './status';
import { Training } from './training';
import { connectionsToRecover, openWorkspace, removeWorkspace, type Workspace } from './workspace';
import { listSetAside, setAside, workspaceIsDamaged } from './workspace-aside';
import { backupWorkspace } from './workspace-backup';

// What the hosts need besides createCore: they import this index only (the layers lint rule).
export type { CoreOptions } from './context';
export { isAppError, storageFailure } from './errors';
export type { SecretStore } from './secrets';
export type { StartTrainingService, TrainingService } from './training';

export interface Core {
  /**
   * Contract dispatch: every host calls this after its own sender checks, naming the caller (the
   * window or page); administrator methods are refused unless that caller unlocked the PIN.
   */
  invoke: Invoke;
  /** The same dispatch, typed by the contract, as the trusted caller (the `wd` CLI and tests). */
  call<M extends MethodName>(method: M, input: Input<M>): Promise<Result<Output<M>>>;
  bus: EventBus;
  /**
   * The app's settings as they are now, read synchronously (the web host: the language of a
   * refusal, the image server its page's CSP allows). A change is announced by `settings.changed`.
   */
  settings(): AppSettings;
  /** Direct access for tests (a host uses the contract, `settings()` and `bus`). */
  ctx: CoreContext;
  close(): Promise<void>;
  /**
   * Closes at once, synchronously: no wait for a write in flight (it stays queued and is sent
   * again, with the same idempotency key, by the next start), the databases closed before it
   * returns. For an end the host cannot delay (Windows shutting down: Electron's 'session-end').
   */
  closeNow(): void;
}

/**
 * Builds the core: app database, session, training sandbox, and the handlers that implement the
 * contract. Node only; never imports electron, so all of it runs under plain Node in tests.
 */
export function createCore(options: CoreOptions): Core {
  ensurePrivateDir(options.dataDir);
  const clock = clockOf(options.now);
  const log = options.log ?? ((msg: string, e?: unknown) => console.error(`[core] ${msg}`, e ?? ''));
  const dbOptions = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  const appDbFile = join(options.dataDir, 'app.db');
  // Deleted or emptied: the app settings come back from their copy (settings/settings-copy.ts).
  const appDbFresh = !existsSync(appDbFile) || statSync(appDbFile).size === 0;
  const appDb = openDatabase(appDbFile, appMigrations, dbOptions);
  const wsOptions = options.quickCheckMaxBytes === undefined ? dbOptions : { ...dbOptions, quickCheckMaxBytes: options.quickCheckMaxBytes };
  const bus = new EventBus();
  const status = new StatusTracker(bus);
  const http = new HttpClient(options.beforeHttpClient);
  const secrets = options.secrets ?? noSecretStore;
  const settings = withSettingsCopy(createSettingsRepo(appDb), options.dataDir, appDbFresh, clock);
  const profiles = createProfilesRepo(appDb, clock);
  // An earlier version made the training connection the active one after training: not any more.
  if (settings.get().activeProfileId === TRAINING_PROFILE_ID) settings.update({ activeProfileId: null });
  recoverConnections();

  /**
   * app.db was lost (deleted, or replaced after damage, or by an older copy) while workspaces
   * remain: their connections come back under their own ids, so the open counts and unsent writes
   * in them are this app's again (a new connection would have had a new, empty workspace). Looked
   * at every start, so a workspace that could not be read once is taken back the next time; one
   * deleted on purpose is marked and stays out. Without an active connection, the one opened last
   * becomes it.
   */
  function recoverConnections() {
    const kept = connectionsToRecover(options.dataDir, new Set(profiles.list().map((p) => p.id)), dbOptions, log);
    for (const c of kept) {
      try {
        profiles.restore(c);
        log(`connection “${c.name}” (${c.omsUrl}) taken back from its workspace`);
      } catch (e) {
        log(`the connection of workspace ${c.id} could not be taken back`, e);
      }
    }
    const last = kept.filter((c) => profiles.find(c.id)).sort((a, b) => b.openedAt.localeCompare(a.openedAt))[0];
    if (last && !settings.get().activeProfileId) settings.update({ activeProfileId: last.id });
  }
  let current: Workspace | null = null;
  let detach: (() => void)[] = [];
  const extra = new Map<string, Workspace>();

  const training = new Training(profiles, options.trainingService, options.training, () => {
    // A new sandbox has new data: start its workspace from a clean slate.
    if (current?.profile.id === TRAINING_PROFILE_ID) return;
    extra.get(TRAINING_PROFILE_ID)?.close();
    extra.delete(TRAINING_PROFILE_ID);
    removeWorkspace(options.dataDir, TRAINING_PROFILE_ID);
  });

  function stopFeatures() {
    for (const d of detach.reverse()) {
      try {
        d();
      } catch (e) {
        log('stopping a feature failed', e);
      }
    }
    detach = [];
  }

  function switchWorkspace(profile: Profile | null) {
    if (current && current.profile.id !== profile?.id) {
      stopFeatures();
      current.close();
      current = null;
    }
    if (profile && !current) {
      const open = extra.get(profile.id);
      extra.delete(profile.id);
      current = open ?? openAnnounced(profile);
      const ws = current;
      // Background work (sync schedule, outbox) runs while a session has its workspace open.
      for (const f of features) if (f.attach) detach.push(f.attach(ws, ctx));
      if (options.background !== false) detach.push(scheduleBackups(ws));
    }
    if (current && profile) current.profile = profile;
  }

  /** A daily copy of the open workspace (a minute after sign-in, then looked at every 6 hours). */
  function scheduleBackups(ws: Workspace): () => void {
    const run = () => {
      // Off the core's thread (workspace-backup.ts): scans are answered while the copy is made.
      backupWorkspace(options.dataDir, ws, undefined, dbOptions).catch((e: unknown) => {
        log(`backup of workspace ${ws.profile.id} failed`, e);
        // The backup reads every page (VACUUM INTO): damage it meets is set aside and said.
        ctx.damaged(e);
      });
    };
    const first = setTimeout(run, 60_000);
    const every = setInterval(run, 6 * 3_600_000);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }

  const senders = new Map<string, OutboxSender>();
  for (const s of features.flatMap((f) => f.senders ?? [])) {
    if (senders.has(s.kind)) throw new Error(`two outbox senders for the kind ${s.kind}`);
    senders.set(s.kind, s);
  }

  const admin = createAdminGate(appDb, clock.now, options.adminIdleMs, pinCopyIn(options.dataDir, clock), log);
  const session = new Session({ profiles, settings, http, bus, status, secrets, onProfile: switchWorkspace, now: clock.now });

  function setAsideNow() {
    return listSetAside(options.dataDir).map((s) => ({ ...s, profileName: profiles.find(s.profileId)?.name ?? null }));
  }

  /** Opens a workspace; one found damaged is set aside, which the app hears at once (event app.setAside). */
  function openAnnounced(profile: Profile): Workspace {
    try {
      return openWorkspace(options.dataDir, profile, { ...wsOptions, clock });
    } catch (e) {
      const reason = e instanceof AppError ? e.params?.reason : undefined;
      if (reason === 'workspace_damaged' || reason === 'workspace_damaged_unread') bus.emit('app.setAside', setAsideNow());
      throw e;
    }
  }

  /** See CoreContext.damaged. */
  function damaged(e: unknown): AppError | null {
    if (storageFailure(e)?.params?.reason !== 'data_damaged') return null;
    for (const ws of [current, ...extra.values()]) {
      if (!ws || !workspaceIsDamaged(ws)) continue;
      const signedIn = ws === current && session.isSignedIn();
      if (ws === current) {
        stopFeatures();
        current = null;
      } else extra.delete(ws.profile.id);
      try {
        ws.close();
      } catch (c) {
        log(`closing the damaged workspace ${ws.profile.id} failed`, c);
      }
      let error: AppError;
      try {
        error = setAside(ws.file, ws.profile, e, { ...wsOptions, clock });
      } catch (m) {
        log(`the damaged workspace ${ws.profile.id} could not be set aside`, m);
        return null;
      }
      log(error.message);
      bus.emit('app.setAside', setAsideNow());
      if (signedIn) session.signOut(false, 'workspace_set_aside');
      return error;
    }
    return null;
  }

  const ctx: CoreContext = {
    damaged,
    setAside: setAsideNow,
    options,
    clock,
    bus,
    status,
    http,
    secrets,
    appDb,
    settings,
    profiles,
    session,
    training,
    senders,
    admin,
    workspace() {
      if (current && session.isSignedIn()) return current;
      const active = options.offlineWorkspace ? settings.get().activeProfileId : null;
      if (active && profiles.find(active)) return ctx.openWorkspace(active);
      throw new AppError('not_signed_in', 'sign in first');
    },
    openWorkspace(profileId) {
      if (current?.profile.id === profileId) return current;
      let ws = extra.get(profileId);
      if (!ws) {
        ws = openAnnounced(profiles.get(profileId));
        extra.set(profileId, ws);
      }
      return ws;
    },
  };

  const handlers = { ...createAppHandlers(ctx) } as Partial<Handlers>;
  for (const f of features) Object.assign(handlers, f.handlers(ctx));
  const missing = methodNames.filter((m) => typeof handlers[m] !== 'function');
  if (missing.length > 0) throw new Error(`contract methods without a handler: ${missing.join(', ')}`);
  const invoke = createInvoker(
    handlers as Handlers,
    log,
    (name, input, { caller }) => {
      if (needsAdmin(name, input)) admin.require(caller);
    },
    damaged,
  );

  return {
    invoke,
    call: (method, input) => invoke(method, input, TRUSTED_CALLER) as Promise<Result<Output<typeof method>>>,
    bus,
    settings: () => settings.get(),
    ctx,
    async close() {
      session.dispose();
      stopFeatures();
      // A write in flight gets a short while to be answered and recorded; quit never waits longer.
      const open = [...(current ? [current] : []), ...extra.values()];
      await Promise.all(open.map((ws) => ws.closeGracefully(CLOSE_WAIT_MS)));
      closeWorkspaces();
      await training.stop();
      await http.close();
      appDb.close();
    },
    closeNow() {
      session.dispose();
      stopFeatures();
      // Workspace.close is synchronous: the outbox gives up its lease, the checkpointer's connection
      // is closed (it waits for it), then the database.
      closeWorkspaces();
      // Ends every request and the training sandbox; the databases do not wait for either.
      void training.stop().catch((e: unknown) => log('stopping training failed', e));
      void http.close().catch((e: unknown) => log('closing the HTTP client failed', e));
      appDb.close();
    },
  };

  function closeWorkspaces() {
    current?.close();
    current = null;
    for (const ws of extra.values()) ws.close();
    extra.clear();
  }
}
