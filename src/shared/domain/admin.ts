import { z } from 'zod';
import { BaseUrl, text } from './common';
import { lazy } from '../lazy';

/** An administrator PIN: digits only, at least 4, at most 12. */
export const PIN_MIN = 4;
export const PIN_MAX = 12;
export const AdminPin = lazy(() =>
  z
    .string()
    .max(PIN_MAX)
    .regex(new RegExp(`^[0-9]{${PIN_MIN},${PIN_MAX}}$`), { message: `${PIN_MIN} to ${PIN_MAX} digits` }),
);

export const AdminStatus = lazy(() =>
  z.object({
    /** False until someone sets the PIN (the first time an administrator area is opened). */
    pinSet: z.boolean(),
    /** This window may change administrator settings now. */
    unlocked: z.boolean(),
    /** Milliseconds until the next PIN attempt is accepted (after too many wrong ones); 0 = now. */
    waitMs: z.number().int().min(0),
    /** Minutes without an administrator action after which the window locks itself. */
    idleMinutes: z.number().int().min(1),
  }),
);
export type AdminStatus = z.infer<typeof AdminStatus>;

export const AdminSetPinInput = lazy(() => z.strictObject({ pin: AdminPin, confirm: z.string().max(PIN_MAX) }));
export const AdminUnlockInput = lazy(() => z.strictObject({ pin: z.string().max(64) }));

/** "Test connection": the addresses and credentials typed in the connection form, not saved. */
export const ConnectionTestInput = lazy(() =>
  z.strictObject({
    omsUrl: BaseUrl,
    userName: text(200).pipe(z.string().min(1)),
    password: z.string().min(1).max(500),
    allowInsecureHttp: z.boolean().optional(),
  }),
);
export type ConnectionTestInput = z.input<typeof ConnectionTestInput>;

/**
 * ok: the address answers as the service and accepted the user; wrong_credentials: the service
 * refused the user name or password; unreachable: nothing answered (or not in time); not_service:
 * something answered, but not the way the service does; service_error: the service answered with
 * a failure on its side (5xx).
 */
export const ConnectionTestOutcome = lazy(() => z.enum(['ok', 'wrong_credentials', 'unreachable', 'not_service', 'service_error']));
export const ConnectionTestResult = lazy(() =>
  z.object({
    outcome: ConnectionTestOutcome,
    /** Technical detail for support (English). */
    detail: text(500),
  }),
);
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;
