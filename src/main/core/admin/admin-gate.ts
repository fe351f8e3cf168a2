import type { AppSettingsPatch } from '../../../shared/domain/settings';
import type { AdminStatus } from '../../../shared/domain/admin';
import type { MethodName } from '../../../shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { checkPinVerifier, makePinVerifier } from './pin-verifier';

/**
 * Who is calling the core. Hosts name the window (Electron: `ipc:<webContents id>`) or the page
 * (web host: `web:<page id>`); `TRUSTED_CALLER` is the core's own callers (`core.call`: the `wd`
 * CLI, which runs as the OS user that owns the data directory, and tests).
 */
export type Caller = string;
export const TRUSTED_CALLER = 'trusted';

/** Methods that always change administrator settings. */
const ADMIN_METHODS = new Set<MethodName>([
  'profiles.save',
  'profiles.delete',
  'profiles.test',
  'session.signInTo',
  'notifications.configureReceiver',
  // Sends writes made for the connection's previous address to the new one (or cancels them).
  'outbox.resolveMoved',
  // Blind counts and recount on variance audit the workers: not theirs to switch off.
  'counts.setOptions',
]);

/** A settings patch is an administrator's when it touches more than language, the active profile and sound. */
export function patchNeedsAdmin(patch: AppSettingsPatch): boolean {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (key === 'language' || key === 'activeProfileId') continue;
    if (key === 'scanner' && value && typeof value === 'object') {
      if (Object.entries(value).some(([k, v]) => k !== 'sound' && v !== undefined)) return true;
      continue;
    }
    return true;
  }
  return false;
}

export function needsAdmin(method: MethodName, input: unknown): boolean {
  if (ADMIN_METHODS.has(method)) return true;
  if (method === 'settings.update') return patchNeedsAdmin(input as AppSettingsPatch);
  return false;
}

export const ADMIN_IDLE_MS = 10 * 60_000;
/** Wrong PINs in a row that are free; each one after waits twice as long as the one before. */
export const FREE_ATTEMPTS = 5;
export const FIRST_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 15 * 60_000;

export function waitAfter(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_ATTEMPTS));
}

interface Row {
  verifier: string;
  failures: number;
  blocked_until: number;
}

/**
 * The administrator PIN and which callers have unlocked it. The PIN itself is never stored: only
 * its scrypt verifier (pin-verifier.ts). Wrong PINs are counted in app.db (a restart does not
 * reset the count); attempts run one at a time, so parallel guesses wait their turn.
 */
/**
 * A copy of the PIN's verifier kept beside the workspaces (admin/pin-copy.ts): deleting or
 * emptying app.db alone no longer resets the PIN (issue 47, item 14).
 */
export interface PinCopy {
  read(): string | null;
  write(verifier: string): void;
}

export function createAdminGate(db: Db, now: () => number, idleMs = ADMIN_IDLE_MS, copy?: PinCopy, log?: (m: string, e?: unknown) => void) {
  const read = db.prepare<[], Row>('SELECT verifier, failures, blocked_until FROM admin_pin WHERE id = 1');
  const insert = db.prepare<[string, string]>(
    'INSERT INTO admin_pin (id, verifier, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  // The copy and app.db agree at every start. A fresh or emptied app.db takes the PIN back from the
  // copy; one whose PIN differs from the copy (another app.db put in its place) takes the copy's:
  // whoever can swap one file cannot unlock the administrator settings with it. A copy that is
  // missing (an install from before the copy) is written from app.db.
  try {
    const kept = copy?.read() ?? null;
    const row = read.get();
    if (kept && row?.verifier !== kept) {
      db.prepare(
        'INSERT INTO admin_pin (id, verifier, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET verifier = excluded.verifier',
      ).run(kept, new Date(now()).toISOString());
      log?.(
        row
          ? 'the administrator PIN of app.db differed from its copy: the copy is used'
          : 'the administrator PIN was taken back from its copy',
      );
    } else if (!kept && row) copy?.write(row.verifier);
  } catch (e) {
    log?.('the copy of the administrator PIN could not be read or written', e);
  }
  const setFailures = db.prepare<[number, number]>('UPDATE admin_pin SET failures = ?, blocked_until = ? WHERE id = 1');
  /** caller → when its unlock lapses (ms on `now`). */
  const unlocked = new Map<Caller, number>();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  function isUnlocked(caller: Caller): boolean {
    if (caller === TRUSTED_CALLER) return true;
    const until = unlocked.get(caller);
    if (until === undefined) return false;
    if (now() >= until) {
      unlocked.delete(caller);
      return false;
    }
    return true;
  }

  function status(caller: Caller): AdminStatus {
    const row = read.get();
    return {
      pinSet: row !== undefined,
      unlocked: row !== undefined && isUnlocked(caller),
      waitMs: row ? Math.max(0, row.blocked_until - now()) : 0,
      idleMinutes: Math.round(idleMs / 60_000),
    };
  }

  /** Throws unless the caller may change administrator settings now; an allowed call restarts the idle time. */
  function require(caller: Caller) {
    if (caller === TRUSTED_CALLER) return;
    if (!read.get()) throw new AppError('forbidden', 'set the administrator PIN first', { reason: 'admin_pin_not_set' });
    if (!isUnlocked(caller))
      throw new AppError('forbidden', 'administrator settings are locked: unlock with the PIN', { reason: 'admin_locked' });
    unlocked.set(caller, now() + idleMs);
  }

  function setPin(caller: Caller, pin: string, confirm: string): Promise<AdminStatus> {
    return serial(async () => {
      if (pin !== confirm) throw new AppError('invalid_input', 'the two PINs differ', { reason: 'admin_pin_mismatch' });
      if (read.get()) throw new AppError('conflict', 'an administrator PIN is already set', { reason: 'admin_pin_exists' });
      const verifier = await makePinVerifier(pin);
      const changes = insert.run(verifier, new Date(now()).toISOString()).changes;
      if (changes !== 1) throw new AppError('conflict', 'an administrator PIN is already set', { reason: 'admin_pin_exists' });
      copy?.write(verifier);
      unlocked.set(caller, now() + idleMs);
      return status(caller);
    });
  }

  function unlock(caller: Caller, pin: string): Promise<AdminStatus> {
    return serial(async () => {
      const row = read.get();
      if (!row) throw new AppError('forbidden', 'set the administrator PIN first', { reason: 'admin_pin_not_set' });
      const wait = row.blocked_until - now();
      if (wait > 0) {
        throw new AppError('forbidden', `too many wrong PINs: try again in ${Math.ceil(wait / 1000)} s`, {
          reason: 'admin_wait',
          seconds: Math.ceil(wait / 1000),
        });
      }
      if (await checkPinVerifier(row.verifier, pin)) {
        setFailures.run(0, 0);
        unlocked.set(caller, now() + idleMs);
        return status(caller);
      }
      const failures = row.failures + 1;
      const nextWait = waitAfter(failures);
      setFailures.run(failures, nextWait > 0 ? now() + nextWait : 0);
      throw new AppError('forbidden', 'wrong administrator PIN', {
        reason: nextWait > 0 ? 'admin_pin_wrong_wait' : 'admin_pin_wrong',
        ...(nextWait > 0 ? { seconds: Math.ceil(nextWait / 1000) } : { left: FREE_ATTEMPTS - failures }),
      });
    });
  }

  return {
    status,
    require,
    setPin,
    unlock,
    lock(caller: Caller): AdminStatus {
      unlocked.delete(caller);
      return status(caller);
    },
    /** Sign-out locks every window. */
    lockAll() {
      unlocked.clear();
    },
    isUnlocked,
  };
}

export type AdminGate = ReturnType<typeof createAdminGate>;
