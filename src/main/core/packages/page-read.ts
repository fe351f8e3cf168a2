import type { PackageKind } from '../../../shared/domain/packages';
import { PackageRecordCheck } from '../../../shared/service/packages';
import { textOf } from '../../../shared/text/json-items';
import { AppError } from '../errors';
import { GarbledRecord, toCacheRow, type CacheRow } from './cache-record';
import { packRecord } from './record-pack';

/**
 * One record of a list page as a cache row, packed (record-pack.ts) so the write transaction only
 * writes: from its bytes as sent (`item`, json-items.ts) when the page was cut, else from its
 * parsed `value`. The same on the core's thread and on the page reader's (page-reader.ts); a
 * record that cannot be cached throws the error that names the page.
 */
export function readRecord(kind: PackageKind, page: number, i: number, item: Uint8Array | null, value?: unknown): CacheRow {
  let text: string | undefined;
  if (item !== null) {
    text = textOf(item);
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      throw new AppError('bad_response', `page ${page} of the ${kind} list: record ${i} is not JSON`, { reason: 'page_unreadable', page });
    }
  }
  // The record is cached as its own text, and its cache row reads declared fields only: the check
  // need not copy the keys it does not know (PackageRecordCheck).
  const record = PackageRecordCheck.safeParse(value);
  if (!record.success) {
    const issue = record.error.issues[0];
    throw new AppError(
      'bad_response',
      `page ${page} of the ${kind} list is not what the service documents: ${['data', i, ...(issue?.path ?? [])].join('.')} ${issue?.message ?? ''}`.trim(),
      { reason: 'page_unreadable', page },
    );
  }
  let row: CacheRow;
  try {
    row = toCacheRow(record.data, kind, i, text ?? JSON.stringify(value));
  } catch (e) {
    if (e instanceof GarbledRecord)
      throw new AppError('bad_response', `page ${page} of the ${kind} list: ${e.message}`, { reason: 'page_unreadable', page });
    throw e;
  }
  // From the bytes as sent when the page was cut (the same UTF-8 the text would be encoded to again).
  row.raw = packRecord(item ?? row.rawJson);
  row.rawJson = '';
  return row;
}
