import { z } from 'zod';
import { Empty } from '../domain/common';
import {
  PackageDetail,
  PackageKind,
  PackageSearchInput,
  PackageSearchResult,
  PackageSummary,
  SyncInput,
  SyncProgress,
  SyncReport,
  SyncStatus,
} from '../domain/packages';
import { method } from './define';
import { lazy } from '../lazy';

export const packagesMethods = {
  /** Exact code first (order number, package id, cargo codes, SKU, barcode), then free text. */
  'packages.search': method(PackageSearchInput, PackageSearchResult),
  /** Exact code only: what a scan opens. */
  'packages.lookup': method(
    lazy(() => z.strictObject({ code: z.string().trim().min(1).max(200) })),
    lazy(() => z.array(PackageSummary)),
  ),
  'packages.get': method(
    lazy(() => z.strictObject({ kind: PackageKind, id: z.number().int().positive() })),
    PackageDetail,
  ),
  'packages.statuses': method(
    Empty,
    lazy(() => z.array(z.string())),
  ),
  /**
   * Starts a sync in the background; progress arrives as 'packages.sync' events. With `wait`
   * (`wd sync`) it answers when the sync is over, with its report.
   */
  'packages.sync': method(
    lazy(() => SyncInput.extend({ wait: z.boolean().default(false) })),
    lazy(() => z.object({ started: z.boolean(), report: SyncReport.optional() })),
  ),
  'packages.syncStatus': method(Empty, SyncStatus),
} as const;

export const packagesEvents = {
  'packages.sync': SyncProgress,
  /** The cache changed (a sync page, a notification): lists and open details refresh. */
  'packages.changed': lazy(() => z.object({ reason: z.enum(['sync', 'notification']) })),
} as const;
