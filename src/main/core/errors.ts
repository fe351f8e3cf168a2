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

/**
 * SQLite's own failures of the disk or the file under it, in words: a full disk, a disk that does
 * not read or write, a read-only folder, a damaged file. Anything else SQLite refuses (a constraint,
 * a statement) is the app's own fault and stays internal. Null when `e` is none of these.
 */
export function storageFailure(e: unknown): AppError | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  const message = e instanceof Error ? e.message : code;
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
