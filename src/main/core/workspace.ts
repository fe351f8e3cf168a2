import Database from 'better-sqlite3';
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Profile } from '../../shared/domain/settings';
import { localDay, systemTimeZone } from '../../shared/domain/time';
import { LOG_LIMIT_FRAMES, startCheckpointer, type Checkpointer } from './db/checkpointer';
import { workspaceMigrations } from './db/migrations/workspace';
import { clockOf, type Clock } from './clock';
import { openDatabase, type Db, type OpenOptions } from './db/open';
import { AppError } from './errors';
import { ensurePrivateDir } from './paths';
import { connectionParams, fromConnectionColumns, type ConnectionColumns } from './settings/profiles-repo';

/**
 * Everything that belongs to one connection profile: its own SQLite file (package cache, counts,
 * outbox, inspections ...). Separate files keep training data away from real data and make sure a
 * queued write can only ever go to the service it was made for.
 */
export interface Workspace {
  profile: Profile;
  db: Db;
  file: string;
  /** The core's clock (ctx.clock), for the workspace's services that have no ctx. */
  clock: Clock;
  /**
   * One instance per workspace of a feature's service (repositories with their prepared
   * statements, the outbox, the sync engine), keyed by its factory: the first call runs
   * `factory(...args)`, later calls with the same factory return that instance (their args are not
   * used). Services with a close() are closed with the workspace.
   */
  service<A extends unknown[], T>(factory: (...args: A) => T, ...args: A): T;
  /**
   * From now on the log is checkpointed by a worker thread (db/checkpointer.ts), not by commits on
   * the core's thread. Called by work that writes a lot (a sync); idempotent. Resolves to whether
   * the worker took them over (false: SQLite's automatic checkpoints stay).
   */
  offloadCheckpoints(): Promise<boolean>;
  /**
   * Called by a sync before each commit: when the log holds more than `limitFrames` frames, waits
   * for a checkpoint that copies all of it (checkpointer.ts, catchUp), so the next commit starts
   * the log from its beginning again instead of making it longer. Resolves at once otherwise.
   */
  makeLogRoom(limitFrames?: number): Promise<void>;
  /**
   * Called when such work is done: when the log's file is larger than `limitBytes`, waits for a
   * checkpoint that copies the whole log and has the next commit cut the file back to that size
   * (LOG_FILE_LIMIT_BYTES by default; SQLite's journal_size_limit). Not during the work: cutting
   * a file the disk is still writing made the commit that did it, often a scan's, take up to 285 ms.
   */
  settleLog(limitBytes?: number): Promise<void>;
  /** Gives services with a settle(ms) (the outbox's write in flight) at most `ms` to finish, then closes. */
  closeGracefully(ms: number): Promise<void>;
  close(): void;
}

export function workspaceFile(dataDir: string, profileId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(profileId))
    throw new AppError('invalid_input', `bad profile id ${profileId}`, { reason: 'bad_profile_id' });
  return join(dataDir, 'workspaces', `${profileId}.db`);
}

/** A workspace connection's SQLite page cache, in KB (PRAGMA cache_size, negative: KiB). */
const PAGE_CACHE_KB = 8_000;

/** The size the log's file is cut back to after a sync (settleLog; SQLite's journal_size_limit). */
export const LOG_FILE_LIMIT_BYTES = 16 * 1024 * 1024;

/** Marks that a workspace file was created here, so a missing or empty one later is reported, not replaced. */
const markerOf = (file: string) => `${file}.created`;
/** Left where a damaged workspace was moved aside: the next sign-in starts a fresh cache. */
const movedNoteOf = (file: string) => `${file}.moved-aside.json`;

/**
 * Opens (or, on the first sign-in of a connection, creates) a profile's workspace.
 *
 * - A workspace that was created here but whose file is now missing or empty is reported
 *   (unavailable, params.reason 'workspace_missing'): replacing it silently would make the open
 *   count and the queued writes vanish without a word. Restore a backup, or remove the
 *   `.created` marker to start afresh.
 * - A damaged file (not a database, corrupt) is moved aside with a date in its name, its unsent
 *   writes and open counts are exported next to it when they can still be read, and the error
 *   says where (params.reason 'workspace_damaged'); signing in again starts a fresh cache.
 */
export function openWorkspace(dataDir: string, profile: Profile, options: OpenOptions & { clock?: Clock } = {}): Workspace {
  const file = workspaceFile(dataDir, profile.id);
  ensurePrivateDir(join(dataDir, 'workspaces'));
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (!size && existsSync(markerOf(file)) && !existsSync(movedNoteOf(file))) {
    throw new AppError(
      'unavailable',
      `the workspace of “${profile.name}” (${file}) is ${size === 0 ? 'empty' : 'missing'}: its open counts and unsent writes are not there. Restore a backup (README: Backups), or remove ${basename(markerOf(file))} to start with an empty cache`,
      { reason: 'workspace_missing', file },
    );
  }
  if (size === 0) rmSync(file);
  let db: Db;
  try {
    db = openDatabase(file, workspaceMigrations, options);
    try {
      checkOnOpen(db, size ?? 0, options.quickCheckMaxBytes ?? QUICK_CHECK_MAX_BYTES);
    } catch (e) {
      db.close();
      throw e;
    }
  } catch (e) {
    if (!isDamaged(e)) throw e;
    throw setAside(file, profile, e, options);
  }
  try {
    // Written once; a folder that cannot be written to still lets the workspace be read (`wd lookup`).
    if (!existsSync(markerOf(file))) writeFileSync(markerOf(file), `${new Date().toISOString()}\n`, { mode: 0o600 });
  } catch {
    // the marker only makes a missing file reported later; reading goes on without it
  }
  try {
    if (!profile.training) keepConnection(db, profile);
    recoverUnsent(db, movedNoteOf(file));
    rmSync(movedNoteOf(file), { force: true });
  } catch (e) {
    db.close();
    throw e;
  }
  // 8 MB of page cache (SQLite's default is 2 MB). It was 32 MB for the random inserts of a sync
  // into ordinary code indexes; the codes and the text are in FTS5 indexes now, which write whole
  // segments, and the pages a lookup reads come from the operating system's cache when they are
  // not in this one. Built `wd sync` of 120,000 packages, seven interleaved pairs: peak 208–247 MB
  // (median 234) against 231–278 MB (median 265), the sync as long (33.0–40.5 against 32.3–38.7 s);
  // every kind of search and list page as fast (docs/PERFORMANCE.md, fifteenth round).
  db.pragma(`cache_size = -${PAGE_CACHE_KB}`);
  let checkpointer: Checkpointer | null = null;
  /** journal_size_limit is set (settleLog) until the next makeLogRoom. */
  let cutBack = false;
  const services = new Map<(...args: never[]) => unknown, unknown>();
  const ws: Workspace = {
    profile,
    clock: options.clock ?? clockOf(),
    db,
    file,
    service<A extends unknown[], T>(factory: (...args: A) => T, ...args: A): T {
      if (!services.has(factory)) services.set(factory, factory(...args));
      return services.get(factory) as T;
    },
    offloadCheckpoints() {
      if (!db.open) return Promise.resolve(false);
      checkpointer ??= startCheckpointer(db, file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
      return checkpointer.ready;
    },
    async makeLogRoom(limitFrames = LOG_LIMIT_FRAMES) {
      if (cutBack) {
        db.pragma('journal_size_limit = -1');
        cutBack = false;
      }
      if (checkpointer?.active && checkpointer.frames > limitFrames) await checkpointer.catchUp();
    },
    async settleLog(limitBytes = LOG_FILE_LIMIT_BYTES) {
      if (!checkpointer?.active || !db.open) return;
      // A short log's file needs no cutting back: a small sync (the refresh, Review's) does not
      // wait for a checkpoint.
      if ((statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) <= limitBytes) return;
      db.pragma(`journal_size_limit = ${Math.max(0, Math.floor(limitBytes))}`);
      cutBack = true;
      await checkpointer.catchUp();
    },
    async closeGracefully(ms) {
      await Promise.all(
        [...services.values()].map((s) => (s as { settle?: (ms: number) => Promise<void> }).settle?.(ms) ?? Promise.resolve()),
      );
      ws.close();
    },
    close() {
      if (!db.open) return;
      for (const s of [...services.values()].reverse()) (s as { close?: () => void }).close?.();
      services.clear();
      checkpointer?.close();
      db.close();
    },
  };
  return ws;
}

/** How old the kept connection's "opened at" may grow before an open writes it again. */
const OPENED_AT_REFRESH_MS = 24 * 3_600_000;

/**
 * Keeps the connection in its workspace (migration 020): a lost app.db takes it back from here.
 * Written only when it changed (or its "opened at" is a day old), and never in the way: a
 * workspace another process is writing to, or a read-only file, still opens (the record waits for
 * the next open or save).
 */
function keepConnection(db: Database.Database, p: Profile): void {
  try {
    const params = { ...connectionParams(p), userName: p.userName };
    const row = db.prepare('SELECT * FROM connection WHERE one = 1').get() as
      (ConnectionColumns & { profile_id: string; opened_at: string }) | undefined;
    const same =
      row !== undefined &&
      row.profile_id === params.id &&
      row.name === params.name &&
      row.oms_url === params.omsUrl &&
      row.pim_url === params.pimUrl &&
      row.company_id === params.companyId &&
      row.storage_codes === params.storageCodes &&
      row.timestamp_unit === params.timestampUnit &&
      row.page_size === params.pageSize &&
      (params.userName === null || row.user_name === params.userName);
    if (same && Date.now() - Date.parse(row.opened_at) < OPENED_AT_REFRESH_MS) return;
    db.prepare(
      `INSERT INTO connection (one, profile_id, name, oms_url, pim_url, company_id, storage_codes, timestamp_unit, page_size, user_name, opened_at)
       VALUES (1, @id, @name, @omsUrl, @pimUrl, @companyId, @storageCodes, @timestampUnit, @pageSize, @userName, @now)
       ON CONFLICT (one) DO UPDATE SET profile_id = excluded.profile_id, name = excluded.name, oms_url = excluded.oms_url,
         pim_url = excluded.pim_url, company_id = excluded.company_id, storage_codes = excluded.storage_codes,
         timestamp_unit = excluded.timestamp_unit, page_size = excluded.page_size,
         user_name = coalesce(excluded.user_name, connection.user_name), opened_at = excluded.opened_at`,
    ).run({ ...params, now: new Date().toISOString() });
  } catch {
    // best effort: see above
  }
}

/**
 * A connection saved in Settings (another address, company or storage codes) is kept in its
 * workspace at once, not at its next sign-in: a lost app.db then takes back what was saved last.
 * Nothing happens for a connection without a workspace yet, or one from before migration 020.
 */
export function keepSavedConnection(dataDir: string, p: Profile, options: OpenOptions = {}): void {
  if (p.training) return;
  const file = workspaceFile(dataDir, p.id);
  if (!existsSync(file)) return;
  let db: Database.Database | null = null;
  try {
    db = new Database(file, {
      fileMustExist: true,
      timeout: 2_000,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'connection'").get()) keepConnection(db, p);
  } catch {
    // best effort: the next open writes it
  } finally {
    db?.close();
  }
}

/** A connection as its workspace keeps it, to be taken back into a fresh app.db. */
export type KeptConnection = { id: string; openedAt: string } & ReturnType<typeof fromConnectionColumns>;

/**
 * The connections of the workspaces in `dataDir` that app.db does not know (`known`), read from
 * the workspaces themselves (read-only): what a lost app.db takes back. Not the training
 * workspace, not one whose connection was deleted on purpose (its `.deleted` mark), not a damaged
 * one moved aside, and not one opened before migration 020 (it has no record of its connection).
 * A workspace that cannot be read is left as it is (its sign-in reports it).
 */
export function connectionsToRecover(
  dataDir: string,
  known: ReadonlySet<string>,
  options: OpenOptions = {},
  log?: (m: string, e?: unknown) => void,
): KeptConnection[] {
  const dir = join(dataDir, 'workspaces');
  if (!existsSync(dir)) return [];
  const found: KeptConnection[] = [];
  for (const name of readdirSync(dir)) {
    const id = /^([A-Za-z0-9-]{1,64})\.db$/.exec(name)?.[1];
    if (!id || id === 'training' || known.has(id)) continue;
    const file = join(dir, name);
    if (existsSync(deletedMarkOf(file))) continue;
    let db: Database.Database | null = null;
    try {
      db = new Database(file, {
        readonly: true,
        fileMustExist: true,
        ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      });
      const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'connection'").get();
      const row = has
        ? (db.prepare('SELECT * FROM connection WHERE one = 1').get() as
            (ConnectionColumns & { profile_id: string; opened_at: string }) | undefined)
        : undefined;
      if (row && row.profile_id === id) found.push({ id, openedAt: row.opened_at, ...fromConnectionColumns(row) });
    } catch (e) {
      log?.(`the connection of workspace ${name} could not be read`, e);
    } finally {
      db?.close();
    }
  }
  return found;
}

/** Marks a workspace whose connection was deleted: a fresh app.db does not take it back. */
const deletedMarkOf = (file: string) => `${file}.deleted`;

/** A connection was deleted on purpose: its workspace stays on the disk (its data is not thrown away) but is not taken back. */
export function markWorkspaceDeleted(dataDir: string, profileId: string): void {
  const file = workspaceFile(dataDir, profileId);
  if (existsSync(file)) writeFileSync(deletedMarkOf(file), `${new Date().toISOString()}\n`, { mode: 0o600 });
}

/** Training starts from a clean slate every time: its sandbox is new, so is its workspace. */
export function removeWorkspace(dataDir: string, profileId: string): void {
  const file = workspaceFile(dataDir, profileId);
  for (const f of [file, `${file}-wal`, `${file}-shm`, markerOf(file)]) if (existsSync(f)) rmSync(f);
}

/**
 * A workspace up to this size is checked when it opens (`PRAGMA quick_check`: every page of every
 * table and index read once; about 0.1 s for 64 MB from the system's cache). A larger one is read
 * in full by the daily backup (VACUUM INTO), whose damage is treated the same way.
 */
export const QUICK_CHECK_MAX_BYTES = 128 * 1024 * 1024;

/**
 * Damage inside a workspace (a garbled page) let it open and "work" until a statement read that
 * page: the app then failed on every start (issue 47, item 11). Checked once when it opens; damage
 * is thrown as SQLITE_CORRUPT, which the open treats as for a damaged header.
 */
function checkOnOpen(db: Db, size: number, maxBytes: number): void {
  if (size > maxBytes) return;
  const found = db.pragma('quick_check(1)', { simple: true });
  if (found !== 'ok') throw Object.assign(new Error(`database disk image is malformed: ${String(found)}`), { code: 'SQLITE_CORRUPT' });
}

/**
 * Whether an open workspace is damaged (a statement met SQLITE_CORRUPT, or the daily backup
 * could not read it): quick_check says so. A check that itself fails on the damage says so too.
 */
export function workspaceIsDamaged(ws: Workspace): boolean {
  if (!ws.db.open) return false;
  try {
    return ws.db.pragma('quick_check(1)', { simple: true }) !== 'ok';
  } catch (e) {
    return isDamaged(e);
  }
}

/**
 * Sets a damaged workspace aside (closed by the caller first): moved with a date in its name, its
 * unsent writes and open counts exported next to it when they can still be read. Returns the error
 * that says so (params.reason 'workspace_damaged' / 'workspace_damaged_unread').
 */
export function setAside(file: string, profile: Profile, e: unknown, options: OpenOptions = {}): AppError {
  const aside = moveAside(file, options);
  return new AppError(
    'unavailable',
    `the workspace of “${profile.name}” is damaged (${e instanceof Error ? e.message : String(e)}); it was moved to ${aside.movedTo}${aside.exported ? ` and its unsent writes and open counts were saved in ${aside.exported}` : ' and nothing in it could be read'}. Sign in again to start with a fresh cache`,
    aside.exported
      ? { reason: 'workspace_damaged', movedTo: aside.movedTo, exported: aside.exported }
      : { reason: 'workspace_damaged_unread', movedTo: aside.movedTo },
  );
}

/** Left beside a damaged file set aside once someone has acknowledged it (app.acknowledgeSetAside). */
const acknowledgedOf = (movedTo: string) => `${movedTo}.acknowledged`;

/** A damaged workspace set aside, as listSetAside finds it. */
export interface SetAsideFile {
  profileId: string;
  movedTo: string;
  exported: string | null;
  setAsideAt: string;
  unsentWrites: number;
  openCounts: number;
}

/**
 * The damaged workspaces set aside in `dataDir` that nobody has acknowledged: found from the kept
 * files themselves (`<profile>.damaged-<time>.db`), so the next open of a fresh workspace, or a
 * lost app.db, does not make them quiet (issue 47, item 4). Oldest first.
 */
export function listSetAside(dataDir: string): SetAsideFile[] {
  const dir = join(dataDir, 'workspaces');
  if (!existsSync(dir)) return [];
  const found: SetAsideFile[] = [];
  for (const name of readdirSync(dir).sort()) {
    const m = /^([A-Za-z0-9-]{1,64})\.damaged-(.+)\.db$/.exec(name);
    if (!m) continue;
    const movedTo = join(dir, name);
    if (existsSync(acknowledgedOf(movedTo))) continue;
    const exportFile = movedTo.replace(/\.db$/, '.export.json');
    let exported: string | null = null;
    let unsentWrites = 0;
    let openCounts = 0;
    try {
      const saved = JSON.parse(readFileSync(exportFile, 'utf8')) as { unsentWrites?: unknown[] | null; openCounts?: unknown[] | null };
      exported = exportFile;
      unsentWrites = saved.unsentWrites?.length ?? 0;
      openCounts = saved.openCounts?.length ?? 0;
    } catch {
      // nothing could be read from it (or the export is gone): the file itself is announced
    }
    const [, profileId, when] = m as unknown as [string, string, string];
    // The time in its name: 2026-12-05T23-50-46-123Z.
    const iso = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(when);
    const setAsideAt = iso ? `${iso[1]}T${iso[2]}:${iso[3]}:${iso[4]}.${iso[5]}Z` : statSync(movedTo).mtime.toISOString();
    found.push({ profileId, movedTo, exported, setAsideAt, unsentWrites, openCounts });
  }
  return found;
}

/** Someone has read it: a set-aside workspace (all, or the one at `movedTo`) is no longer announced. Returns how many. */
export function acknowledgeSetAside(dataDir: string, movedTo?: string): number {
  let n = 0;
  for (const s of listSetAside(dataDir)) {
    if (movedTo !== undefined && s.movedTo !== movedTo) continue;
    writeFileSync(acknowledgedOf(s.movedTo), `${new Date().toISOString()}\n`, { mode: 0o600 });
    n++;
  }
  return n;
}

export function isDamaged(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/** Moves a damaged workspace aside (kept, dated) after saving what can still be read of its unsent writes and open counts. */
function moveAside(file: string, options: OpenOptions): { movedTo: string; exported: string | null } {
  const when = stamp(new Date());
  const movedTo = file.replace(/\.db$/, `.damaged-${when}.db`);
  let exported: string | null = null;
  try {
    const raw = new Database(file, {
      readonly: true,
      fileMustExist: true,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
    try {
      // A file cut short (shorter than its header says) is refused unless schema errors are
      // ignored; better-sqlite3 allows that only in its unsafe mode. Read only, for the export.
      raw.unsafeMode(true);
      raw.pragma('writable_schema = ON');
      const read = (sql: string) => {
        try {
          return raw.prepare(sql).all();
        } catch {
          return null;
        }
      };
      const unsent = read("SELECT * FROM outbox WHERE state IN ('pending', 'sending', 'failed') ORDER BY id");
      const counts = read("SELECT * FROM count_sessions WHERE state = 'open' ORDER BY id");
      const lines = read("SELECT l.* FROM count_lines l JOIN count_sessions s ON s.id = l.session_id WHERE s.state = 'open'");
      if (unsent || counts) {
        exported = file.replace(/\.db$/, `.damaged-${when}.export.json`);
        writeFileSync(
          exported,
          JSON.stringify(
            { exportedAt: new Date().toISOString(), unsentWrites: unsent, openCounts: counts, openCountLines: lines },
            null,
            2,
          ),
          { mode: 0o600 },
        );
      }
    } finally {
      raw.close();
    }
  } catch {
    // Nothing readable: the file itself is still kept.
  }
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${movedTo}${suffix}`);
  writeFileSync(movedNoteOf(file), JSON.stringify({ movedTo, exported }), { mode: 0o600 });
  return { movedTo, exported };
}

/**
 * The first open after a damaged workspace was moved aside: its unsent writes (read into the export)
 * come back into the fresh outbox, refused with reason 'recovered' (sent again only when a person
 * says so: they may be old), keeping their idempotency keys. Open counts stay in the export file.
 */
function recoverUnsent(db: Db, note: string): void {
  if (!existsSync(note)) return;
  try {
    const { exported } = JSON.parse(readFileSync(note, 'utf8')) as { exported?: string | null };
    if (!exported || !existsSync(exported)) return;
    const saved = JSON.parse(readFileSync(exported, 'utf8')) as { exportedAt?: string; unsentWrites?: Record<string, unknown>[] | null };
    const insert = db.prepare(
      `INSERT OR IGNORE INTO outbox (kind, group_key, payload, idempotency_key, state, attempts, next_attempt_at, last_error, summary, ref, created_at, updated_at)
       VALUES (@kind, @group_key, @payload, @idempotency_key, 'failed', @attempts, 0, @last_error, @summary, @ref, @created_at, @now)`,
    );
    const now = new Date().toISOString();
    const since = saved.exportedAt ?? now;
    db.transaction(() => {
      for (const w of saved.unsentWrites ?? []) {
        if (
          typeof w.kind !== 'string' ||
          typeof w.group_key !== 'string' ||
          typeof w.payload !== 'string' ||
          typeof w.idempotency_key !== 'string'
        )
          continue;
        insert.run({
          kind: w.kind,
          group_key: w.group_key,
          payload: w.payload,
          idempotency_key: w.idempotency_key,
          attempts: typeof w.attempts === 'number' ? w.attempts : 0,
          last_error: JSON.stringify({
            code: 'service_error',
            message: `recovered from the damaged workspace set aside on ${since}; check it before sending`,
            params: { reason: 'recovered', since },
          }),
          summary: typeof w.summary === 'string' ? w.summary : '{}',
          ref: typeof w.ref === 'string' ? w.ref : null,
          created_at: typeof w.created_at === 'string' ? w.created_at : now,
          now,
        });
      }
    })();
  } catch {
    // Unreadable export: it stays next to the damaged file for a person to read.
  }
}

/**
 * In the copy, the writes not yet sent when it was taken wait for a person (refused, reason
 * 'from_backup'): a restored backup sent them again on its own, and an old count overwrote the
 * newer one sent after the copy was taken. Sent again only when a person says so, with the same
 * idempotency keys; or cancelled.
 */
function holdUnsentInCopy(db: Db, copy: string, now: Date): void {
  const since = now.toISOString();
  db.prepare('ATTACH DATABASE ? AS copy').run(copy);
  try {
    db.prepare(
      `UPDATE copy.outbox SET state = 'failed', next_attempt_at = 0, updated_at = @since,
         last_error = json_object('code', 'service_error',
           'message', 'not sent when the backup of ' || @since || ' was taken: it may have been sent since; check it before sending',
           'params', json_object('reason', 'from_backup', 'since', @since))
       WHERE state IN ('pending', 'sending')`,
    ).run({ since });
  } finally {
    db.prepare('DETACH DATABASE copy').run();
  }
}

/** Backups kept per workspace. */
export const BACKUPS_KEPT = 7;

/**
 * A daily copy of a workspace: `VACUUM INTO <data dir>/backups/<profile>/<profile>-YYYY-MM-DD.db`
 * (a consistent snapshot taken while the app runs), once a day, the last 7 kept. Returns the
 * file written, or null when today's copy exists already. Restore: see README (Backups).
 */
export function backupWorkspace(dataDir: string, ws: Workspace, now = new Date()): string | null {
  const dir = join(dataDir, 'backups', ws.profile.id);
  ensurePrivateDir(dir);
  // Named by the day on this computer's clock (a copy taken at 01:00 in Istanbul is of that day).
  const target = join(dir, `${ws.profile.id}-${localDay(now.getTime(), systemTimeZone())}.db`);
  if (existsSync(target)) return null;
  ws.db.prepare('VACUUM INTO ?').run(`${target}.part`);
  holdUnsentInCopy(ws.db, `${target}.part`, now);
  // Customers' names and addresses: owner only, like the workspace itself.
  if (process.platform !== 'win32') chmodSync(`${target}.part`, 0o600);
  renameSync(`${target}.part`, target);
  const all = readdirSync(dir)
    .filter((f) => /^.+-\d{4}-\d{2}-\d{2}\.db$/.test(f))
    .sort();
  for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_KEPT))) rmSync(join(dir, old), { force: true });
  return target;
}
