import { z } from 'zod';
import { Instant } from './time';
import { PackageRecord } from '../service/packages';
import { AppErrorSchema } from '../result';
import { lazy } from '../lazy';

export const PackageKind = lazy(() => z.enum(['order', 'return']));
export type PackageKind = z.infer<typeof PackageKind>;

/** One row of the package list. */
export const PackageSummary = lazy(() =>
  z.object({
    id: z.number().int(),
    kind: PackageKind,
    orderNumber: z.string().nullable(),
    sourcePackageId: z.string().nullable(),
    status: z.string().nullable(),
    customerName: z.string(),
    cargoName: z.string().nullable(),
    cargoTrackingNumber: z.string().nullable(),
    orderDate: Instant.nullable(),
    isConfirm: z.boolean().nullable(),
    itemCount: z.number().int(),
  }),
);
export type PackageSummary = z.infer<typeof PackageSummary>;

export const PackageSearchInput = lazy(() =>
  z.strictObject({
    query: z.string().max(200).default(''),
    kind: z.enum(['all', 'order', 'return']).default('all'),
    status: z.string().max(100).nullable().default(null),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
  }),
);
export type PackageSearchInput = z.input<typeof PackageSearchInput>;

export const PackageSearchResult = lazy(() =>
  z.object({
    total: z.number().int(),
    items: z.array(PackageSummary),
    /** How the query matched: an exact code, free text, or no query (everything). */
    mode: z.enum(['code', 'text', 'all']),
    /** More packages match than `total` says: only the newest `total` are listed (type more to narrow). */
    more: z.boolean().optional(),
  }),
);
export type PackageSearchResult = z.infer<typeof PackageSearchResult>;

export const PackageDetail = lazy(() =>
  z.object({
    summary: PackageSummary,
    /** The record as the service sent it (every field kept), with notification updates applied. */
    record: PackageRecord,
    syncedAt: Instant,
  }),
);
export type PackageDetail = z.infer<typeof PackageDetail>;

/** Records a sync reports by name at most (the count says how many there were). */
export const SKIPPED_RECORDS_LISTED = 20;

/**
 * A record of a list page that the sync could not cache and skipped (the rest of its page is
 * stored): where it was, what names it when that could be read, and why. A later sync asks for it
 * again (sync.ts).
 */
export const SkippedRecord = lazy(() =>
  z.object({
    kind: PackageKind,
    page: z.number().int().min(0),
    /** Its place on the page, from 0. */
    record: z.number().int().min(0),
    /** Its package id, when it has a usable one. */
    id: z.number().int().positive().nullable(),
    orderNumber: z.string().max(200).nullable(),
    /** not_json: its text is no JSON; not_a_record: no object; no_id: no usable package id; wrong_field: `field` has a value of the wrong type. */
    reason: z.enum(['not_json', 'not_a_record', 'no_id', 'wrong_field']),
    /** The field, as a path (`lines.0.quantity`), for wrong_field. */
    field: z.string().max(200).nullable(),
  }),
);
export type SkippedRecord = z.infer<typeof SkippedRecord>;

/** The records a sync skipped: how many, and the first SKIPPED_RECORDS_LISTED of them. */
export const SkippedRecords = lazy(() =>
  z.object({
    count: z.number().int().min(0),
    records: z.array(SkippedRecord).max(SKIPPED_RECORDS_LISTED),
  }),
);
export type SkippedRecords = z.infer<typeof SkippedRecords>;

export const SyncProgress = lazy(() =>
  z.object({
    state: z.enum(['idle', 'running', 'done', 'failed']),
    kind: PackageKind.nullable(),
    page: z.number().int(),
    totalPages: z.number().int().nullable(),
    /** Packages of `kind` fetched so far in this sync (each kind counts its own). */
    fetched: z.number().int(),
    total: z.number().int().nullable(),
    startedAt: Instant.nullable(),
    finishedAt: Instant.nullable(),
    error: AppErrorSchema.nullable(),
    /**
     * The request the sync is waiting for right now: when it was sent and how long it may take, so
     * a screen can count the seconds (a hung service shows, instead of a bar that never moves).
     */
    waiting: z.object({ page: z.number().int(), since: Instant, timeoutMs: z.number().int(), attempt: z.number().int() }).nullish(),
    /** Records of this sync that could not be cached and were skipped (the rest is stored); none: absent or count 0. */
    skipped: SkippedRecords.nullish(),
  }),
);
export type SyncProgress = z.infer<typeof SyncProgress>;

/**
 * How far back a sync asks for returns when it looks for new ones (the Returns desk's sync, a
 * return notification about a package the cache does not have, the background refresh once an
 * hour). Whether the lists' StartDate/EndDate filter a return by its order's date or by its own is
 * not documented; if by the order's, a return that comes in today for an order of three weeks ago
 * is outside a 7-day refresh, and outside the first sync's 30 days for one of five weeks ago.
 * Returns come within weeks of the order (14 days to withdraw, after delivery); they are a small
 * part of the packages, so their longer window costs little.
 */
export const RETURNS_LOOKBACK_DAYS = 60;

export const SyncInput = lazy(() =>
  z.strictObject({
    /** Instants with their offset; default: the last 30 days. */
    from: Instant.optional(),
    to: Instant.optional(),
    /** Where the returns' window starts, when not at `from` (RETURNS_LOOKBACK_DAYS). */
    returnsFrom: Instant.optional(),
    kinds: z.array(PackageKind).min(1).max(2).default(['order', 'return']),
  }),
);
export type SyncInput = z.input<typeof SyncInput>;

export const SyncReport = lazy(() =>
  z.object({
    kinds: z.array(
      z.object({
        kind: PackageKind,
        pages: z.number().int(),
        fetched: z.number().int(),
        stored: z.number().int(),
        total: z.number().int(),
        resumedPages: z.number().int(),
      }),
    ),
    from: Instant,
    to: Instant,
    finishedAt: Instant,
    /** Records that could not be cached and were skipped (SyncProgress.skipped). */
    skipped: SkippedRecords.optional(),
  }),
);
export type SyncReport = z.infer<typeof SyncReport>;

export const SyncStatus = lazy(() =>
  z.object({
    progress: SyncProgress,
    lastSuccessAt: Instant.nullable(),
    cached: z.object({ orders: z.number().int(), returns: z.number().int() }),
  }),
);
export type SyncStatus = z.infer<typeof SyncStatus>;
