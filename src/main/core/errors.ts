import type { AppErrorShape, ErrorCode } from '../../shared/result';

/** A failure the user should hear about. Anything else thrown in a handler becomes `internal`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params?: AppErrorShape['params'],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toShape(): AppErrorShape {
    return this.params ? { code: this.code, message: this.message, params: this.params } : { code: this.code, message: this.message };
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Node's file system calls (not a socket's `listen` or `connect`, whose EACCES is no disk's). */
const FILE_CALLS = new Set([
  'open',
  'read',
  'write',
  'close',
  'fsync',
  'mkdir',
  'rename',
  'unlink',
  'rmdir',
  'copyfile',
  'chmod',
  'ftruncate',
  'scandir',
  'stat',
  'lstat',
  'access',
  'utime',
  'link',
  'symlink',
]);

/** A file system call's failure (Node's `code`, with its `syscall`) that is the disk's or the folder's. */
const FILE_FAILURES: Record<string, 'disk_full' | 'disk_read_only' | 'disk_error' | undefined> = {
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EACCES: 'disk_read_only',
  EPERM: 'disk_read_only',
  EROFS: 'disk_read_only',
  EIO: 'disk_error',
};

/**
 * SQLite's own failures of the disk or the file under it, in words: a full disk, a disk that does
 * not read or write, a read-only folder, a damaged file. Anything else SQLite refuses (a constraint,
 * a statement) is the app's own fault and stays internal. Null when `e` is none of these.
 */
export function storageFailure(e: unknown): AppError | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const message = e instanceof Error ? e.message : code;
  // The same failures met by the app's own files beside the databases (markers, exports, backups).
  const syscall = (e as { syscall?: unknown }).syscall;
  const file = typeof syscall === 'string' && FILE_CALLS.has(syscall) ? FILE_FAILURES[code] : undefined;
  if (file) return new AppError('storage', `${message} (${code})`, { reason: file });
  if (!code.startsWith('SQLITE_')) return null;
  const reason =
    code === 'SQLITE_FULL'
      ? 'disk_full'
      : code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB'
        ? 'data_damaged'
        : code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_CANTOPEN')
          ? 'disk_read_only'
          : code.startsWith('SQLITE_IOERR')
            ? 'disk_error'
            : null;
  return reason ? new AppError('storage', `${message} (${code})`, { reason }) : null;
}

/**
 * Any failure as the contract's error shape, classified once for every feature (the invoker, the
 * sync's progress, the outbox, Review's refresh, the page reader): an AppError as it is, the disk's
 * or the data file's failures in words (`storageFailure`: a full disk is "disk full", never
 * "internal"), anything else `internal`. The sync turned every foreign error into `internal`.
 */
export function errorShape(e: unknown): AppErrorShape {
  if (e instanceof AppError) return e.toShape();
  const storage = storageFailure(e);
  if (storage) return storage.toShape();
  return { code: 'internal', message: e instanceof Error ? e.message : String(e) };
}
