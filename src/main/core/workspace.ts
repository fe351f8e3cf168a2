import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../../shared/domain/settings';
import { workspaceMigrations } from './db/migrations/workspace';
import { openDatabase, type Db, type OpenOptions } from './db/open';
import { AppError } from './errors';
import { ensurePrivateDir } from './paths';

/**
 * Everything that belongs to one connection profile: its own SQLite file (package cache, counts,
 * outbox, inspections ...). Separate files keep training data away from real data and make sure a
 * queued write can only ever go to the service it was made for.
 */
export interface Workspace {
  profile: Profile;
  db: Db;
  file: string;
  /**
   * One instance per workspace of a feature's service (repositories with their prepared
   * statements, the outbox, the sync engine). Services with a close() are closed with the workspace.
   */
  service<T>(name: string, make: () => T): T;
  close(): void;
}

export function workspaceFile(dataDir: string, profileId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(profileId)) throw new AppError('invalid_input', `bad profile id ${profileId}`);
  return join(dataDir, 'workspaces', `${profileId}.db`);
}

export function openWorkspace(dataDir: string, profile: Profile, options: OpenOptions = {}): Workspace {
  const file = workspaceFile(dataDir, profile.id);
  ensurePrivateDir(join(dataDir, 'workspaces'));
  const db = openDatabase(file, workspaceMigrations, options);
  const services = new Map<string, unknown>();
  return {
    profile,
    db,
    file,
    service<T>(name: string, make: () => T): T {
      if (!services.has(name)) services.set(name, make());
      return services.get(name) as T;
    },
    close() {
      for (const s of [...services.values()].reverse()) (s as { close?: () => void }).close?.();
      services.clear();
      db.close();
    },
  };
}

/** Training starts from a clean slate every time: its sandbox is new, so is its workspace. */
export function removeWorkspace(dataDir: string, profileId: string): void {
  const file = workspaceFile(dataDir, profileId);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) rmSync(f);
}
