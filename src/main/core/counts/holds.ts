import { processMayRun, thisProcess } from '../process-alive';

/** A window that did nothing with its count for this long no longer holds it. */
export const HOLD_MS = 2 * 60_000;

/**
 * A window's hold on a count, named with the app's process (`pid@host/window`): the windows of an
 * app that was killed hold nothing once it has ended, so the app started again continues the count
 * at once (it said "open in another window" for two minutes).
 */
export const holdOf = (window: string) => `${thisProcess()}/${window}`;
/** False for a hold of a window of this computer's app that has ended; a hold of older versions (no process) counts. */
export const heldByRunningApp = (stored: string) => {
  const slash = stored.indexOf('/');
  return slash < 0 || processMayRun(stored.slice(0, slash));
};
