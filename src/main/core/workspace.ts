import Database from 'better-sqlite3';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Profile } from '../../shared/domain/settings';
import { LOG_LIMIT_FRAMES, startCheckpointer, type Checkpointer } from './db/checkpointer';
import { workspaceMigrations } from './db/migrations/workspace';
import { clockOf, type Clock } from './clock';
import { openDatabase, type Db, type OpenOptions } from './db/open';
import { AppError } from './errors';
import { ensurePrivateDir } from './paths';
import { checkOnOpen, isDamaged, movedNoteOf, QUICK_CHECK_MAX_BYTES, recoverUnsent, setAside } from './workspace-aside';
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
  const clock = options.clock ?? clockOf();
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
    throw setAside(file, profile, e, { ...options, clock });
  }
  try {
    // Written once; a folder that cannot be written to still lets the workspace be read (`wd lookup`).
    if (!existsSync(markerOf(file))) writeFileSync(markerOf(file), `${clock.iso()}\n`, { mode: 0o600 });
  } catch {
    // the marker only makes a missing file reported later; reading goes on without it
  }
  try {
    if (!profile.training) keepConnection(db, profile, clock);
    recoverUnsent(db, movedNoteOf(file), clock);
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
    clock,
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
function keepConnection(db: Database.Database, p: Profile, clock: Clock): void {
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
    if (same && clock.now() - Date.parse(row.opened_at) < OPENED_AT_REFRESH_MS) return;
    db.prepare(
      `INSERT INTO connection (one, profile_id, name, oms_url, pim_url, company_id, storage_codes, timestamp_unit, page_size, user_name, opened_at)
       VALUES (1, @id, @name, @omsUrl, @pimUrl, @companyId, @storageCodes, @timestampUnit, @pageSize, @userName, @now)
       ON CONFLICT (one) DO UPDATE SET profile_id = excluded.profile_id, name = excluded.name, oms_url = excluded.oms_url,
         pim_url = excluded.pim_url, company_id = excluded.company_id, storage_codes = excluded.storage_codes,
         timestamp_unit = excluded.timestamp_unit, page_size = excluded.page_size,
         user_name = coalesce(excluded.user_name, connection.user_name), opened_at = excluded.opened_at`,
    ).run({ ...params, now: clock.iso() });
  } catch {
    // best effort: see above
  }
}

/**
 * A connection saved in Settings (another address, company or storage codes) is kept in its
 * workspace at once, not at its next sign-in: a lost app.db then takes back what was saved last.
 * Nothing happens for a connection without a workspace yet, or one from before migration 020.
 */
export function keepSavedConnection(dataDir: string, p: Profile, options: OpenOptions & { clock?: Clock } = {}): void {
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
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'connection'").get())
      keepConnection(db, p, options.clock ?? clockOf());
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
export function markWorkspaceDeleted(dataDir: string, profileId: string, clock: Clock): void {
  const file = workspaceFile(dataDir, profileId);
  if (existsSync(file)) writeFileSync(deletedMarkOf(file), `${clock.iso()}\n`, { mode: 0o600 });
}

/** Training starts from a clean slate every time: its sandbox is new, so is its workspace. */
export function removeWorkspace(dataDir: string, profileId: string): void {
  const file = workspaceFile(dataDir, profileId);
  for (const f of [file, `${file}-wal`, `${file}-shm`, markerOf(file)]) if (existsSync(f)) rmSync(f);
}
