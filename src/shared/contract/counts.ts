import { z } from 'zod';
import { OutboxItem } from '../domain/outbox';
import { Empty } from '../domain/common';
import {
  CountDetail,
  CountExport,
  CountOptions,
  CountReview,
  CountSession,
  CountsInputs,
  LineChange,
  PushResult,
  ScanResult,
} from '../domain/counts';
import { method } from './define';
import { lazy } from '../lazy';

export const countsMethods = {
  /** Continues the open count of a storage code or starts one. */
  'counts.open': method(
    lazy(() => CountsInputs.open),
    CountDetail,
  ),
  /** How this connection counts (blind counts). */
  'counts.options': method(Empty, CountOptions),
  'counts.setOptions': method(
    lazy(() => CountsInputs.setOptions),
    CountOptions,
  ),
  /** The window no longer holds the count (it stays open; another window may take it). */
  'counts.release': method(
    lazy(() => CountsInputs.release),
    CountSession,
  ),
  'counts.get': method(
    lazy(() => CountsInputs.session),
    CountDetail,
  ),
  /** Stores the scan (event + line, one transaction) and answers only after the commit. */
  'counts.scan': method(
    lazy(() => CountsInputs.scan),
    ScanResult,
  ),
  'counts.setLine': method(
    lazy(() => CountsInputs.setLine),
    LineChange,
  ),
  'counts.removeLine': method(
    lazy(() => CountsInputs.removeLine),
    LineChange,
  ),
  'counts.undo': method(
    lazy(() => CountsInputs.undo),
    LineChange,
  ),
  /** An unknown code: assign it to a SKU, or count it as its own SKU. Remembered for later scans. */
  'counts.assign': method(
    lazy(() => CountsInputs.assign),
    LineChange,
  ),
  /** The recount of a flagged line typed (0 when none is on the shelf). */
  'counts.recountSet': method(
    lazy(() => CountsInputs.recountSet),
    LineChange,
  ),
  /** Which of the first count and the recount of a line is sent (recorded in the event log). */
  'counts.chooseRecount': method(
    lazy(() => CountsInputs.chooseRecount),
    LineChange,
  ),
  /** Keep the counted quantity, subtract the stock that moved, or recount the line (recorded). */
  'counts.chooseMovement': method(
    lazy(() => CountsInputs.chooseMovement),
    LineChange,
  ),
  'counts.review': method(
    lazy(() => CountsInputs.review),
    CountReview,
  ),
  /** Puts the quantities in the outbox (batches, in order per storage code) and closes the count. */
  'counts.push': method(
    lazy(() => CountsInputs.push),
    PushResult,
  ),
  'counts.discard': method(
    lazy(() => CountsInputs.discard),
    CountSession,
  ),
  'counts.history': method(
    lazy(() => CountsInputs.history),
    lazy(() => z.array(CountSession)),
  ),
  'counts.pushStatus': method(
    lazy(() => CountsInputs.session),
    lazy(() => z.array(OutboxItem)),
  ),
  'counts.export': method(
    lazy(() => CountsInputs.export),
    CountExport,
  ),
} as const;

export const countsEvents = {
  /**
   * A window opened a count (holder: that window's id): any other window showing it no longer holds
   * it and shows what is stored (issue 46 item 5).
   */
  'counts.held': lazy(() => z.object({ sessionId: z.number().int(), storageCode: z.string(), holder: z.string() })),
} as const;
