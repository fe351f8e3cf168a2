import type { AppStatus } from '../../shared/domain/session';
import type { EventBus } from './events';

/** Online/offline and pending-writes state shown in the always-visible status bar. */
export class StatusTracker {
  private state: AppStatus = { online: true, pendingWrites: 0, failedWrites: 0 };

  constructor(private bus: EventBus) {}

  get(): AppStatus {
    return { ...this.state };
  }

  setOnline(online: boolean): void {
    this.patch({ online });
  }

  setWrites(pendingWrites: number, failedWrites: number): void {
    this.patch({ pendingWrites, failedWrites });
  }

  private patch(p: Partial<AppStatus>): void {
    const next = { ...this.state, ...p };
    if (
      next.online === this.state.online &&
      next.pendingWrites === this.state.pendingWrites &&
      next.failedWrites === this.state.failedWrites
    )
      return;
    this.state = next;
    this.bus.emit('app.status', this.get());
  }
}
