import type { Decision, ReturnsListInput, ReturnSummary } from '../../../shared/domain/returns';
import { fold } from '../../../shared/text/case';
import { ftsPhrase } from '../db/statements';
import { instantAt } from '../../../shared/domain/time';

/** The service's decision on a return, from its cached columns (README: Decision rule). */
export const DECISION_SQL =
  "CASE WHEN p.is_confirm = 1 OR p.status = 'Returned' THEN 'confirmed' WHEN p.status = 'ReturnedRequestDenied' THEN 'rejected' ELSE 'awaiting' END";
/** Set for every return package at caching time (return date, or the order date without one); indexed. */
export const RETURN_TS = 'p.return_ts';

export interface SummaryRow {
  id: number;
  order_number: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  cargo_name: string | null;
  cargo_tracking_number: string | null;
  status: string | null;
  ts: number | null;
  decision: Decision;
  state: 'in_progress' | 'done' | null;
  item_count: number;
}

export const FROM = 'FROM packages p LEFT JOIN return_inspections i ON i.package_id = p.id';

export const SELECT = `SELECT p.id, p.order_number, p.customer_first_name, p.customer_last_name, p.cargo_name, p.cargo_tracking_number, p.status,
  ${RETURN_TS} AS ts, ${DECISION_SQL} AS decision, i.state, p.item_count
  ${FROM}`;

export const toSummary = (r: SummaryRow): ReturnSummary => ({
  id: r.id,
  orderNumber: r.order_number,
  customerName: [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' '),
  cargoName: r.cargo_name,
  cargoTrackingNumber: r.cargo_tracking_number,
  status: r.status,
  returnDate: r.ts === null ? null : instantAt(r.ts),
  decision: r.decision,
  inspection: r.state ?? 'none',
  itemCount: r.item_count,
});

export type ListFilters = Required<Omit<ReturnsListInput, 'customer' | 'offset' | 'limit'>> & { customer: string };

/**
 * The WHERE clause of the returns list and its parameters. Dates are instants with their offset
 * (the renderer turned the worker's local days into them): [from, to), compared in ms.
 */
export function listWhere(input: ListFilters): { where: string; params: unknown[] } {
  const where = ["p.kind = 'return'"];
  const params: unknown[] = [];
  if (input.decision !== 'all') {
    where.push(`${DECISION_SQL} = ?`);
    params.push(input.decision);
  }
  if (input.inspected === 'none') where.push('i.package_id IS NULL');
  else if (input.inspected !== 'all') {
    where.push('i.state = ?');
    params.push(input.inspected);
  }
  if (input.from) {
    where.push(`${RETURN_TS} >= ?`);
    params.push(Date.parse(input.from));
  }
  if (input.to) {
    where.push(`${RETURN_TS} < ?`);
    params.push(Date.parse(input.to));
  }
  if (input.carrier) {
    where.push('p.cargo_name = ?');
    params.push(input.carrier);
  }
  const customer = fold(input.customer);
  // A NUL matches no customer (and FTS5 cannot take it in a query string).
  if (customer.includes('\0')) where.push('0');
  else if (customer.length >= 3) {
    where.push('p.pk IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?)');
    params.push(ftsPhrase(customer));
  } else if (customer) {
    // One or two letters: the start of a first or last name, folded (migration 018), as ranges of
    // the two name indexes. Each branch names `kind = 'return'` itself: an OR of the two ranges
    // could use neither partial index, and walked every return.
    where.push(
      `p.pk IN (SELECT pk FROM packages WHERE kind = 'return' AND customer_first_key >= ? AND customer_first_key < ? || char(1114111)
        UNION ALL SELECT pk FROM packages WHERE kind = 'return' AND customer_last_key >= ? AND customer_last_key < ? || char(1114111))`,
    );
    params.push(customer, customer, customer, customer);
  }
  return { where: where.join(' AND '), params };
}
