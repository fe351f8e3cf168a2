import type { ReceiverConfigInput, ReceiverConfigured, ReceiverStatus } from '../../../shared/domain/notifications';
import type { PackageNotification } from '../../../shared/service/webhooks';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import { syncOf } from '../packages/sync';
import type { Workspace } from '../workspace';
import { applyToPackage, matchPackage } from './apply';
import { createNotificationsRepo, RETENTION_DAYS } from './notifications-repo';
import { startReceiver, type ReceiverHandle } from './receiver';

const DAY = 86_400_000;

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

  constructor(
    private ws: Workspace,
    private ctx: CoreContext,
  ) {
    this.repo = createNotificationsRepo(ws.db);
  }

  receive(n: PackageNotification): { id: number; created: boolean; matched: boolean } {
    const receivedAt = new Date().toISOString();
    const result = this.ws.db.transaction(() => {
      const stored = this.repo.insert(n, receivedAt);
      if (!stored.created) return { ...stored, matched: false };
      const match = matchPackage(this.ws.db, n);
      if (match) {
        applyToPackage(this.ws, match.pk, n, receivedAt);
        this.repo.setMatched(stored.id, match.pk);
      }
      return { ...stored, matched: match !== null };
    })();
    if (result.created) {
      this.ctx.bus.emit('notifications.received', this.repo.get(result.id));
      if (result.matched) this.ctx.bus.emit('packages.changed', { reason: 'notification' });
      else this.syncSoon();
      this.publish();
    }
    return result;
  }

  /** Deletes notifications older than the retention period (at every start and after every sync). */
  prune(now = Date.now()): number {
    return this.repo.prune(new Date(now - RETENTION_DAYS * DAY).toISOString());
  }

  /** After a sync: notifications that matched nothing may match now. */
  rematch(): number {
    this.prune();
    let applied = 0;
    this.ws.db.transaction(() => {
      for (const u of this.repo.unmatchedSince(new Date(Date.now() - 30 * DAY).toISOString())) {
        const match = matchPackage(this.ws.db, u.notification);
        if (!match) continue;
        applyToPackage(this.ws, match.pk, u.notification, u.receivedAt);
        this.repo.setMatched(u.id, match.pk);
        applied += 1;
      }
    })();
    if (applied > 0) this.ctx.bus.emit('packages.changed', { reason: 'notification' });
    return applied;
  }

  /** An unmatched notification is about a package the cache does not have yet: fetch it. */
  private syncSoon() {
    if (this.syncTimer || !this.ctx.session.isSignedIn() || this.ctx.options.background === false) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      try {
        const sync = syncOf(this.ctx.workspace(), this.ctx);
        if (!sync.isRunning()) sync.start({ from: new Date(Date.now() - 7 * DAY).toISOString() });
      } catch {
        // signed out meanwhile
      }
    }, 5_000);
    this.syncTimer.unref();
  }

  async start(): Promise<void> {
    await this.stop();
    this.prune();
    const settings = this.repo.settings();
    if (!settings.enabled) {
      this.publish();
      return;
    }
    try {
      this.handle = await startReceiver(
        settings,
        (n) => {
          this.receive(n);
        },
        (e) => this.ctx.options.log?.('receiver', e),
      );
      this.lastError = null;
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
    }
    this.publish();
  }

  async stop(): Promise<void> {
    const h = this.handle;
    this.handle = null;
    await h?.close();
  }

  /** Saves the settings and restarts; `token` is a Bearer token created just now (shown once). */
  async configure(input: ReceiverConfigInput): Promise<ReceiverConfigured> {
    const { token } = this.repo.configure(input);
    await this.start();
    const s = this.status();
    if (s.config.enabled && !s.running)
      throw new AppError('unavailable', `the receiver could not start: ${this.lastError ?? 'unknown error'}`);
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

export const notificationsOf = (ws: Workspace, ctx: CoreContext) => ws.service('notifications', () => new NotificationsService(ws, ctx));
