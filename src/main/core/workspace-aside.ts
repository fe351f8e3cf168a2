import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../../shared/domain/settings';
import { clockOf, type Clock } from './clock';
import type { Db, OpenOptions } from './db/open';
import { AppError } from './errors';
import type { Workspace } from './workspace';

/**
 * A damaged workspace: found when it opens (quick_check) or while it is used, set aside with a
 * date in its name, its unsent writes and open counts exported beside it and brought back into the
 * fresh workspace; the set-aside files announced until someone acknowledges them (issue 47, items 4
 * and 11). Split from workspace.ts, which opens workspaces.
 */

/** Left where a damaged workspace was moved aside: the next sign-in starts a fresh cache. */
export const movedNoteOf = (file: string) => `${file}.moved-aside.json`;

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
export function checkOnOpen(db: Db, size: number, maxBytes: number): void {
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
export function setAside(file: string, profile: Profile, e: unknown, options: OpenOptions & { clock?: Clock } = {}): AppError {
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
export function acknowledgeSetAside(dataDir: string, clock: Clock, movedTo?: string): number {
  let n = 0;
  for (const s of listSetAside(dataDir)) {
    if (movedTo !== undefined && s.movedTo !== movedTo) continue;
    writeFileSync(acknowledgedOf(s.movedTo), `${clock.iso()}\n`, { mode: 0o600 });
    n++;
  }
  return n;
}

export function isDamaged(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
}

const stamp = (iso: string) => iso.replace(/[:.]/g, '-');

/** Moves a damaged workspace aside (kept, dated) after saving what can still be read of its unsent writes and open counts. */
function moveAside(file: string, options: OpenOptions & { clock?: Clock }): { movedTo: string; exported: string | null } {
  const clock = options.clock ?? clockOf();
  const when = stamp(clock.iso());
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
          JSON.stringify({ exportedAt: clock.iso(), unsentWrites: unsent, openCounts: counts, openCountLines: lines }, null, 2),
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
export function recoverUnsent(db: Db, note: string, clock: Clock): void {
  if (!existsSync(note)) return;
  try {
    const { exported } = JSON.parse(readFileSync(note, 'utf8')) as { exported?: string | null };
    if (!exported || !existsSync(exported)) return;
    const saved = JSON.parse(readFileSync(exported, 'utf8')) as { exportedAt?: string; unsentWrites?: Record<string, unknown>[] | null };
    const insert = db.prepare(
      `INSERT OR IGNORE INTO outbox (kind, group_key, payload, idempotency_key, state, attempts, next_attempt_at, last_error, summary, ref, created_at, updated_at)
       VALUES (@kind, @group_key, @payload, @idempotency_key, 'failed', @attempts, 0, @last_error, @summary, @ref, @created_at, @now)`,
    );
    const now = clock.iso();
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
