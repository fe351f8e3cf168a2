import { z } from 'zod';
import { Instant, TimeZone } from './time';
import { NotificationSummary } from './notifications';
import { PackageDetail } from './packages';
import { lazy } from '../lazy';

/**
 * Where a return stands in the service. confirmed: isConfirm is true or the status is Returned;
 * rejected: the status is ReturnedRequestDenied; awaiting: anything else (isConfirm null or false
 * without a denial means nobody has decided yet).
 */
export const Decision = lazy(() => z.enum(['awaiting', 'confirmed', 'rejected']));
export type Decision = z.infer<typeof Decision>;

export const Condition = lazy(() => z.enum(['as_described', 'damaged', 'wrong_item', 'missing']));
export type Condition = z.infer<typeof Condition>;

export const InspectionState = lazy(() => z.enum(['none', 'in_progress', 'done']));

export const ReturnSummary = lazy(() =>
  z.object({
    id: z.number().int(),
    orderNumber: z.string().nullable(),
    customerName: z.string(),
    cargoName: z.string().nullable(),
    cargoTrackingNumber: z.string().nullable(),
    status: z.string().nullable(),
    returnDate: Instant.nullable(),
    decision: Decision,
    inspection: InspectionState,
    itemCount: z.number().int(),
  }),
);
export type ReturnSummary = z.infer<typeof ReturnSummary>;

export const ReturnsListInput = lazy(() =>
  z.strictObject({
    decision: z.enum(['all', 'awaiting', 'confirmed', 'rejected']).default('all'),
    inspected: z.enum(['all', 'none', 'in_progress', 'done']).default('all'),
    /**
     * By return date, the half-open range [from, to) of instants (a local day: its first moment to
     * the first moment of the next day, see `dayRange` in ./time).
     */
    from: Instant.nullable().default(null),
    to: Instant.nullable().default(null),
    carrier: z.string().max(100).nullable().default(null),
    /** A customer's name, e-mail or phone (Turkish-insensitive). */
    customer: z.string().max(100).default(''),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
  }),
);
export type ReturnsListInput = z.input<typeof ReturnsListInput>;

export const ReturnsList = lazy(() => z.object({ total: z.number().int(), items: z.array(ReturnSummary) }));

export const InspectionLine = lazy(() =>
  z.object({
    itemKey: z.string(),
    itemId: z.number().int().nullable(),
    sku: z.string().nullable(),
    barcode: z.string().nullable(),
    productName: z.string().nullable(),
    expectedQty: z.number().int(),
    receivedQty: z.number().int(),
    condition: Condition.nullable(),
    note: z.string().nullable(),
    /** Scanned but not part of the return. */
    extra: z.boolean(),
    /** Fewer or more than expected, missing, damaged or a wrong item. */
    mismatch: z.boolean(),
    returnReason: z.string().nullable(),
    returnReasonDesc: z.string().nullable(),
  }),
);
export type InspectionLine = z.infer<typeof InspectionLine>;

export const Inspection = lazy(() =>
  z.object({
    state: z.enum(['in_progress', 'done']),
    recommendation: z.enum(['accept', 'reject']).nullable(),
    reason: z.string().nullable(),
    note: z.string().nullable(),
    inspector: z.string().nullable(),
    startedAt: Instant,
    updatedAt: Instant,
    doneAt: Instant.nullable(),
    lines: z.array(InspectionLine),
    mismatches: z.number().int(),
  }),
);
export type Inspection = z.infer<typeof Inspection>;

export const ReturnDetail = lazy(() =>
  z.object({
    package: PackageDetail,
    decision: Decision,
    inspection: Inspection.nullable(),
    /** The item lines as the customer declared them (before any inspection). */
    expected: z.array(InspectionLine),
    notifications: z.array(NotificationSummary),
    /** The return changed in the service since the inspection started. */
    conflict: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
  }),
);
export type ReturnDetail = z.infer<typeof ReturnDetail>;

const Text = (max: number) => z.string().trim().max(max).nullable();

export const ReturnsInputs = {
  list: ReturnsListInput,
  scan: lazy(() => z.strictObject({ code: z.string().trim().min(1).max(200) })),
  id: lazy(() => z.strictObject({ id: z.number().int().positive() })),
  save: lazy(() =>
    z.strictObject({
      id: z.number().int().positive(),
      lines: z
        .array(
          z.strictObject({
            itemKey: z.string().min(1).max(300),
            receivedQty: z.number().int().min(0).max(10_000),
            condition: Condition.nullable(),
            note: Text(1000),
          }),
        )
        .max(500)
        .default([]),
      recommendation: z.enum(['accept', 'reject']).nullable().optional(),
      reason: Text(500).optional(),
      note: Text(2000).optional(),
      /** The updatedAt the editor started from: a save over a newer one is refused. */
      expectedUpdatedAt: Instant.nullable().optional(),
    }),
  ),
  scanItem: lazy(() => z.strictObject({ id: z.number().int().positive(), code: z.string().trim().min(1).max(200) })),
  /** Returns dated in [from, to); times in the CSV are local to `timeZone`, with their offset. */
  export: lazy(() => z.strictObject({ from: Instant, to: Instant, timeZone: TimeZone })),
};

export const ReturnsExport = lazy(() => z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() }));
