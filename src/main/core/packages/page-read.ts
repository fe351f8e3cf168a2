import type { PackageKind, SkippedRecord } from '../../../shared/domain/packages';
import { PackageRecordCheck, type PackageRecord } from '../../../shared/service/packages';
import { textOf } from '../../../shared/text/json-items';
import { GarbledRecord, toCacheRow, type CacheRow } from './cache-record';
import { packRecord } from './record-pack';

/**
 * One record of a list page as a cache row, packed (record-pack.ts) so the write transaction only
 * writes: from its bytes as sent (`item`, json-items.ts) when the page was cut, else from its
 * parsed `value`. The same on the core's thread and on the page reader's (page-reader.ts).
 *
 * A record that cannot be cached (its text is no JSON, it is no object, it has no usable id, a
 * field has a value of the wrong type) is skipped, not its page: it goes into `skipped` with what
 * names it, and null is returned; the rest of the page is stored, and the sync asks for the page
 * again later (sync.ts). An envelope that cannot be read still refuses the page (sync.ts,
 * fetchPage). Nothing of this runs for a record that can be cached.
 */
export function readRecord(
  kind: PackageKind,
  page: number,
  i: number,
  item: Uint8Array | null,
  value: unknown,
  skipped: SkippedRecord[],
): CacheRow | null {
  const checked = checkRecord(kind, page, i, item, value, skipped);
  if (checked === null) return null;
  let row: CacheRow;
  try {
    row = toCacheRow(checked.record, kind, i, checked.text ?? JSON.stringify(checked.value));
  } catch (e) {
    if (!(e instanceof GarbledRecord)) throw e;
    skipped.push(skippedRecord(kind, page, i, checked.value, 'no_id', null));
    return null;
  }
  // From the bytes as sent when the page was cut (the same UTF-8 the text would be encoded to again).
  row.raw = packRecord(item ?? row.rawJson);
  row.rawJson = '';
  return row;
}

/**
 * A list page's record checked as the cache checks it, before anything is made of it: its
 * parsed value (from its bytes as sent, `item`, or as parsed, `value`), its text when it came as
 * bytes, and the checked record (declared fields only). A record that is no JSON, no object, has
 * no usable id (a positive safe integer) or a field of the wrong type goes into `skipped` and null
 * is returned. The desk's cache (readRecord) and the hub's feed (src/main/hub/sync.ts) take the same.
 */
export function checkRecord(
  kind: PackageKind,
  page: number,
  i: number,
  item: Uint8Array | null,
  value: unknown,
  skipped: SkippedRecord[],
): { value: unknown; text: string | undefined; record: PackageRecord & { id: number } } | null {
  let text: string | undefined;
  if (item !== null) {
    text = textOf(item);
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      skipped.push(skippedRecord(kind, page, i, undefined, 'not_json', null));
      return null;
    }
  }
  // The record is cached as its own text, and its cache row reads declared fields only: the check
  // need not copy the keys it does not know (PackageRecordCheck).
  const record = PackageRecordCheck.safeParse(value);
  if (!record.success) {
    const path = record.error.issues[0]?.path ?? [];
    skipped.push(
      path.length === 0
        ? skippedRecord(kind, page, i, value, 'not_a_record', null)
        : path[0] === 'id'
          ? skippedRecord(kind, page, i, value, 'no_id', null)
          : skippedRecord(kind, page, i, value, 'wrong_field', path.map(String).join('.')),
    );
    return null;
  }
  const id = record.data.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    skipped.push(skippedRecord(kind, page, i, value, 'no_id', null));
    return null;
  }
  // No copy for the narrowed id (the sync checks 120,000 records): the check above is the type's.
  return { value, text, record: record.data as PackageRecord & { id: number } };
}

/** A skipped record with what names it, when its parsed value has it (a usable id, an order number). */
function skippedRecord(
  kind: PackageKind,
  page: number,
  record: number,
  value: unknown,
  reason: SkippedRecord['reason'],
  field: string | null,
): SkippedRecord {
  const o = typeof value === 'object' && value !== null ? (value as { id?: unknown; orderNumber?: unknown }) : {};
  const id = typeof o.id === 'number' && Number.isSafeInteger(o.id) && o.id > 0 ? o.id : null;
  const orderNumber = typeof o.orderNumber === 'string' && o.orderNumber.length <= 200 ? o.orderNumber : null;
  return { kind, page, record, id, orderNumber, reason, field: field === null ? null : field.slice(0, 200) };
}
