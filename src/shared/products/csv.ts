import { decodeFileBytes, MAX_IMPORT_PROBLEMS, MAX_IMPORT_RECORDS } from './file-text';
import { LISTS } from './constants';
import { fold } from '../text/case';
import { codeKey, ProductType, textMembers, type ProductRecord, type TextMember } from './schema';
import { assetTypeOf, readBoolean, readCode, readDecimal, readId } from './csv-cells';
import { columnKey, columnName, resolveColumn, type Column } from './csv-columns';
import { readCsv } from '../csv/read';
import type { ProblemCode, ProductProblem } from './problems';
import { validateProductRequest, withSingleDefaults } from './validate';

/**
 * Product import from a spreadsheet (layout: docs/products-csv.md). One row is one record of the
 * service: `type` says which (model, option, variant, single) and the other columns fill it. Every
 * problem is reported with its row (header = 1) and column, so a person can fix the file in the
 * spreadsheet they filled it in; nothing is meant to be sent while there is one.
 */

export interface CsvProblem {
  /** Spreadsheet row (header = 1); null for the file as a whole. */
  row: number | null;
  /** The header as written in the file (or the English name of a column the file lacks); null for the whole row. */
  column: string | null;
  code: ProblemCode;
  params: Record<string, string | number>;
}

/** List ids the CSV does not spell out (the PIM's default lists in the service samples). */
export interface ProductImportDefaults {
  /** EntityListId of names, descriptions, titles (Default Content). */
  contentList: number;
  /** EntityListId of prices (Default Price List). */
  priceList: number;
  /** EntityListId of images and videos (Default Asset List). */
  assetList: number;
  /** EntityListId of attributes (as in the samples). */
  attributeList: number;
  /** Product lists of a row whose `lists` cell is empty (Default Product List). */
  productLists: number[];
}

export const defaultImportLists: ProductImportDefaults = {
  contentList: LISTS.content,
  priceList: LISTS.price,
  assetList: LISTS.asset,
  attributeList: LISTS.attribute,
  productLists: [LISTS.product],
};

/** Where a record came from: its row, and the column of each field path (or path prefix). */
export interface RecordSource {
  row: number;
  columns: Record<string, string>;
}

/**
 * `rows[i]` is the spreadsheet row of `records[i]`; `sources[i]` also maps its fields to columns, so
 * problems found later (e.g. in a refused answer of the service) can be located with locateProblems.
 */
export type ProductCsvResult =
  | { ok: true; records: ProductRecord[]; rows: number[]; sources: RecordSource[]; warnings: CsvProblem[] }
  | { ok: false; records: ProductRecord[]; rows: number[]; sources: RecordSource[]; problems: CsvProblem[]; warnings: CsvProblem[] };

const ROW_TYPES: Record<string, ProductType> = {
  model: ProductType.model,
  '1': ProductType.model,
  option: ProductType.option,
  secenek: ProductType.option,
  '2': ProductType.option,
  variant: ProductType.variant,
  varyant: ProductType.variant,
  '3': ProductType.variant,
  single: ProductType.single,
  tekil: ProductType.single,
  '4': ProductType.single,
};

/**
 * Bytes as read from disk or a file input: UTF-8 (with or without BOM) or UTF-16. Windows-1254 is
 * refused here with the advice to save as CSV UTF-8; a caller that showed the worker a preview of
 * the letters (decodeFileBytes) and got a yes parses the decoded text instead.
 */
export function parseProductCsvBytes(bytes: Uint8Array, defaults: ProductImportDefaults = defaultImportLists): ProductCsvResult {
  const file = decodeFileBytes(bytes);
  if (file.kind !== 'text')
    return {
      ok: false,
      records: [],
      rows: [],
      sources: [],
      problems: [fileProblem(file.kind === 'refused' ? 'not_text' : 'not_utf8')],
      warnings: [],
    };
  return parseProductCsv(file.text, defaults);
}

export function parseProductCsv(text: string, defaults: ProductImportDefaults = defaultImportLists): ProductCsvResult {
  const table = readCsv(text);
  const problems: CsvProblem[] = [];
  if (table.unclosedQuoteAt !== null) problems.push({ row: table.unclosedQuoteAt, column: null, code: 'unclosed_quote', params: {} });
  const [head, ...body] = table.rows;
  if (!head || head.cells.every((c) => !c.trim())) {
    if (!problems.length) problems.push(fileProblem('empty_file'));
    return { ok: false, records: [], rows: [], sources: [], problems, warnings: [] };
  }

  const headers = head.cells.map((c) => c.trim());
  const columns: (Column | null)[] = headers.map((h) => (h ? resolveColumn(h) : null));
  const seen = new Map<string, string>();
  headers.forEach((h, i) => {
    if (!h) return;
    const col = columns[i];
    if (!col) return void problems.push({ row: 1, column: h, code: 'unknown_column', params: { column: h } });
    const key = columnKey(col);
    const other = seen.get(key);
    if (other !== undefined) problems.push({ row: 1, column: h, code: 'duplicate_column', params: { column: h, other } });
    else seen.set(key, h);
  });
  if (!columns.some((c) => c?.kind === 'type'))
    problems.push({ row: 1, column: 'type', code: 'missing_column', params: { column: 'type' } });
  // With a header mistake every row would repeat it (a misspelt price column leaves every price
  // incomplete): the header is fixed first.
  if (problems.length) return { ok: false, records: [], rows: [], sources: [], problems, warnings: [] };

  if (body.length > MAX_IMPORT_RECORDS)
    return {
      ok: false,
      records: [],
      rows: [],
      sources: [],
      problems: [{ row: null, column: null, code: 'too_many_records', params: { count: body.length, max: MAX_IMPORT_RECORDS } }],
      warnings: [],
    };
  const records: ProductRecord[] = [];
  const sources: RecordSource[] = [];
  const builder = new RowBuilder(headers, columns as Column[], defaults, problems);
  for (const r of body) {
    if (r.cells.every((c) => !c.trim())) continue; // blank rows under the table
    const built = builder.build(r.row, r.cells);
    if (built) {
      records.push(built.record);
      sources.push(built.source);
    }
  }

  const rows = sources.map((s) => s.row);
  if (records.length === 0) {
    if (!problems.length) problems.push(fileProblem('empty_request'));
    return { ok: false, records, rows, sources, problems: sortProblems(problems, headers), warnings: [] };
  }
  const v = validateProductRequest(records);
  const warnings = sortProblems(locateProblems(v.warnings, sources), headers);
  // A cell that could not be read already has its problem; the validator then finds the field
  // missing, which is the same mistake at the same place.
  const taken = new Set(problems.map((p) => `${p.row}\u0000${p.column}`));
  if (!v.ok) for (const p of locateProblems(v.problems, sources)) if (!taken.has(`${p.row}\u0000${p.column}`)) problems.push(p);
  if (problems.length === 0 && v.ok) return { ok: true, records: v.records, rows, sources, warnings };
  return { ok: false, records, rows, sources, problems: sortProblems(problems, headers), warnings };
}

/** Turns problems found in records into spreadsheet references (row and column). */
export function locateProblems(problems: readonly ProductProblem[], sources: readonly RecordSource[]): CsvProblem[] {
  return problems.map((p) => {
    const src = sources[p.record];
    if (!src) return { row: null, column: null, code: p.code, params: p.params };
    const params = { ...p.params };
    // "The first one is record 3" means nothing in a spreadsheet: it becomes the row.
    if (typeof params.firstRecord === 'number') {
      const first = sources[params.firstRecord];
      delete params.firstRecord;
      if (first) params.firstRow = first.row;
    }
    return { row: src.row, column: columnOf(src.columns, p.field), code: p.code, params };
  });
}

/** 'Prices[1].SalePrice', else 'Prices[1]', else 'Prices': the nearest field the row filled. */
function columnOf(columns: Record<string, string>, field: string): string | null {
  const last = /(\.[^.[\]]+|\[\d+\])$/;
  for (let f = field; f;) {
    const c = columns[f];
    if (c !== undefined) return c;
    if (!last.test(f)) break;
    f = f.replace(last, '');
  }
  return null;
}

const fileProblem = (code: ProblemCode): CsvProblem => ({ row: null, column: null, code, params: {} });

/** In spreadsheet order; the first MAX_IMPORT_PROBLEMS, and one that says how many more there are. */
function sortProblems(problems: CsvProblem[], headers: string[]): CsvProblem[] {
  const at = (c: string | null) => (c === null ? -1 : headers.indexOf(c));
  const sorted = problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || at(a.column) - at(b.column));
  if (sorted.length <= MAX_IMPORT_PROBLEMS) return sorted;
  const more: CsvProblem = { row: null, column: null, code: 'more_problems', params: { count: sorted.length - MAX_IMPORT_PROBLEMS } };
  return [...sorted.slice(0, MAX_IMPORT_PROBLEMS), more];
}

type Obj = Record<string, unknown>;

/**
 * Builds one record per row, remembering the model and option rows above: option and variant rows
 * may leave `model` empty (the model above), variant rows may leave `option` empty (the option
 * above, if it belongs to the same model). A single row's model and option default to its SKU, as
 * in the service's single-product sample.
 */
class RowBuilder {
  private lastModel: string | null = null;
  private lastOption: { model: string; option: string } | null = null;
  private readonly named = new Map<string, string>();

  constructor(
    private readonly headers: string[],
    private readonly columns: Column[],
    private readonly d: ProductImportDefaults,
    private readonly problems: CsvProblem[],
  ) {
    columns.forEach((c, i) => {
      if (c) this.named.set(columnKey(c), headers[i]!);
    });
  }

  /** The header the file uses for a column, or its English name when the file lacks it. */
  private header(c: Column): string {
    return this.named.get(columnKey(c)) ?? columnName(c);
  }

  build(row: number, cells: string[]): { record: ProductRecord; source: RecordSource } | null {
    const problem = (column: string | null, code: ProblemCode, params: Record<string, string | number> = {}) =>
      this.problems.push({ row, column, code, params });
    const at = (i: number) => (cells[i] ?? '').trim();
    const extra = cells.findIndex((c, i) => c.trim() !== '' && !this.columns[i]);
    if (extra >= 0) problem(null, 'extra_cells', { position: extra + 1 });

    const typeIndex = this.columns.findIndex((c) => c?.kind === 'type');
    const typeHeader = this.headers[typeIndex]!;
    const typeCell = at(typeIndex);
    if (!typeCell) return (problem(typeHeader, 'missing_field'), null);
    const type = ROW_TYPES[fold(typeCell)];
    if (!type) return (problem(typeHeader, 'unknown_row_type', { value: typeCell }), null);

    const columns: Record<string, string> = { 'Main.Type': typeHeader };
    const main: Obj = {};
    for (const field of ['Model', 'Option', 'Sku', 'Barcode'] as const) columns[`Main.${field}`] = this.header({ kind: 'main', field });
    const texts = new Map<TextMember, Obj[]>();
    const prices = new Map<number, Obj>();
    const attributes: Obj[] = [];
    const assets: Obj[] = [];
    /** null: the row's cell is empty, so the default lists apply. */
    let lists: number[] | 'unreadable' | null = null;
    let transferable = false;

    this.columns.forEach((col, i) => {
      const value = at(i);
      const header = this.headers[i]!;
      if (!col || !value || col.kind === 'type') return;
      switch (col.kind) {
        case 'main': {
          const c = readCode(value);
          if (c.ok) main[col.field] = c.value;
          else problem(header, c.code, c.params);
          break;
        }
        case 'text': {
          const list = texts.get(col.member) ?? [];
          texts.set(col.member, list);
          columns[`${col.member}[${list.length}]`] = header;
          list.push({ Value: value, EntityListId: this.d.contentList, Culture: col.culture });
          break;
        }
        case 'price': {
          let price = prices.get(col.currency);
          if (!price) prices.set(col.currency, (price = {}));
          const n = readDecimal(value);
          if (n.ok) price[col.field] = n.value;
          else problem(header, n.code, n.params);
          break;
        }
        case 'transferable': {
          const b = readBoolean(value);
          if (b.ok) transferable = b.value;
          else problem(header, b.code, b.params);
          break;
        }
        case 'attribute':
          columns[`Attributes[${attributes.length}]`] = header;
          attributes.push({ EntityListId: this.d.attributeList, Key: col.key, Value: value, OperationType: 'upsert', Culture: 'std' });
          break;
        case 'images':
          columns.Assets = header;
          for (const name of value
            .split(/[|\n]/)
            .map((s) => s.trim())
            .filter(Boolean)) {
            columns[`Assets[${assets.length}]`] = header;
            assets.push({ EntityListId: this.d.assetList, Name: name, Order: assets.length, AssetType: assetTypeOf(name) });
          }
          break;
        case 'lists': {
          const ids = value
            .split(/[|,;\s]+/)
            .filter(Boolean)
            .map(readId);
          const wrong = ids.find((x) => !x.ok);
          if (wrong && !wrong.ok) {
            problem(header, wrong.code, wrong.params);
            lists = 'unreadable';
          } else lists = ids.map((x) => (x.ok ? x.value : 0));
          break;
        }
      }
    });

    this.inherit(type, main);

    const record: Obj = { Main: { ...pick(main, ['Model', 'Option', 'Sku', 'Barcode']), Type: type } };
    for (const m of textMembers) if (texts.get(m)?.length) record[m] = texts.get(m);
    if (prices.size) {
      record.Prices = [...prices].map(([currency, p], k) => {
        for (const field of ['ListPrice', 'SalePrice', 'CampaignPrice'] as const) {
          const h = this.header({ kind: 'price', field, currency });
          columns[`Prices[${k}].${field}`] = h;
          if (p[field] !== undefined) columns[`Prices[${k}]`] ??= h;
        }
        return {
          IsTransferable: transferable,
          EntityListId: this.d.priceList,
          CurrencyId: currency,
          ...pick(p, ['ListPrice', 'SalePrice', 'CampaignPrice']),
          OperationType: 'upsert',
        };
      });
      columns.Prices = columns['Prices[0]'] ?? this.header({ kind: 'price', field: 'SalePrice', currency: 1 });
    }
    if (assets.length) record.Assets = assets;
    if (attributes.length) record.Attributes = attributes;
    const memberships = lists === 'unreadable' ? [] : (lists ?? this.d.productLists);
    if (memberships.length) {
      columns.ProductLists = this.header({ kind: 'lists' });
      record.ProductLists = memberships.map((id) => ({ OperationType: 'upsert', EntityListId: id }));
    }
    return { record: record as ProductRecord, source: { row, columns } };
  }

  private inherit(type: ProductType, main: Obj): void {
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    const model = str(main.Model);
    const option = str(main.Option);
    if (type === ProductType.model) {
      this.lastModel = model;
      this.lastOption = null;
    } else if (type === ProductType.option) {
      const m = model ?? this.lastModel;
      if (m) main.Model = m;
      this.lastModel = m;
      this.lastOption = m && option ? { model: m, option } : null;
    } else if (type === ProductType.variant) {
      const above = this.lastOption;
      const m = model ?? above?.model ?? this.lastModel;
      if (m) main.Model = m;
      if (!option && above && m && codeKey(above.model) === codeKey(m)) main.Option = above.option;
    } else {
      // `main` carries no Type yet (the record gets it below): told here.
      const { Model, Option } = withSingleDefaults<{ Main: Obj }>({ Main: { ...main, Type: ProductType.single } }).Main;
      if (Model !== undefined) main.Model = Model;
      if (Option !== undefined) main.Option = Option;
      this.lastModel = null;
      this.lastOption = null;
    }
  }
}

function pick(o: Obj, keys: readonly string[]): Obj {
  const out: Obj = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
