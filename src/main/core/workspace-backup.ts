import { chmodSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { localDay, systemTimeZone } from '../../shared/domain/time';
import type { Db } from './db/open';
import { ensurePrivateDir } from './paths';
import type { Workspace } from './workspace';

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
export function backupWorkspace(dataDir: string, ws: Workspace, now = new Date(ws.clock.now())): string | null {
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
