/**
 * THE bridge contract. Every method the renderer can call and every event it can receive is listed
 * here with its zod schemas; preload, hosts, core handlers and the renderer derive their types from
 * it. A method that is not in `contract` cannot be called.
 *
 * Feature contracts live in ./contract/<feature>.ts and are merged here, so a feature's methods sit
 * next to each other while this file stays the single list.
 */
import type { z } from 'zod';
import { appEvents, appMethods } from './contract/app';
import { packagesEvents, packagesMethods } from './contract/packages';
import { countsEvents, countsMethods } from './contract/counts';
import { returnsEvents, returnsMethods } from './contract/returns';
import { notificationsEvents, notificationsMethods } from './contract/notifications';
import { outboxEvents, outboxMethods } from './contract/outbox';
import { productsEvents, productsMethods } from './contract/products';
import { adminEvents, adminMethods } from './contract/admin';
import type { Result } from './result';

export const contract = {
  ...appMethods,
  ...packagesMethods,
  ...countsMethods,
  ...returnsMethods,
  ...notificationsMethods,
  ...outboxMethods,
  ...productsMethods,
  ...adminMethods,
} as const;

export const events = {
  ...appEvents,
  ...packagesEvents,
  ...countsEvents,
  ...returnsEvents,
  ...notificationsEvents,
  ...outboxEvents,
  ...productsEvents,
  ...adminEvents,
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type Input<M extends MethodName> = z.input<Contract[M]['input']>;
export type ParsedInput<M extends MethodName> = z.output<Contract[M]['input']>;
export type Output<M extends MethodName> = z.output<Contract[M]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const methodNames = Object.keys(contract) as MethodName[];
export const eventNames = Object.keys(events) as EventName[];

export const isMethodName = (name: unknown): name is MethodName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
export const isEventName = (name: unknown): name is EventName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);

/** What the renderer sees as `window.api` (Electron) or the loopback HTTP client (web host). */
export type ApiMethods = { [M in MethodName]: (input: Input<M>) => Promise<Result<Output<M>>> };
export type Api = ApiMethods & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** IPC channel names (schema-free, shared with the preload): ./contract-names.ts. */
export { ipcChannel, ipcEventChannel } from './contract-names';
