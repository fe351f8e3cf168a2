import { Empty } from '../domain/common';
import { AdminSetPinInput, AdminStatus, AdminUnlockInput } from '../domain/admin';
import { method } from './define';

/**
 * The administrator PIN. The core keeps an unlocked state per window (Electron) or page (web host);
 * the methods that change administrator settings are refused while the caller is locked.
 */
export const adminMethods = {
  'admin.status': method(Empty, AdminStatus),
  /** Sets the PIN the first time (refused once one is set) and unlocks this window. */
  'admin.setPin': method(AdminSetPinInput, AdminStatus),
  'admin.unlock': method(AdminUnlockInput, AdminStatus),
  'admin.lock': method(Empty, AdminStatus),
} as const;

export const adminEvents = {} as const;
