import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export type Log = (msg: string, e?: unknown) => void;

const MAX_LOG_BYTES = 5 * 1024 * 1024;

/** An error with its stack; anything else thrown as JSON when it is an object (not "[object Object]"). */
function describe(e: unknown): string {
  if (e instanceof Error) return e.stack ?? e.message;
  if (typeof e === 'object' && e !== null) {
    try {
      return JSON.stringify(e);
    } catch {
      return Object.prototype.toString.call(e);
    }
  }
  return String(e);
}

/**
 * A logger for hosts without a console anyone reads: one timestamped line per message (with the
 * error's stack) on stderr and appended to `file`; the file is rotated to `file.1` at 5 MB. A log
 * that cannot be written never breaks the caller.
 */
export function fileLogger(file: string, stderr: (line: string) => void = (l) => process.stderr.write(l)): Log {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  return (msg, e) => {
    const detail = e === undefined ? '' : ` ${describe(e)}`;
    const line = `${new Date().toISOString()} ${msg}${detail}\n`;
    stderr(line);
    try {
      if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_LOG_BYTES) renameSync(file, `${file}.1`);
      appendFileSync(file, line, { mode: 0o600 });
    } catch {
      // disk full or read-only: stderr still has it
    }
  };
}
