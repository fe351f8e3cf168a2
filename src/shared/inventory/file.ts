import { readCsv } from '../csv/read';
import { InventoryItem, MAX_INVENTORY_QTY } from '../service/update-inventory';

/** What is wrong with one row of a quantities file; `code` is translated as cli:inventoryProblems.<code>. */
export interface InventoryFileProblem {
  /** Spreadsheet row (header = 1) or JSON array position (first = 1); 0 = the whole file. */
  row: number;
  code:
    | 'sku_empty'
    | 'qty_missing'
    | 'qty_not_whole'
    | 'qty_too_large'
    | 'sku_control_chars'
    | 'header_unknown'
    | 'extra_columns'
    | 'sku_too_long'
    | 'json_keys'
    | 'storage_missing'
    | 'storage_differs'
    | 'duplicate'
    | 'not_json'
    | 'not_array'
    | 'unclosed_quote'
    | 'no_items';
  params: Record<string, string | number>;
}

export interface InventoryFile {
  items: InventoryItem[];
  problems: InventoryFileProblem[];
}

const HEADER_SKU = /^sku$/i;
const HEADER_QTY = /^(qty|quantity|adet|miktar)$/i;

/** The file is the service's JSON array when it starts with [ or { (after a BOM and spaces). */
export const isJsonText = (text: string) => /^\s*[[{]/.test(text.replace(/^\uFEFF/, ''));

/**
 * A quantities file as `wd inventory push` takes it: a CSV "sku,qty" (the shared RFC 4180 reader:
 * comma, semicolon or tab, quoted cells, optional header, UTF-8 with or without BOM; every row of
 * `storageCode`), or the service's own body [{Sku, Qty, StorageCode}] (StorageCode may be left out
 * when `storageCode` is given). Every item is checked with the UpdateInventory item schema, so a
 * file is refused for the same reasons the service's request schema refuses a body.
 */
export function readInventoryFile(text: string, storageCode: string | undefined): InventoryFile {
  const r = isJsonText(text) ? readJson(text, storageCode) : readCsvRows(text, storageCode);
  const problems = [...r.problems, ...duplicates(r.items, r.rows)];
  if (problems.length === 0 && r.items.length === 0) problems.push({ row: 0, code: 'no_items', params: {} });
  return { items: r.items, problems };
}

interface Read {
  items: InventoryItem[];
  rows: number[];
  problems: InventoryFileProblem[];
}

/** The schema's verdict on one item, as a problem of `row`. */
/** The quantity as the file wrote it, for a problem's message: an object or a list as JSON, not "[object Object]". */
function shownQty(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}

function check(row: number, item: { Sku: string; Qty: unknown; StorageCode: string }, qtyText: string): InventoryFileProblem | null {
  const v = InventoryItem.safeParse(item);
  if (v.success) return null;
  const issue = v.error.issues[0];
  const field = issue?.path[0];
  if (field === 'Sku') {
    // Shown as JSON ("A\u001b[31m"): the terminal never gets the characters themselves.
    if (issue?.code === 'custom' && item.Sku.trim()) return { row, code: 'sku_control_chars', params: { sku: JSON.stringify(item.Sku) } };
    if (issue?.code === 'too_big')
      return { row, code: 'sku_too_long', params: { sku: `${item.Sku.slice(0, 24)}…`, length: item.Sku.length } };
    return { row, code: 'sku_empty', params: {} };
  }
  if (field === 'StorageCode') return { row, code: 'storage_missing', params: { sku: item.Sku } };
  if (typeof item.Qty === 'number' && Number.isInteger(item.Qty) && item.Qty > MAX_INVENTORY_QTY)
    return { row, code: 'qty_too_large', params: { sku: item.Sku, qty: qtyText } };
  return { row, code: 'qty_not_whole', params: { sku: item.Sku, qty: qtyText } };
}

function readCsvRows(text: string, storageCode: string | undefined): Read {
  const table = readCsv(text);
  const out: Read = { items: [], rows: [], problems: [] };
  for (const { row, cells: raw } of table.rows) {
    const cells = raw.map((c) => c.trim());
    if (cells.every((c) => c === '')) continue;
    // A third column is never dropped without a word: "sku,qty,storage" would have put every row on
    // --storage's shelf. Empty cells at the end (a spreadsheet's) are no column.
    const used = cells.length - [...cells].reverse().findIndex((c) => c !== '');
    if (used > 2) {
      out.problems.push({ row, code: 'extra_columns', params: { columns: cells.slice(0, used).join(', ') } });
      continue;
    }
    if (row === 1 && HEADER_SKU.test(cells[0] ?? '') && HEADER_QTY.test(cells[1] ?? '')) continue;
    const sku = cells[0] ?? '';
    const qty = cells[1] ?? '';
    // A first row that is neither the header nor a quantity: columns named otherwise ("foo,bar"), told as such.
    if (row === 1 && !/^\d+$/.test(qty)) {
      out.problems.push({ row, code: 'header_unknown', params: { columns: cells.join(', ') } });
      continue;
    }
    if (sku && qty === '') {
      out.problems.push({ row, code: 'qty_missing', params: { sku } });
      continue;
    }
    // Digits only: "1e3", "0x10" or "5,0" are not what a person means by a count.
    const item = { Sku: sku, Qty: /^\d+$/.test(qty) ? Number(qty) : NaN, StorageCode: storageCode ?? '' };
    const problem = check(row, item, qty);
    if (problem) out.problems.push(problem);
    else {
      out.items.push(item);
      out.rows.push(row);
    }
  }
  if (table.unclosedQuoteAt !== null) out.problems.push({ row: table.unclosedQuoteAt, code: 'unclosed_quote', params: {} });
  return out;
}

function readJson(text: string, storageCode: string | undefined): Read {
  const out: Read = { items: [], rows: [], problems: [] };
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    out.problems.push({ row: 0, code: 'not_json', params: { message: (e as Error).message } });
    return out;
  }
  if (!Array.isArray(data)) {
    out.problems.push({ row: 0, code: 'not_array', params: {} });
    return out;
  }
  data.forEach((o: unknown, i) => {
    const row = i + 1;
    const r = (o && typeof o === 'object' ? o : {}) as Record<string, unknown>;
    // The service's keys are Sku, Qty and StorageCode, written so: "sku" or "QTY" is said as such,
    // not as an empty SKU.
    const misspelt = Object.keys(r).filter((k) => /^(sku|qty|storagecode)$/i.test(k) && !['Sku', 'Qty', 'StorageCode'].includes(k));
    if (misspelt.length > 0) {
      out.problems.push({ row, code: 'json_keys', params: { keys: misspelt.join(', ') } });
      return;
    }
    const sku = typeof r.Sku === 'string' ? r.Sku.trim() : '';
    const given = typeof r.StorageCode === 'string' && r.StorageCode.trim() ? r.StorageCode.trim() : undefined;
    if (storageCode && given && given !== storageCode) {
      out.problems.push({ row, code: 'storage_differs', params: { sku, storageCode: given, given: storageCode } });
      return;
    }
    const item = { Sku: sku, Qty: r.Qty, StorageCode: given ?? storageCode ?? '' };
    const problem = check(row, item, shownQty(r.Qty));
    if (problem) out.problems.push(problem);
    else {
      out.items.push(item as InventoryItem);
      out.rows.push(row);
    }
  });
  return out;
}

function duplicates(items: InventoryItem[], rows: number[]): InventoryFileProblem[] {
  const seen = new Set<string>();
  const out: InventoryFileProblem[] = [];
  items.forEach((it, i) => {
    const k = `${it.StorageCode}\u0000${it.Sku}`;
    if (seen.has(k)) out.push({ row: rows[i]!, code: 'duplicate', params: { sku: it.Sku, storageCode: it.StorageCode } });
    seen.add(k);
  });
  return out;
}
