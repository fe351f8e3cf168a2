import { hostname } from 'node:os';

/** Whether a process of this computer is still running (a signal 0 asks without sending anything). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process, as `pid@host`: what a lease or a hold is taken in the name of. */
export const thisProcess = (): string => `${process.pid}@${hostname()}`;

/**
 * Whether the process named `pid@host` may still be running: false only for a process of this
 * computer that has ended (one of another computer, or an unreadable name, may be).
 */
export function processMayRun(name: string): boolean {
  const m = /^(\d+)@(.*)$/.exec(name);
  if (!m) return true;
  return m[2] !== hostname() || pidAlive(Number(m[1]));
}
