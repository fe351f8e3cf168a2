import type { Profile } from '../../../shared/domain/settings';
import type { AppErrorShape } from '../../../shared/result';
import type { Bound, OutboxStatements, Row } from './store';
import { blocksBy, parseService, sameService, serviceOf, serviceText, type BoundService, type OutboxSender } from './types';

/**
 * Which writes may go, and which wait for what (read-only; the runner in outbox.ts sends):
 * - per group, the oldest unsent write first; a refused one holds back its group ('group') or only
 *   the later writes that set one of its keys ('keys', RefusalBlocks);
 * - a write made for another service than the connection's now (its address or company changed)
 *   is held for an administrator (moved);
 * - a refused write is not sent again when a newer write that sets the same thing was accepted.
 */
export class QueueOrder {
  constructor(
    private readonly s: OutboxStatements,
    private readonly senders: ReadonlyMap<string, OutboxSender>,
    private readonly profile: () => Profile,
  ) {}

  /** The connection's services as they are now, for the statements that find moved writes. */
  bound(): Bound {
    const p = this.profile();
    return {
      oms: serviceText({ url: p.omsUrl, companyId: p.companyId })!,
      pim: serviceText({ url: p.pimUrl, companyId: p.companyId })!,
      pimKinds: JSON.stringify([...this.senders.values()].filter((x) => x.target === 'pim').map((x) => x.kind)),
    };
  }

  /** The service a kind of write goes to now (JSON, as the outbox's service column keeps it). */
  serviceNow(kind: string): string | null {
    return serviceText(serviceOf(this.senders.get(kind), this.profile()));
  }

  /** The service an unsent write was made for, when its kind now goes elsewhere (held for an administrator); else null. */
  movedFrom(row: Row): BoundService | null {
    if (row.state !== 'pending' && row.state !== 'failed') return null;
    const made = parseService(row.service);
    const now = serviceOf(this.senders.get(row.kind), this.profile());
    return made && now && !sameService(made, now) ? made : null;
  }

  /** How many unsent writes were made for another service than the connection's (held). */
  movedCount(): number {
    return this.s.movedCount.get(this.bound())?.n ?? 0;
  }

  /** The refused write that holds this pending one back, or null (see RefusalBlocks). */
  blockerOf(row: Row): number | null {
    if (row.state !== 'pending') return null;
    const older = this.s.olderHeld.all({ ...this.bound(), group: row.group_key, id: row.id });
    if (older.length === 0) return null;
    const sender = this.senders.get(row.kind);
    if (!sender || blocksBy(sender) === 'group' || !sender.keys) return older[0]!.id;
    const mine = new Set(sender.keys(JSON.parse(row.payload)));
    return older.find((o) => o.kind !== row.kind || sender.keys!(JSON.parse(o.payload)).some((k) => mine.has(k)))?.id ?? null;
  }

  keyed(row: Row): boolean {
    return blocksBy(this.senders.get(row.kind)) === 'keys';
  }

  /** For kinds that name their keys: no older write of the group that sets one of them is unfinished. */
  keysFree(row: Row): boolean {
    const keys = this.senders.get(row.kind)!.keys!;
    const mine = new Set(keys(JSON.parse(row.payload)));
    return !this.s.olderOpen
      .all(row.group_key, row.id)
      .some((o) => o.kind !== row.kind || keys(JSON.parse(o.payload)).some((k) => mine.has(k)));
  }

  /**
   * Writes that may go now: the head of each group (not held back by a refused write), and for
   * kinds that name their keys every write whose keys no older unfinished write of its group sets.
   */
  dueHeads(now: number): Row[] {
    const heads = this.s.heads.all(now).filter((r) => !this.keyed(r) && this.blockerOf(r) === null && !this.movedFrom(r));
    // One at a time per group still (a big product send is not fired all at once).
    const seen = new Set<string>();
    const keyed = this.s.pendingDue.all(now).filter((r) => {
      if (!this.keyed(r) || seen.has(r.group_key) || this.movedFrom(r) || !this.keysFree(r)) return false;
      seen.add(r.group_key);
      return true;
    });
    return [...heads, ...keyed].sort((a, b) => a.id - b.id);
  }

  /** When the next write can go (null: nothing can go without a person). */
  nextDue(): number | null {
    const waiting = this.s.waiting.all().filter((r) => !this.keyed(r) && this.blockerOf(r) === null && !this.movedFrom(r));
    const keyed = this.s.pendingAll.all().filter((r) => this.keyed(r) && !this.movedFrom(r) && this.keysFree(r));
    const due = [...waiting, ...keyed].map((r) => r.next_attempt_at);
    return due.length > 0 ? Math.min(...due) : null;
  }

  /** A newer accepted write of the same group that sets what this one sets, as the reason to refuse a retry. */
  newerAccepted(row: Row): AppErrorShape | null {
    const keys = this.senders.get(row.kind)?.keys;
    const mine = keys ? new Set(keys(JSON.parse(row.payload))) : null;
    for (const n of this.s.newerSent.all(row.group_key, row.id)) {
      const theirs = keys ? keys(JSON.parse(n.payload)) : [];
      const shared = mine ? theirs.find((k) => mine.has(k)) : undefined;
      if (mine && shared === undefined) continue;
      const [storageCode, sku] = shared?.split('\u0000') ?? [];
      return {
        code: 'conflict',
        message: `a newer write (#${n.id}${sku ? `, ${sku} at ${storageCode}` : ''}) was sent on ${n.sent_at}; sending this older one would overwrite it`,
        params: { reason: 'stale', newerId: n.id, sentAt: n.sent_at ?? '', sku: sku ?? '', storageCode: storageCode ?? '' },
      };
    }
    return null;
  }
}
