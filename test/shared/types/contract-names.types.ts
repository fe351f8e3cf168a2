// Compiled by `npm run typecheck` (tsconfig.node.json), never run: proves the check in
// src/shared/contract-names.ts fails when the preload's list and the contract drift apart.
import type { EventName, MethodName } from '../../../src/shared/contract';
import type { SameNames } from '../../../src/shared/contract-names';

// @ts-expect-error a list without 'app.info' is not the contract's
export const missing: SameNames<MethodName, Exclude<MethodName, 'app.info'>> = true;
// @ts-expect-error a list with a name the contract lacks is not the contract's
export const extra: SameNames<EventName, EventName | 'packages.gone'> = true;
export const same: SameNames<MethodName, MethodName> = true;
