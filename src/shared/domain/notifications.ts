import { z } from 'zod';
import { Instant } from './time';
import { PackageKind } from './packages';
import { lazy } from '../lazy';

export const NotificationSummary = lazy(() =>
  z.object({
    id: z.number().int(),
    receivedAt: Instant,
    hookName: z.string(),
    packageId: z.string(),
    packageType: z.string(),
    statusId: z.number().int().nullable(),
    statusName: z.string().nullable(),
    reasonName: z.string().nullable(),
    reasonDesc: z.string().nullable(),
    /** The cached package it changed, if it could be matched. */
    matched: z.object({ kind: PackageKind, id: z.number().int(), orderNumber: z.string().nullable() }).nullable(),
    /**
     * The connection whose workspace received it (the event only): a real connection's alert may
     * arrive while the worker is in training mode, where its package is not (issue 46.13).
     */
    profileId: z.string().max(64).optional(),
  }),
);
export type NotificationSummary = z.infer<typeof NotificationSummary>;

export const NotificationsListInput = lazy(() =>
  z.strictObject({
    filter: z.enum(['all', 'matched', 'unmatched']).default('all'),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
    /**
     * Only rows older than this one (its id), newest first: "Show more" pages on from the last row
     * it holds, so rows that arrived or were pruned meanwhile neither skip nor repeat a row.
     */
    beforeId: z.number().int().positive().optional(),
  }),
);

export const NotificationsList = lazy(() => z.object({ total: z.number().int(), items: z.array(NotificationSummary) }));

/** Credentials are always required: the two the service can send. */
export const ReceiverAuth = lazy(() => z.enum(['basic', 'bearer']));

export const ReceiverConfig = lazy(() =>
  z.object({
    enabled: z.boolean(),
    host: z.string(),
    port: z.number().int(),
    path: z.string(),
    auth: ReceiverAuth,
    userName: z.string().nullable(),
    /** Whether a password/token is set; the value itself never leaves the core. */
    secretSet: z.boolean(),
  }),
);
export type ReceiverConfig = z.infer<typeof ReceiverConfig>;

export const ReceiverConfigInput = lazy(() =>
  z.strictObject({
    enabled: z.boolean().optional(),
    host: z
      .string()
      .trim()
      .max(100)
      .regex(/^[\w.:-]+$/, { message: 'a host name or IP address' })
      .optional(),
    /** 0 picks a free port at every start (tests); the service needs a fixed one. */
    port: z.number().int().min(0).max(65_535).optional(),
    path: z
      .string()
      .max(200)
      .regex(/^\/[\w\-./~]*$/, { message: 'a path starting with /' })
      .optional(),
    /** Pick a new unguessable path. */
    newPath: z.boolean().optional(),
    /** Create a new random Bearer token (returned once by configureReceiver, then only its hash is kept). */
    newToken: z.boolean().optional(),
    auth: ReceiverAuth.optional(),
    userName: z.string().max(200).nullable().optional(),
    /** Basic password or Bearer token; omit to keep the current one. */
    secret: z.string().min(8).max(500).optional(),
    /**
     * Listening on anything but loopback exposes the receiver to the network, and it speaks plain
     * HTTP: TLS must be terminated in front of it. The user must say so.
     */
    acceptExposure: z.boolean().optional(),
  }),
);
export type ReceiverConfigInput = z.input<typeof ReceiverConfigInput>;

export const ReceiverStatus = lazy(() =>
  z.object({
    config: ReceiverConfig,
    running: z.boolean(),
    /** The full address to register with the service. */
    url: z.string().nullable(),
    lastError: z.string().nullable(),
    received: z.number().int(),
  }),
);
export type ReceiverStatus = z.infer<typeof ReceiverStatus>;

/** The answer to configureReceiver: the status, and a token created just now (shown once, never again). */
export const ReceiverConfigured = lazy(() => ReceiverStatus.extend({ token: z.string().nullable() }));
export type ReceiverConfigured = z.infer<typeof ReceiverConfigured>;
