import type { CountLine, CountSession } from '../../../shared/domain/counts';
import type { Instant } from '../../../shared/domain/time';
import type { FoldEvent } from './fold';

/** Rows of the count tables (migrations 003, 005, 012 …) and their domain objects. */
export interface SessionRow {
  id: number;
  storage_code: string;
  state: 'open' | 'pushed' | 'discarded';
  user_name: string | null;
  station: string | null;
  total_units: number;
  line_count: number;
  created_at: Instant;
  updated_at: Instant;
  pushed_at: Instant | null;
  ended_at: Instant | null;
  holder: string | null;
  held_at: string | null;
  recounted?: number;
  moved?: number;
  /** History: the units a sent count sent (null for a count not sent). */
  sent_units?: number | null;
}

export interface LineRow {
  session_id: number;
  sku: string;
  quantity: number;
  name: string | null;
  barcode: string | null;
  unknown: number;
  first_event: number;
  last_event: number;
  updated_at: Instant;
  sent_qty: number | null;
}

/** A row of scan_events as the repository reads it: what the fold reads, and more. */
export interface EventRow extends Omit<FoldEvent, 'undone'> {
  prev_quantity: number | null;
  at: Instant;
  lot?: string | null;
  expiry?: string | null;
  serial?: string | null;
}

export const toSession = (r: SessionRow): CountSession => ({
  id: r.id,
  storageCode: r.storage_code,
  state: r.state,
  userName: r.user_name,
  station: r.station,
  totalUnits: r.total_units,
  lineCount: r.line_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  pushedAt: r.pushed_at,
  endedAt: r.ended_at,
  ...(r.recounted !== undefined ? { recounted: r.recounted, moved: r.moved ?? 0 } : {}),
  ...(r.sent_units !== undefined && r.sent_units !== null ? { sentUnits: r.sent_units } : {}),
});

export const toLine = (r: LineRow): CountLine => ({
  sku: r.sku,
  quantity: r.quantity,
  name: r.name,
  barcode: r.barcode,
  unknown: r.unknown === 1,
  updatedAt: r.updated_at,
  firstEvent: r.first_event,
  lastEvent: r.last_event,
  ...(r.sent_qty !== null && r.sent_qty !== undefined ? { sent: r.sent_qty } : {}),
});
