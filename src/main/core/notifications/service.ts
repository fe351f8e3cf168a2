import type { ReceiverConfigInput, ReceiverConfigured, ReceiverStatus } from '../../../shared/domain/notifications';
import { RETURNS_LOOKBACK_DAYS } from '../../../shared/domain/packages';
import type { PackageNotification } from '../../../shared/service/webhooks';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import { syncOf } from '../packages/sync';
import type { Workspace } from '../workspace';
import { applyToPackage, matchPackage } from './apply';
import { createNotificationsRepo, RETENTION_DAYS } from './notifications-repo';
import { startReceiver, type ReceiverHandle } from './receiver';

const DAY = 86_400_000;
/** At most one catch-up sync for unmatched notifications in this long, however many arrive. */
export const CATCH_UP_EVERY_MS = 60_000;
/** The first catch-up waits this long, so a burst of notifications shares it. */
const CATCH_UP_DELAY_MS = 5_000;

export interface NotificationsOptions {
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => NodeJS.Timeout;
  /** Catch-up syncs run in the background (off in the CLI and most tests, like ctx.options.background). */
  background?: boolean;
}

/**
 * Receiving and applying package notifications for one workspace. A notification is stored and
 * applied to its cached package in one transaction, before the receiver answers 200. One that
 * matches no cached package is kept (visible, unmatched), a sync is started, and it is applied
 * when a later sync brings its package.
 */
export class NotificationsService {
  readonly repo;
  private handle: ReceiverHandle | null = null;
  private lastError: string | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  private lastCatchUp = -Infinity;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => NodeJS.Timeout;

  constructor(
    private ws: Workspace,
    private ctx: CoreContext,
    private opts: NotificationsOptions = {},
  ) {
    this.repo = createNotificationsRepo(ws.db, ws.clock);
    this.now = opts.now ?? ctx.clock.now;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  }

  receive(n: PackageNotification): { id: number; created: boolean; matched: boolean; applied: boolean } {
    const receivedAt = this.ctx.clock.iso();
    const result = this.ws.db.transaction(() => {
      const stored = this.repo.insert(n, receivedAt);
      if (!stored.created) return { ...stored, matched: false, applied: false };
      const match = matchPackage(this.ws.db, n);
      let stale: string | null = null;
      if (match) {
        stale = applyToPackage(this.ws, match.pk, n, receivedAt);
        this.repo.setMatched(stored.id, match.pk);
      }
      return { ...stored, matched: match !== null, applied: match !== null && stale === null };
    })();
    if (result.created) {
      this.ctx.bus.emit('notifications.received', { ...this.repo.get(result.id), profileId: this.ws.profile.id });
      if (result.applied) this.ctx.bus.emit('packages.changed', { reason: 'notification' });
      else this.syncSoon();
      this.publish();
    }
    return result;
  }

  /** Deletes notifications older than the retention period (at every start and after every sync). */
  prune(now = this.ctx.clock.now()): number {
    return this.repo.prune(new Date(now - RETENTION_DAYS * DAY).toISOString());
  }

  /** After a sync: notifications that matched nothing may match now. */
  rematch(): number {
    this.prune();
    let applied = 0;
    this.ws.db.transaction(() => {
      for (const u of this.repo.unmatchedSince(new Date(this.ctx.clock.now() - 30 * DAY).toISOString())) {
        const match = matchPackage(this.ws.db, u.notification);
        if (!match) continue;
        // A sync may have brought a record fresher than this notification: then it only matches.
        if (applyToPackage(this.ws, match.pk, u.notification, u.receivedAt) === null) applied += 1;
        this.repo.setMatched(u.id, match.pk);
      }
    })();
    if (applied > 0) this.ctx.bus.emit('packages.changed', { reason: 'notification' });
    return applied;
  }

  /**
   * An unmatched notification is about a package the cache does not have yet: fetch it. Coalesced:
   * one catch-up sync serves every notification that arrives before it starts, and at most one
   * starts per minute (a flood of notifications for unknown packages must not mean a flood of syncs).
   */
  private syncSoon() {
    const background = this.opts.background ?? this.ctx.options.background !== false;
    if (this.syncTimer || !this.ctx.session.isSignedIn() || !background) return;
    const wait = Math.max(CATCH_UP_DELAY_MS, this.lastCatchUp + CATCH_UP_EVERY_MS - this.now());
    this.syncTimer = this.setTimer(() => {
      this.syncTimer = null;
      this.catchUp();
    }, wait);
    this.syncTimer.unref?.();
  }

  /** The newest return notification whose catch-up looked RETURNS_LOOKBACK_DAYS back. */
  private returnsLookedBackTo = 0;

  /**
   * Starts a sync of the days the unmatched notifications can be about: a week before the earliest,
   * for returns RETURNS_LOOKBACK_DAYS (a return comes in weeks after its order, whose date the
   * list may filter by).
   */
  private catchUp(): void {
    this.lastCatchUp = this.now();
    const unmatched = this.repo.unmatchedSince(new Date(this.now() - 7 * DAY).toISOString());
    if (unmatched.length === 0) return;
    const earliest = Math.min(...unmatched.map((u) => Date.parse(u.receivedAt)));
    // The long look back once for each return notification that came since the last one: one whose
    // return never comes would have had every catch-up (one a minute, for a week) page 60 days.
    const newReturns = unmatched.filter((u) => u.notification.packageType === 'Return' && u.id > this.returnsLookedBackTo);
    try {
      const sync = syncOf(this.ctx.workspace(), this.ctx);
      if (!sync.isRunning()) {
        sync.start({
          from: new Date(earliest - 7 * DAY).toISOString(),
          ...(newReturns.length > 0
            ? {
                returnsFrom: new Date(
                  Math.min(...newReturns.map((u) => Date.parse(u.receivedAt))) - RETURNS_LOOKBACK_DAYS * DAY,
                ).toISOString(),
              }
            : {}),
        });
        this.returnsLookedBackTo = Math.max(this.returnsLookedBackTo, ...newReturns.map((u) => u.id));
      }
    } catch {
      // signed out meanwhile
    }
  }

  /**
   * (Re)starts the receiver with its stored settings. Never rejects: it runs from `attach`, where a
   * rejection would end the process (a damaged settings page did, 3 s after every sign-in). A
   * failure is kept as `lastError`, logged, and damage sets the workspace aside (ctx.damaged).
   */
  async start(): Promise<void> {
    try {
      await this.stop();
      this.prune();
      const settings = this.repo.settings();
      if (!settings.enabled) {
        this.publish();
        return;
      }
      this.handle = await startReceiver(
        settings,
        (n) => {
          this.receive(n);
        },
        (e) => this.ctx.options.log?.('receiver', e),
        // The core's one clock: the rate limit and how long a connection has been quiet.
        { now: this.now },
      );
      this.lastError = null;
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      this.ctx.options.log?.('the notification receiver could not start', e);
      if (this.ctx.damaged(e)) return;
    }
    try {
      this.publish();
    } catch (e) {
      this.ctx.options.log?.('the notification receiver could not say its state', e);
    }
  }

  async stop(): Promise<void> {
    const h = this.handle;
    this.handle = null;
    await h?.close();
  }

  /** Saves the settings and restarts; `token` is a Bearer token created just now (shown once). */
  async configure(input: ReceiverConfigInput): Promise<ReceiverConfigured> {
    const before = this.repo.configSnapshot();
    const { token } = this.repo.configure(input);
    await this.start();
    const s = this.status();
    if (s.config.enabled && !s.running) {
      const why = this.lastError ?? 'unknown error';
      // Settings that cannot start are not kept: the token the service was given (never shown
      // again) and the port it posts to stay as they were, and so does the receiver that ran.
      this.repo.restoreConfig(before);
      await this.start();
      throw new AppError('unavailable', `the receiver could not start: ${why}`, { reason: 'receiver_not_started' });
    }
    return { ...s, token };
  }

  status(): ReceiverStatus {
    return {
      config: this.repo.publicConfig(),
      running: this.handle !== null,
      url: this.handle?.url ?? null,
      lastError: this.lastError,
      received: this.repo.total(),
    };
  }

  private publish() {
    this.ctx.bus.emit('notifications.receiverChanged', this.status());
  }

  close(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    void this.stop();
  }
}

const createNotifications = (ws: Workspace, ctx: CoreContext) => new NotificationsService(ws, ctx);
export const notificationsOf = (ws: Workspace, ctx: CoreContext) => ws.service(createNotifications, ws, ctx);
