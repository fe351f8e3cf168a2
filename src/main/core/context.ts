import type { AppInfo, SetAsideWorkspace } from '../../shared/domain/session';
import type { AdminGate } from './admin/admin-gate';
import type { Clock } from './clock';
import type { AppError } from './errors';
import type { HttpClient } from './api/http';
import type { Db } from './db/open';
import type { EventBus } from './events';
import type { OutboxSender } from './outbox/outbox';
import type { SecretStore } from './secrets';
import type { Session } from './session/session';
import type { ProfilesRepo } from './settings/profiles-repo';
import type { SettingsRepo } from './settings/settings-repo';
import type { StatusTracker } from './status';
import type { StartTrainingService, Training, TrainingOptions } from './training';
import type { Workspace } from './workspace';

export interface CoreOptions {
  /** Where app.db and the workspaces live (one per install; WD_DATA_DIR / --data-dir override). */
  dataDir: string;
  host: AppInfo['host'];
  version?: string;
  secrets?: SecretStore;
  /** better-sqlite3 addon built for the running runtime (the Electron host passes its own). */
  nativeBinding?: string;
  /**
   * The host's build of the page reader (packages/page-reader-worker.ts): a sync reads its pages
   * on that thread. Without it, or when the file is missing, the core's thread reads them.
   */
  pageReader?: string;
  /**
   * Runs once, just before the HTTP client (undici) is loaded: the CLI sets V8's WebAssembly
   * flags there (hosts/cli/wasm-baseline.ts). Commands that never go online never run it.
   */
  beforeHttpClient?: () => void;
  training?: TrainingOptions;
  /** Starts the simulated service for training mode (the hosts pass the sandbox); without it training is unavailable. */
  trainingService?: StartTrainingService;
  /** Background timers (sync schedule, outbox, connectivity probe); off in some tests and the CLI. */
  background?: boolean;
  log?: (msg: string, e?: unknown) => void;
  /**
   * Hosts run by the owner of the data directory (the CLI): without a signed-in session, the
   * contract methods read and queue in the active profile's workspace (what `wd lookup` and
   * `wd inventory push` do with the network down). The app and the web host never set it.
   */
  offlineWorkspace?: boolean;
  /** The core's clock (`ctx.clock`: token expiry, write retries, leases …); tests move it instead of sleeping. */
  now?: () => number;
  /** Minutes without an administrator action before a window locks itself (default 10). */
  adminIdleMs?: number;
  /** Workspaces up to this size are checked when they open (default QUICK_CHECK_MAX_BYTES in workspace.ts; 0: never). */
  quickCheckMaxBytes?: number;
}

/** What feature modules get: the shared services of one running core. */
export interface CoreContext {
  options: CoreOptions;
  /** The one clock of the core (`CoreOptions.now`, else the wall clock): never Date.now() in a feature. */
  clock: Clock;
  bus: EventBus;
  status: StatusTracker;
  http: HttpClient;
  secrets: SecretStore;
  appDb: Db;
  settings: SettingsRepo;
  profiles: ProfilesRepo;
  session: Session;
  training: Training;
  /** Every feature's outbox senders by kind (Feature.senders). */
  senders: ReadonlyMap<string, OutboxSender>;
  /** The administrator PIN and which windows have unlocked it. */
  admin: AdminGate;
  /** The signed-in profile's workspace (with `offlineWorkspace`, else the active profile's); throws not_signed_in. */
  workspace(): Workspace;
  /** A profile's workspace without signing in (CLI reads); the current one if it is that profile. */
  openWorkspace(profileId: string): Workspace;
  /**
   * Called with any failure met anywhere (a handler, a background service, the daily backup): when
   * it is SQLite's "damaged" and an open workspace fails its check, that workspace is closed, set
   * aside with its unsent writes and open counts exported, and the session ends saying so. Returns
   * the error that says where it went, or null (not damage, or no workspace of ours is damaged).
   */
  damaged(e: unknown): AppError | null;
  /** The damaged workspaces set aside and not yet acknowledged (workspace.ts, listSetAside), with their connections' names. */
  setAside(): SetAsideWorkspace[];
}
