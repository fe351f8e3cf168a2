import { z } from 'zod';
import { Instant, TimeZone } from './time';
import { StorageCode } from './settings';
import { lazy } from '../lazy';

export const CountSession = lazy(() =>
  z.object({
    id: z.number().int(),
    storageCode: z.string(),
    state: z.enum(['open', 'pushed', 'discarded']),
    userName: z.string().nullable(),
    /** The PC (Settings → station name) the count was started on. */
    station: z.string().nullable(),
    totalUnits: z.number().int(),
    lineCount: z.number().int(),
    createdAt: Instant,
    updatedAt: Instant,
    pushedAt: Instant.nullable(),
    /** When the count was sent or discarded. */
    endedAt: Instant.nullable(),
    /** History (issue 18): sent lines that were recounted, and whose stock moved during the count. */
    recounted: z.number().int().optional(),
    moved: z.number().int().optional(),
    /**
     * History of a sent count: the units it sent (the recount or the movement taken into account
     * where the worker chose so; `totalUnits` is the first count). What _Recent counts_ shows.
     */
    sentUnits: z.number().int().optional(),
  }),
);
export type CountSession = z.infer<typeof CountSession>;

export const CountLine = lazy(() =>
  z.object({
    sku: z.string(),
    quantity: z.number().int(),
    name: z.string().nullable(),
    barcode: z.string().nullable(),
    /** Not a known product and not yet assigned: counted under the scanned code. */
    unknown: z.boolean(),
    updatedAt: Instant,
    /** Order of first scan (stable list order) and of last change (most recent first). */
    firstEvent: z.number().int(),
    lastEvent: z.number().int(),
    /**
     * A sent count: the quantity sent for this line (the recount or the movement taken into account
     * where the worker chose so); null while the count is open, and for a SKU set to 0 at sending.
     */
    sent: z.number().int().nullable().optional(),
    /** Lots and expiry dates read from GS1 codes of this line (not undone): units, distinct serials. */
    lots: z
      .array(z.object({ lot: z.string().nullable(), expiry: z.string().nullable(), units: z.number().int(), serials: z.number().int() }))
      .optional(),
  }),
);
export type CountLine = z.infer<typeof CountLine>;

export const Gs1Facts = lazy(() =>
  z.object({
    gtin: z.string().nullable(),
    lot: z.string().nullable(),
    expiry: z.string().nullable(),
    serial: z.string().nullable(),
    sscc: z.string().nullable(),
    quantity: z.number().int().nullable(),
    /** A variable-length value that holds more elements ((10)LOT42 then (17)271231): a separator is probably missing. */
    missingSeparator: z.object({ ai: z.string(), value: z.string(), next: z.string() }).nullable().optional(),
  }),
);

export const ScanProblem = lazy(() => z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }));
export type ScanProblem = z.infer<typeof ScanProblem>;

export const ScanOutcome = lazy(() => z.enum(['counted', 'unknown', 'misread']));

export const ScanResult = lazy(() =>
  z.object({
    outcome: ScanOutcome,
    eventId: z.number().int(),
    code: z.string(),
    /** The line the scan changed (null for a misread). */
    line: CountLine.nullable(),
    delta: z.number().int(),
    /** How the code was recognised: product barcode, SKU, a remembered assignment. */
    via: z.enum(['barcode', 'sku', 'alias']).nullable(),
    /** Misread: the GTIN kind and the check digit the code should have had. */
    gtin: z.object({ kind: z.string(), expected: z.number().int() }).nullable(),
    session: CountSession,
    /** What a GS1 code said (GTIN, lot, expiry, serial, how many it counted). */
    gs1: Gs1Facts.nullable().optional(),
    /** Why the code was refused (a malformed GS1 code, a command barcode outside counting). */
    problem: ScanProblem.nullable().optional(),
    /** A scan in recount mode: it went to the recount of the line (the line keeps its first count). */
    recount: z.object({ sku: z.string(), quantity: z.number().int() }).nullable().optional(),
  }),
);
export type ScanResult = z.infer<typeof ScanResult>;

export const LineChange = lazy(() =>
  z.object({
    /** The lines as they are after the change (removed lines are listed in `removed`). */
    lines: z.array(CountLine),
    removed: z.array(z.string()),
    session: CountSession,
  }),
);
export type LineChange = z.infer<typeof LineChange>;

/** How this connection counts (issue 18). */
export const CountOptions = lazy(() =>
  z.object({
    /** Blind counts: the previous count's quantities are hidden while counting, shown in Review. */
    blind: z.boolean(),
    /**
     * Recount on variance: a line whose change against the previous count is at least
     * `recountUnits` units and at least `recountPercent` % of the previous quantity must be counted
     * again before it is sent.
     */
    recount: z.boolean(),
    recountUnits: z.number().int().min(1).max(100_000),
    recountPercent: z.number().int().min(0).max(1000),
  }),
);
export type CountOptions = z.infer<typeof CountOptions>;

export const CountDetail = lazy(() =>
  z.object({
    session: CountSession,
    lines: z.array(CountLine),
    /** SKU → quantity of the last sent count of this storage code; null in a blind count. */
    previous: z.record(z.string(), z.number().int()).nullable().optional(),
    /** The last counted (not undone) scan, for the "last scanned" card after a restart. */
    lastScan: z
      .object({
        code: z.string(),
        sku: z.string().nullable(),
        delta: z.number().int(),
        at: Instant,
        outcome: ScanOutcome,
        lot: z.string().nullable().optional(),
        expiry: z.string().nullable().optional(),
        serial: z.string().nullable().optional(),
      })
      .nullable(),
  }),
);
export type CountDetail = z.infer<typeof CountDetail>;

export const ReviewLine = lazy(() =>
  z.object({
    sku: z.string(),
    name: z.string().nullable(),
    quantity: z.number().int(),
    /** The same SKU in the last pushed count of this storage code, if any. */
    previous: z.number().int().nullable(),
    unknown: z.boolean(),
    /** Why this line needs a second look before it is sent. */
    risk: z.enum(['zero', 'big_change', 'unknown']).nullable(),
    /** Recount (issue 18.3): required by the variance threshold or by the worker's movement choice. */
    recount: z
      .object({
        required: z.boolean(),
        /** Why: the change against the previous count passed the threshold, or the worker asked for it. */
        why: z.enum(['variance', 'movement']),
        /** The recount (null: not recounted yet); the first count stays `quantity`. */
        quantity: z.number().int().nullable(),
        /** Which one is sent when the two disagree (null: not chosen yet). */
        choice: z.enum(['first', 'recount']).nullable(),
      })
      .nullable()
      .optional(),
    /**
     * Stock of this SKU that moved while it was counted (issue 18.1): units in packages that went to
     * picked/shipped (left) or came back (cancelled after picking, returned) between the line's first
     * scan (or its recount's) and now. The service does not say which shelf they were picked from.
     */
    movement: z
      .object({
        left: z.number().int(),
        leftPackages: z.number().int(),
        back: z.number().int(),
        backPackages: z.number().int(),
        /** back − left */
        net: z.number().int(),
        choice: z.enum(['keep', 'subtract', 'recount']).nullable(),
      })
      .nullable()
      .optional(),
    /** The quantity that will be sent, after the recount and movement choices. */
    send: z.number().int().optional(),
    /** What must happen before the count can be sent. */
    blocked: z.enum(['recount', 'choose_recount', 'choose_movement']).nullable().optional(),
  }),
);
export type ReviewLine = z.infer<typeof ReviewLine>;

export const CountReview = lazy(() =>
  z.object({
    session: CountSession,
    lines: z.array(ReviewLine),
    /** In the previous count but not scanned now: sent as 0 only when the worker asks. */
    missing: z.array(z.object({ sku: z.string(), name: z.string().nullable(), previous: z.number().int() })),
    previousCountAt: Instant.nullable(),
    needsConfirmation: z.boolean(),
    /** Lines that must be recounted or decided before sending (the push is refused until then). */
    blocked: z.number().int().optional(),
    /**
     * The package statuses the movements are based on: refreshed by a sync just now (`fresh`), or
     * what was known when the service did not answer (offline: `fresh` false, `error` says why).
     */
    movements: z.object({ fresh: z.boolean(), error: z.string().nullable() }).optional(),
  }),
);
export type CountReview = z.infer<typeof CountReview>;

const Quantity = z.number().int().min(0).max(1_000_000);
/** Characters no label prints (a stray key, a paste from a terminal): never part of a code. */
const CONTROL = /\p{Cc}/u;
/** GS, the FNC1 separator of a GS1 code: part of a scan, though a control character. */
const GS = String.fromCharCode(0x1d);
// Each rule gives its reason (errors.reasons.*): the worker is told what was wrong with the code.
const noControl = (c: string) => !CONTROL.test(c);
const Code = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .refine(noControl, { message: 'control characters', params: { reason: 'code_control_chars' } });
/** A scan may be a GS1 DataMatrix or a Digital Link: longer than a product code. */
const ScanCode = z
  .string()
  .trim()
  .min(1)
  .refine((c) => c.length <= 512, { message: 'at most 512 characters', params: { reason: 'scan_too_long' }, abort: true })
  .refine((c) => noControl(c.replaceAll(GS, '')), { message: 'control characters', params: { reason: 'code_control_chars' } });
/** Units one scan counts ("12, then scan"). */
export const MAX_SCAN_QUANTITY = 100_000;

/**
 * The window that scans or edits (its id from counts.open): once another window took the count
 * over, the old one is refused (count_taken_over). Callers that are no window (wd) leave it out.
 */
const Holder = () => z.string().min(1).max(64).optional();

export const CountsInputs = {
  open: lazy(() =>
    z.strictObject({
      storageCode: StorageCode,
      /** The window asking (one id per window): a count held by another active window is refused. */
      holder: z.string().min(1).max(64).optional(),
      /** The worker takes over a count another window of this PC holds (that window was closed). */
      takeOver: z.boolean().optional(),
    }),
  ),
  setOptions: lazy(() =>
    z.strictObject({
      blind: z.boolean().optional(),
      recount: z.boolean().optional(),
      recountUnits: z.number().int().min(1).max(100_000).optional(),
      recountPercent: z.number().int().min(0).max(1000).optional(),
    }),
  ),
  release: lazy(() => z.strictObject({ sessionId: z.number().int().positive(), holder: z.string().min(1).max(64) })),
  session: lazy(() => z.strictObject({ sessionId: z.number().int().positive() })),
  /** Times in the CSV are local to `timeZone` (the worker's), with their offset; default: the core's zone. */
  export: lazy(() => z.strictObject({ sessionId: z.number().int().positive(), timeZone: TimeZone.optional() })),
  scan: lazy(() =>
    z.strictObject({
      sessionId: z.number().int().positive(),
      code: ScanCode,
      /** Typed before the scan ("12 then scan"); default 1. */
      quantity: z
        .number()
        .int()
        .min(1)
        .refine((n) => n <= MAX_SCAN_QUANTITY, { message: `at most ${MAX_SCAN_QUANTITY}`, params: { reason: 'scan_quantity_too_large' } })
        .default(1),
      station: z.string().max(100).optional(),
      /** Recount mode: the scan goes to the recount of a flagged line (refused for any other SKU). */
      recount: z.boolean().optional(),
      holder: Holder(),
    }),
  ),
  /** The recount of a flagged line typed (0 when none is on the shelf). */
  recountSet: lazy(() => z.strictObject({ sessionId: z.number().int().positive(), sku: Code, quantity: Quantity, holder: Holder() })),
  /** Which of the first count and the recount is sent. */
  chooseRecount: lazy(() => z.strictObject({ sessionId: z.number().int().positive(), sku: Code, choice: z.enum(['first', 'recount']) })),
  /** What to do with the stock that moved while the line was counted. */
  chooseMovement: lazy(() =>
    z.strictObject({
      sessionId: z.number().int().positive(),
      sku: Code,
      choice: z.enum(['keep', 'subtract', 'recount']),
    }),
  ),
  setLine: lazy(() => z.strictObject({ sessionId: z.number().int().positive(), sku: Code, quantity: Quantity, holder: Holder() })),
  removeLine: lazy(() => z.strictObject({ sessionId: z.number().int().positive(), sku: Code, holder: Holder() })),
  undo: lazy(() =>
    z.strictObject({ sessionId: z.number().int().positive(), steps: z.number().int().min(1).max(100).default(1), holder: Holder() }),
  ),
  assign: lazy(() =>
    z.strictObject({
      sessionId: z.number().int().positive(),
      code: Code,
      /** The SKU this code means; omit with `own: true` to count the code as its own SKU. */
      sku: Code.optional(),
      own: z.boolean().default(false),
      /** The SKU is not in the catalogue and the worker confirmed it anyway (a typo must not be remembered silently). */
      confirmed: z.boolean().default(false),
      holder: Holder(),
    }),
  ),
  review: lazy(() =>
    z.strictObject({
      sessionId: z.number().int().positive(),
      zeroMissing: z.boolean().default(false),
      /** Sync the packages first (when the service answers) so stock that moved is known. */
      refresh: z.boolean().default(false),
    }),
  ),
  push: lazy(() =>
    z.strictObject({
      sessionId: z.number().int().positive(),
      zeroMissing: z.boolean().default(false),
      confirmed: z.boolean().default(false),
      holder: Holder(),
    }),
  ),
  discard: lazy(() => z.strictObject({ sessionId: z.number().int().positive(), holder: Holder() })),
  history: lazy(() => z.strictObject({ storageCode: StorageCode.optional(), limit: z.number().int().min(1).max(500).default(50) })),
};

export const PushResult = lazy(() => z.object({ session: CountSession, outboxIds: z.array(z.number().int()), items: z.number().int() }));
export type PushResult = z.infer<typeof PushResult>;

export const CountExport = lazy(() => z.object({ filename: z.string(), csv: z.string() }));
