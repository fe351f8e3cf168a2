import type { PackageKind } from '../../../shared/domain/packages';
import type { PackageRecord } from '../../../shared/service/packages';
import { fold } from '../../../shared/text/case';

/** A product as a package line names it (its SKU, barcode, name and image), for the product catalogue. */
export interface LineProduct {
  sku: string | null;
  barcode: string | null;
  name: string | null;
  image: string | null;
}

export interface CacheRow {
  id: number;
  kind: PackageKind;
  orderNumber: string | null;
  sourcePackageId: string | null;
  status: string | null;
  cargoName: string | null;
  cargoTrackingNumber: string | null;
  cargoKey: string | null;
  cargoBarcode: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerCode: string | null;
  /** A return's first and last name folded (`fold`), for the Returns list's customer filter (migration 018); null for orders. */
  customerFirstKey: string | null;
  customerLastKey: string | null;
  orderTs: number | null;
  lastModifiedTs: number | null;
  returnTs: number | null;
  isConfirm: number | null;
  itemCount: number;
  /** The record's JSON: the text the service sent when known, else the parsed record written out again. */
  rawJson: string;
  /** `rawJson` packed for the cache (record-pack.ts), when already done outside the write transaction. */
  raw?: Buffer;
  /**
   * The package's row of package_names: the tokens (codeToken) of the codes that name it (upper
   * case, each once), of its item lines' ids (itemToken) and of the words of its customer's first
   * and last name (nameToken), space-separated. Worked out with the
   * row, so the page reader's thread does it, not the write transaction.
   */
  names: string;
  /** Its row of package_products: the tokens of its products' SKUs and barcodes (upper case, each once). */
  productNames: string;
  /** The product of each line, for the product catalogue (products-repo.ts, learnFromPackage). */
  products: LineProduct[];
  /** Units per SKU (a line's quantity, else its item lines'), for the moves of stock (moves.ts). */
  units: [sku: string, units: number][];
  /** Folded free text for the trigram index. */
  text: string;
}

/** Non-empty values folded, each once. */
function unique(values: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const v of values) if (typeof v === 'string' && v.length > 0) seen.add(fold(v));
  return [...seen];
}

/** A record that cannot be cached safely: skipped and reported, the rest of its page stored (page-read.ts). */
export class GarbledRecord extends Error {}

export const normCode = (code: string) => code.trim().toUpperCase();

/**
 * A code as one token of package_names or package_products (FTS5, `ascii` tokenizer): the hex of
 * its UTF-8 bytes, so any character a code holds stays inside one token and the tokenizer changes
 * nothing. A prefix of a code gives a prefix of its token.
 */
export const codeToken = (code: string) => Buffer.from(code, 'utf8').toString('hex');

/**
 * An item line's id (sourceOrderItemLineId, as sent: what a package notification names) as a token
 * of package_names beside the package's codes (migration 017): "i" and the hex of its bytes. The
 * "i" keeps it apart from the codes (hex only): a code typed or scanned never finds a package by
 * one of its item lines, nor a prefix of one.
 */
export const itemToken = (lineId: string) => `i${codeToken(lineId)}`;

/**
 * A word of the customer's first or last name (folded: `fold`) as a token of package_names beside
 * the package's codes (migration 023): "n" and the hex of its bytes. The "n" keeps it apart from
 * the codes (hex only) and the item lines ("i"): a scan never finds a package by its customer's
 * name, and the Packages search finds one or two letters at the beginning of a name (namePrefixMatch).
 */
export const nameToken = (word: string) => `n${codeToken(word)}`;

/** The words of a customer's name as the search finds their beginnings: folded, split at spaces and hyphens. */
export function nameWords(...names: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    for (const w of fold(name).split(/[\s-]+/)) if (w.length > 0 && w.length <= 200) words.add(w);
  }
  return [...words];
}

/** The FTS5 query that finds the packages with an item line of this id. */
export const itemMatch = (lineId: string) => `"${itemToken(lineId)}"`;

/** The FTS5 query that finds exactly the packages holding `code` (normalised). */
export const codeMatch = (code: string) => `"${codeToken(code)}"`;

/** The FTS5 query that finds the packages holding a code that starts with `prefix` (normalised). */
export const codePrefixMatch = (prefix: string) => `"${codeToken(prefix)}" *`;

/**
 * The FTS5 query that finds the packages holding a code that starts with `typed` (normalised) or
 * whose customer has a name that starts with it (folded).
 */
export const codeOrNamePrefixMatch = (typed: string) => `${codePrefixMatch(normCode(typed))} OR "${nameToken(fold(typed))}" *`;

/** A name as the Returns list's customer filter compares it: folded, null when nothing is left. */
export function nameKey(name: string | null | undefined): string | null {
  const key = typeof name === 'string' ? fold(name) : '';
  return key === '' ? null : key;
}

export function toTs(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

const s = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/**
 * The strict check in front of the cache. The wire schema lets nulls through everywhere the docs
 * show them; here a package needs a positive integer id (it is the upsert key), and the lines it
 * carries must be arrays of objects. Everything else is cached as sent: `sent` is the record's own
 * text from the page (json-items.ts), when the caller has it.
 */
export function toCacheRow(record: PackageRecord, kind: PackageKind, index: number, sent?: string): CacheRow {
  const id = record.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new GarbledRecord(`record ${index} has no usable package id (${JSON.stringify(id)})`);
  }
  const codes = new Set<string>();
  const productCodes = new Set<string>();
  const addCode = (value: string | number | null | undefined, field: string) => {
    if (value === null || value === undefined) return;
    const code = normCode(String(value));
    if (code.length === 0 || code.length > 200) return;
    (field === 'sku' || field === 'barcode' ? productCodes : codes).add(code);
  };
  addCode(id, 'id');
  addCode(record.orderNumber, 'orderNumber');
  addCode(record.sourcePackageId, 'sourcePackageId');
  addCode(record.cargoTrackingNumber, 'cargoTrackingNumber');
  addCode(record.cargoKey, 'cargoKey');
  addCode(record.cargoBarcode, 'cargoBarcode');
  for (const p of record.parcels ?? []) {
    addCode(p.parcelBarcode, 'parcelBarcode');
    addCode(p.cargoKey, 'cargoKey');
    addCode(p.cargoBarcode, 'cargoBarcode');
    addCode(p.trackingCode, 'cargoTrackingNumber');
  }

  const products: LineProduct[] = [];
  const itemTokens: string[] = [];
  const units = new Map<string, number>();
  const addUnits = (sku: string | null, n: number) => {
    if (sku !== null) units.set(sku, (units.get(sku) ?? 0) + n);
  };
  let itemCount = 0;
  for (const line of record.lines ?? []) {
    addCode(line.sku, 'sku');
    addCode(line.barcode, 'barcode');
    const sku = s(line.sku);
    // What the line's item lines hold: for the package's item count (a missing quantity is none)
    // and for the moves of stock (a missing quantity is one piece).
    // Cancelled item lines stay on the shelf: the line's quantity counts them (the service's
    // sample: quantity 1, its one item line cancelled), the moves of stock do not.
    let itemUnits = 0;
    let itemPieces = 0;
    let cancelledPieces = 0;
    for (const it of line.itemLines ?? []) {
      addCode(it.sku, 'sku');
      addCode(it.barcode, 'barcode');
      itemUnits += it.quantity ?? 0;
      itemPieces += it.quantity ?? 1;
      if (it.isCancel === true) cancelledPieces += it.quantity ?? 1;
      // A line without a SKU moves its item lines' SKUs.
      else if (sku === null) addUnits(s(it.sku), it.quantity ?? 1);
      const lineId = s(it.sourceOrderItemLineId);
      if (lineId !== null) itemTokens.push(itemToken(lineId));
    }
    itemCount += line.quantity ?? itemUnits;
    if (sku !== null) addUnits(sku, Math.max(0, (line.quantity ?? itemPieces) - cancelledPieces));
    products.push({ sku, barcode: s(line.barcode), name: s(line.productName), image: s(line.productImageUrl) });
  }

  const addr = record.shipmentAddress;
  // Each value once (the address's full name and the invoice phone usually repeat others): the
  // trigram index is the largest index of the cache. First and last name side by side, so a full
  // name is found as typed.
  const text = unique([
    [record.customerFirstName, record.customerLastName].filter(Boolean).join(' '),
    record.customerEmail,
    addr?.fullName,
    addr?.phone,
    addr?.city,
    addr?.district,
    record.invoiceAddress?.phone,
    record.orderNumber,
    record.sourcePackageId,
    record.cargoTrackingNumber,
    record.cargoName,
    String(id),
    ...products.map((p) => p.name),
  ]).join(' | ');

  return {
    id,
    kind,
    orderNumber: s(record.orderNumber),
    sourcePackageId: s(record.sourcePackageId),
    status: s(record.status),
    cargoName: s(record.cargoName),
    cargoTrackingNumber: s(record.cargoTrackingNumber),
    cargoKey: s(record.cargoKey),
    cargoBarcode: s(record.cargoBarcode),
    customerFirstName: s(record.customerFirstName),
    customerLastName: s(record.customerLastName),
    customerCode: s(record.customerCode),
    customerFirstKey: kind === 'return' ? nameKey(record.customerFirstName) : null,
    customerLastKey: kind === 'return' ? nameKey(record.customerLastName) : null,
    orderTs: toTs(record.orderDate),
    lastModifiedTs: toTs(record.lastModifiedDate),
    // Returns sort and filter by their return date; without one, the order date stands in.
    returnTs: kind === 'return' ? (toTs(record.returnDate) ?? toTs(record.orderDate)) : null,
    isConfirm: record.isConfirm === true ? 1 : record.isConfirm === false ? 0 : null,
    itemCount,
    rawJson: sent ?? JSON.stringify(record),
    names: [
      ...Array.from(codes, codeToken),
      ...itemTokens,
      ...nameWords(record.customerFirstName, record.customerLastName).map(nameToken),
    ].join(' '),
    productNames: Array.from(productCodes, codeToken).join(' '),
    products,
    units: [...units],
    text,
  };
}
