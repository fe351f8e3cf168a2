import type { CacheRow } from '../../src/main/core/packages/cache-record';

/**
 * The codes a cache row indexes, read back from its tokens (cache-record.ts: codeToken is the hex
 * of a code's UTF-8 bytes, itemToken an "i" before that of an item line's id), for tests that
 * write a workspace as an earlier version did.
 */
const decode = (token: string) => Buffer.from(token, 'hex').toString('utf8');
const tokens = (joined: string) => (joined === '' ? [] : joined.split(' '));

/** The codes that name the package (package_names, without its item lines). */
export const codesOf = (row: CacheRow): string[] =>
  tokens(row.names)
    .filter((t) => !t.startsWith('i'))
    .map(decode);

/** The ids of its item lines, as sent. */
export const itemLinesOf = (row: CacheRow): string[] =>
  tokens(row.names)
    .filter((t) => t.startsWith('i'))
    .map((t) => decode(t.slice(1)));

/** Its products' SKUs and barcodes (package_products). */
export const productCodesOf = (row: CacheRow): string[] => tokens(row.productNames).map(decode);
