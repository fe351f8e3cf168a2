import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { Migration } from './migration';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path of the compiled better-sqlite3 addon; the Electron host passes its Electron-ABI build. */
  nativeBinding?: string;
}

/**
 * Opens a database file, sets the pragmas and brings the schema up to date.
 *
 * WAL lets readers (lookups) run while a sync writes. synchronous=FULL makes each commit durable
 * against power loss too, not only against a killed process: a scan is acknowledged to the worker
 * only after its commit, so the commit must survive the PC being switched off. The fsync this costs
 * is measured by test/bench/scan-path.bench.ts.
 */
export function openDatabase(file: string, migrations: readonly Migration[], options: OpenOptions = {}): Db {
  ownerOnly(file);
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('journal_mode = WAL');
    for (const extra of [`${file}-wal`, `${file}-shm`]) if (existsSync(extra)) ownerOnly(extra);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, migrations);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * The databases hold customers' names and addresses: readable and writable by the owner only
 * (0600), also when the file already exists with looser modes. SQLite gives its -wal and -shm files
 * the database file's mode. Windows has no POSIX modes (the profile folder is per user there).
 */
function ownerOnly(file: string): void {
  if (process.platform === 'win32' || file === ':memory:') return;
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs every migration above the file's user_version, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[]): void {
  const latest = migrations.length;
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const current = schemaVersion(db);
  if (current > latest) {
    throw new AppError(
      'unavailable',
      `database ${db.name} has schema version ${current}, this app knows up to ${latest}; install the newer app version`,
      { version: current, latest },
    );
  }
  for (const m of migrations.slice(current)) {
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
