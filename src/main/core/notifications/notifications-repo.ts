import { clockOf, type Clock } from '../clock';
import { nodeCrypto } from '../builtins';
import type { NotificationSummary, ReceiverConfig, ReceiverConfigInput } from '../../../shared/domain/notifications';
import type { PackageKind } from '../../../shared/domain/packages';
import type { PackageNotification } from '../../../shared/service/webhooks';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { hashSecret, isHashed, newToken } from './secret-hash';
import type { Instant } from '../../../shared/domain/time';

interface Row {
  id: number;
  received_at: Instant;
  hook_name: string;
  package_id: string;
  package_type: string;
  package_status_id: number | null;
  package_status_name: string | null;
  reason_name: string | null;
  reason_desc: string | null;
  payload: string;
  matched_package_pk: number | null;
  m_kind: PackageKind | null;
  m_id: number | null;
  m_order: string | null;
}

export interface StoredNotification {
  id: number;
  receivedAt: string;
  notification: PackageNotification;
  matchedPk: number | null;
}

interface ConfigRow {
  enabled: number;
  host: string;
  port: number;
  path: string;
  auth: 'none' | 'basic' | 'bearer';
  user_name: string | null;
  secret: string | null;
  accepted_exposure: number;
}

export interface ReceiverSettings {
  enabled: boolean;
  host: string;
  port: number;
  path: string;
  auth: 'basic' | 'bearer';
  userName: string | null;
  /** Salted hash of the Bearer token or Basic password (secret-hash.ts); never the secret itself. */
  secretHash: string | null;
}

/** Stored notifications older than this are deleted (they are history; a sync has long replaced them). */
export const RETENTION_DAYS = 90;

const toSummary = (r: Row): NotificationSummary => ({
  id: r.id,
  receivedAt: r.received_at,
  hookName: r.hook_name,
  packageId: r.package_id,
  packageType: r.package_type,
  statusId: r.package_status_id,
  statusName: r.package_status_name,
  reasonName: r.reason_name,
  reasonDesc: r.reason_desc,
  matched: r.m_kind !== null && r.m_id !== null ? { kind: r.m_kind, id: r.m_id, orderNumber: r.m_order ?? null } : null,
});

/** Canonical JSON (sorted keys): the same event delivered again gives the same dedupe key. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export const dedupeKey = (n: PackageNotification) => nodeCrypto().createHash('sha256').update(canonical(n)).digest('hex');

/** An unguessable receiver path: 32 random URL-safe characters. */
export const randomPath = () => `/hooks/${nodeCrypto().randomBytes(24).toString('base64url')}`;

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '::1';

const SELECT = `SELECT n.*, p.kind AS m_kind, p.id AS m_id, p.order_number AS m_order FROM notifications n LEFT JOIN packages p ON p.pk = n.matched_package_pk`;

export function createNotificationsRepo(db: Db, clock: Clock = clockOf()) {
  const s = {
    insert: db.prepare(
      `INSERT INTO notifications (received_at, hook_name, package_id, package_type, package_status_id, package_status_name, reason_id, reason_name, reason_desc, payload, dedupe_key)
       VALUES (@receivedAt, @hookName, @packageId, @packageType, @statusId, @statusName, @reasonId, @reasonName, @reasonDesc, @payload, @key)
       ON CONFLICT (dedupe_key) DO NOTHING`,
    ),
    byKey: db.prepare<[string], { id: number }>('SELECT id FROM notifications WHERE dedupe_key = ?'),
    one: db.prepare<[number], Row>(`${SELECT} WHERE n.id = ?`),
    list: db.prepare<{ filter: string; limit: number; offset: number; before: number }, Row>(
      `${SELECT} WHERE n.id < @before AND (@filter = 'all' OR (@filter = 'matched' AND n.matched_package_pk IS NOT NULL) OR (@filter = 'unmatched' AND n.matched_package_pk IS NULL))
       ORDER BY n.id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<{ filter: string }, { n: number }>(
      `SELECT count(*) AS n FROM notifications n WHERE (@filter = 'all' OR (@filter = 'matched' AND n.matched_package_pk IS NOT NULL) OR (@filter = 'unmatched' AND n.matched_package_pk IS NULL))`,
    ),
    forPackage: db.prepare<[PackageKind, number], Row>(`${SELECT} WHERE p.kind = ? AND p.id = ? ORDER BY n.id`),
    unmatched: db.prepare<[string], { id: number; payload: string; received_at: string }>(
      'SELECT id, payload, received_at FROM notifications WHERE matched_package_pk IS NULL AND received_at >= ? ORDER BY id',
    ),
    setMatched: db.prepare<[number, string, number]>('UPDATE notifications SET matched_package_pk = ?, applied_at = ? WHERE id = ?'),
    total: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM notifications'),
    prune: db.prepare<[string]>('DELETE FROM notifications WHERE received_at < ?'),
    setSecret: db.prepare<[string | null, string, number]>('UPDATE receiver_config SET secret = ?, auth = ?, enabled = ? WHERE id = 1'),
    config: db.prepare<[], ConfigRow>('SELECT * FROM receiver_config WHERE id = 1'),
    initConfig: db.prepare<[string]>("INSERT OR IGNORE INTO receiver_config (id, path, auth) VALUES (1, ?, 'bearer')"),
    saveConfig: db.prepare(
      `UPDATE receiver_config SET enabled = @enabled, host = @host, port = @port, path = @path, auth = @auth, user_name = @userName,
         secret = @secret, accepted_exposure = @acceptedExposure WHERE id = 1`,
    ),
  };

  /**
   * The receiver's settings row. Rows written by older versions are brought up to date here: a
   * plain-text secret is replaced by its hash, and a receiver without credentials (auth "none")
   * is switched off until someone switches it on again, which creates a token.
   */
  function config(): ConfigRow & { auth: 'basic' | 'bearer' } {
    s.initConfig.run(randomPath());
    const c = s.config.get()!;
    if (c.auth === 'none') {
      s.setSecret.run(null, 'bearer', 0);
      return config();
    }
    if (c.secret !== null && !isHashed(c.secret)) {
      s.setSecret.run(hashSecret(c.secret), c.auth, c.enabled);
      return config();
    }
    return c as ConfigRow & { auth: 'basic' | 'bearer' };
  }

  return {
    /** Stores a notification once; returns its id and whether it is new. */
    insert(n: PackageNotification, receivedAt: string): { id: number; created: boolean } {
      const key = dedupeKey(n);
      const reason = 'packageStatusReasonName' in n ? n : null;
      const info = s.insert.run({
        receivedAt,
        hookName: n.hookName,
        packageId: n.packageId,
        packageType: n.packageType,
        statusId: n.packageStatusId,
        statusName: n.packageStatusName,
        reasonId: reason?.packageStatusReasonId ?? null,
        reasonName: reason?.packageStatusReasonName ?? null,
        reasonDesc: reason?.packageStatusReasonDesc ?? null,
        payload: JSON.stringify(n),
        key,
      });
      return { id: info.changes === 1 ? Number(info.lastInsertRowid) : s.byKey.get(key)!.id, created: info.changes === 1 };
    },
    get(id: number): NotificationSummary {
      const r = s.one.get(id);
      if (!r) throw new AppError('not_found', `no notification ${id}`, { reason: 'notification_not_found' });
      return toSummary(r);
    },
    /** Newest first; `beforeId` lists only the rows older than that one (then `offset` counts from there). */
    list(filter: 'all' | 'matched' | 'unmatched', offset: number, limit: number, beforeId?: number) {
      const before = beforeId ?? Number.MAX_SAFE_INTEGER;
      return { total: s.count.get({ filter })!.n, items: s.list.all({ filter, limit, offset, before }).map(toSummary) };
    },
    forPackage: (kind: PackageKind, id: number) => s.forPackage.all(kind, id).map(toSummary),
    unmatchedSince: (since: string) =>
      s.unmatched
        .all(since)
        .map((r) => ({ id: r.id, receivedAt: r.received_at, notification: JSON.parse(r.payload) as PackageNotification })),
    setMatched: (id: number, pk: number) => s.setMatched.run(pk, clock.iso(), id),
    total: () => s.total.get()!.n,
    /** Deletes notifications received before `before` (ISO time); returns how many. */
    prune: (before: string) => s.prune.run(before).changes,

    settings(): ReceiverSettings {
      const c = config();
      return {
        enabled: c.enabled === 1,
        host: c.host,
        port: c.port,
        path: c.path,
        auth: c.auth,
        userName: c.user_name,
        secretHash: c.secret,
      };
    },
    /** The settings row as it is, to be put back as it was (restoreConfig). */
    configSnapshot: (): ConfigRow => ({ ...config() }),
    restoreConfig(c: ConfigRow): void {
      s.saveConfig.run({
        enabled: c.enabled,
        host: c.host,
        port: c.port,
        path: c.path,
        auth: c.auth,
        userName: c.user_name,
        secret: c.secret,
        acceptedExposure: c.accepted_exposure,
      });
    },
    publicConfig(): ReceiverConfig {
      const c = config();
      return {
        enabled: c.enabled === 1,
        host: c.host,
        port: c.port,
        path: c.path,
        auth: c.auth,
        userName: c.user_name,
        secretSet: c.secret !== null,
      };
    },
    /**
     * Saves the receiver's settings. Credentials are always required: switching the receiver on
     * with Bearer and no token creates a random one (as does `newToken`); it is returned here once,
     * to be shown with the address, and only its hash is kept. Listening on anything but loopback
     * needs `acceptExposure` (TLS must be terminated in front: the receiver itself speaks HTTP).
     */
    configure(input: ReceiverConfigInput): { token: string | null } {
      const c = config();
      const host = input.host ?? c.host;
      const exposed = !isLoopback(host);
      const accepted = input.acceptExposure === true || (host === c.host && c.accepted_exposure === 1);
      if (exposed && !accepted) {
        throw new AppError('needs_confirmation', `listening on ${host} makes the receiver reachable from the network`, {
          reason: 'receiver_public',
          host,
        });
      }
      const auth = input.auth ?? c.auth;
      const enabled = input.enabled ?? c.enabled === 1;
      const userName = auth === 'basic' ? (input.userName ?? c.user_name)?.trim() || null : null;
      let token: string | null = null;
      let secret: string | null = auth === c.auth ? c.secret : null;
      if (input.secret !== undefined) secret = hashSecret(input.secret);
      else if (input.newToken || (enabled && auth === 'bearer' && !secret)) {
        if (auth !== 'bearer') throw new AppError('invalid_input', 'a token is only created for Bearer', { reason: 'token_bearer_only' });
        token = newToken();
        secret = hashSecret(token);
      }
      if (enabled && !secret)
        throw new AppError('invalid_input', `${auth} needs a password or token of at least 8 characters`, {
          reason: 'receiver_secret_short',
        });
      if (enabled && auth === 'basic' && !userName)
        throw new AppError('invalid_input', 'Basic needs a user name', { reason: 'receiver_user_missing' });
      s.saveConfig.run({
        enabled: enabled ? 1 : 0,
        host,
        port: input.port ?? c.port,
        path: input.newPath ? randomPath() : (input.path ?? c.path),
        auth,
        userName,
        secret,
        acceptedExposure: exposed ? 1 : 0,
      });
      return { token };
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
