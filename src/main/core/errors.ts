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
