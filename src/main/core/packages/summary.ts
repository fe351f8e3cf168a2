import type { PackageKind, PackageSummary } from '../../../shared/domain/packages';
import { instantAt } from '../../../shared/domain/time';

/** The columns of a package a list shows (SUMMARY_COLUMNS), as SQLite returns them. */
export interface SummaryRow {
  pk: number;
  id: number;
  kind: PackageKind;
  order_number: string | null;
  source_package_id: string | null;
  status: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  cargo_name: string | null;
  cargo_tracking_number: string | null;
  order_ts: number | null;
  is_confirm: number | null;
  item_count: number;
}

/** The columns of `packages p` a summary reads. */
export const SUMMARY_COLUMNS =
  'p.pk, p.id, p.kind, p.order_number, p.source_package_id, p.status, p.customer_first_name, p.customer_last_name, p.cargo_name, p.cargo_tracking_number, p.order_ts, p.is_confirm, p.item_count';

/** A package as a list shows it. */
export function toSummary(r: SummaryRow): PackageSummary {
  return {
    id: r.id,
    kind: r.kind,
    orderNumber: r.order_number,
    sourcePackageId: r.source_package_id,
    status: r.status,
    customerName: [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' '),
    cargoName: r.cargo_name,
    cargoTrackingNumber: r.cargo_tracking_number,
    orderDate: r.order_ts === null ? null : instantAt(r.order_ts),
    isConfirm: r.is_confirm === null ? null : r.is_confirm === 1,
    itemCount: r.item_count,
  };
}
