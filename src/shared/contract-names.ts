/**
 * The contract's method and event names without their schemas, for the preload: a sandboxed
 * preload can require nothing but `electron` (and events, timers, url), so it cannot carry zod.
 * test/shared/contract-names.test.ts keeps these lists equal to the keys of `contract` and `events`
 * (src/shared/contract.ts); add a name here when you add a method or event there.
 */
export const METHOD_NAMES = [
  'app.info',
  'app.status',
  'settings.get',
  'settings.update',
  'profiles.list',
  'profiles.save',
  'profiles.delete',
  'session.get',
  'session.signIn',
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
  'outbox.cancel',
  'products.drafts',
  'products.draft',
  'products.saveDraft',
  'products.deleteDraft',
  'products.send',
  'products.history',
] as const;

export const EVENT_NAMES = [
  'session.changed',
  'app.status',
  'settings.changed',
  'packages.sync',
  'packages.changed',
  'notifications.received',
  'notifications.receiverChanged',
  'outbox.changed',
] as const;

/** IPC channel names: one prefix, so the Electron host can refuse anything else. */
export const ipcChannel = (method: (typeof METHOD_NAMES)[number]) => `wd:${method}`;
export const ipcEventChannel = 'wd:event';
/** The preload asks the main process to open a link the person clicked in the system browser. */
export const ipcOpenExternalChannel = 'wd:open-external';
