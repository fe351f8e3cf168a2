import type { CacheRow } from '../../src/main/core/packages/cache-record';

/**
 * The codes a cache row indexes, read back from its tokens (cache-record.ts: codeToken is the hex
 * of a code's UTF-8 bytes, itemToken an "i" before that of an item line's id, nameToken an "n"
 * before that of a word of the customer's name), for tests that write a workspace as an earlier
 * version did.
 */
const decode = (token: string) => Buffer.from(token, 'hex').toString('utf8');
const tokens = (joined: string) => (joined === '' ? [] : joined.split(' '));

/** The codes that name the package (package_names, without its item lines and name words). */
export const codesOf = (row: CacheRow): string[] =>
  tokens(row.names)
    .filter((t) => /^[0-9a-f]+$/.test(t))
    .map(decode);

/** The ids of its item lines, as sent. */
export const itemLinesOf = (row: CacheRow): string[] =>
  tokens(row.names)
    .filter((t) => t.startsWith('i'))
    .map((t) => decode(t.slice(1)));

/** The words of its customer's name, folded (migration 023). */
export const nameWordsOf = (row: CacheRow): string[] =>
  tokens(row.names)
    .filter((t) => t.startsWith('n'))
    .map((t) => decode(t.slice(1)));

/** Its products' SKUs and barcodes (package_products). */
export const productCodesOf = (row: CacheRow): string[] => tokens(row.productNames).map(decode);
