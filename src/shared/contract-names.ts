import type { EventName, MethodName } from './contract';

/**
 * The contract's method and event names without their schemas, for the preload: a sandboxed
 * preload can require nothing but `electron` (and events, timers, url), so it cannot carry zod.
 * The type checker keeps these lists equal to the keys of `contract` and `events`
 * (src/shared/contract.ts; a type-only import, erased from the bundle): a name missing here, or one
 * here that the contract lacks, fails `npm run typecheck` (the checks at the end of this file).
 * Add a name here when you add a method or event there.
 */
export const METHOD_NAMES = [
  'app.info',
  'app.status',
  'settings.get',
  'settings.update',
  'profiles.list',
  'profiles.save',
  'profiles.test',
  'profiles.delete',
  'session.get',
  'session.signIn',
  'session.signInTo',
  'session.resume',
  'session.signOut',
  'session.startTraining',
  'packages.search',
  'packages.lookup',
  'packages.get',
  'packages.statuses',
  'packages.sync',
  'packages.syncStatus',
  'counts.open',
  'counts.options',
  'counts.setOptions',
  'counts.release',
  'counts.get',
  'counts.scan',
  'counts.setLine',
  'counts.removeLine',
  'counts.undo',
  'counts.assign',
  'counts.recountSet',
  'counts.chooseRecount',
  'counts.chooseMovement',
  'counts.review',
  'counts.push',
  'counts.discard',
  'counts.history',
  'counts.pushStatus',
  'counts.export',
  'returns.list',
  'returns.scan',
  'returns.get',
  'returns.carriers',
  'returns.save',
  'returns.scanItem',
  'returns.done',
  'returns.reopen',
  'returns.ackChange',
  'returns.export',
  'notifications.list',
  'notifications.forPackage',
  'notifications.receiver',
  'notifications.configureReceiver',
  'outbox.list',
  'outbox.retry',
  'outbox.answers',
  'outbox.cancel',
  'outbox.counts',
  'outbox.sendNow',
  'outbox.resolveMoved',
  'products.drafts',
  'products.draft',
  'products.saveDraft',
  'products.deleteDraft',
  'products.send',
  'products.history',
  'inventory.push',
  'admin.status',
  'admin.setPin',
  'admin.unlock',
  'admin.lock',
  'app.setAside',
  'app.acknowledgeSetAside',
] as const;

export const EVENT_NAMES = [
  'session.changed',
  'app.status',
  'settings.changed',
  'profiles.changed',
  'packages.sync',
  'packages.changed',
  'notifications.received',
  'notifications.receiverChanged',
  'outbox.changed',
  'app.setAside',
  'counts.held',
] as const;

/** `true` when A and B hold the same names; otherwise the names one has and the other lacks. */
export type SameNames<A extends string, B extends string> = [Exclude<A, B>, Exclude<B, A>] extends [never, never]
  ? true
  : { missingHere: Exclude<A, B>; notInContract: Exclude<B, A> };
// Compile-time only: each line fails the type check (naming the names) when the lists drift.
export const methodNamesMatch: SameNames<MethodName, (typeof METHOD_NAMES)[number]> = true;
export const eventNamesMatch: SameNames<EventName, (typeof EVENT_NAMES)[number]> = true;

/** IPC channel names: one prefix, so the Electron host can refuse anything else. */
export const ipcChannel = (method: (typeof METHOD_NAMES)[number]) => `wd:${method}`;
export const ipcEventChannel = 'wd:event';
/** The preload asks the main process to open a link the person clicked in the system browser. */
export const ipcOpenExternalChannel = 'wd:open-external';
