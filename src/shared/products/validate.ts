import type { z } from 'zod';
import { checkGtin } from '../barcode/gtin';
import { MAX_IMPORT_PROBLEMS, MAX_IMPORT_RECORDS } from './file-text';
import { byRecord, fieldPath, problem, type ProblemCode, type ProductProblem } from './problems';
import { codeKey, outOfScopeTypes, ProductRequest, ProductType, productTypes, textMembers, type ProductRecord } from './schema';

export type ProductValidation =
  | { ok: true; records: ProductRecord[]; warnings: ProductProblem[] }
  | { ok: false; problems: ProductProblem[]; warnings: ProductProblem[] };

type MainField = 'Model' | 'Option' | 'Sku' | 'Barcode';

/**
 * What each Type needs and must not carry, from the service's layouts: a model holds the Model and
 * its list memberships; an option is a colour of a model (Model + Option) and carries the prices
 * (the documented price update targets an option); a variant is the sellable size of an option
 * (Model + Option + Sku + Barcode, no prices of its own); a single product is sellable on its own.
 */
const typeRules: Record<ProductType, { required: MainField[]; forbidden: MainField[]; forbiddenMembers: string[] }> = {
  [ProductType.model]: { required: ['Model'], forbidden: ['Option', 'Sku', 'Barcode'], forbiddenMembers: ['Prices'] },
  [ProductType.option]: { required: ['Model', 'Option'], forbidden: ['Sku', 'Barcode'], forbiddenMembers: [] },
  [ProductType.variant]: { required: ['Model', 'Option', 'Sku', 'Barcode'], forbidden: [], forbiddenMembers: ['Prices'] },
  [ProductType.single]: { required: ['Sku', 'Barcode'], forbidden: [], forbiddenMembers: [] },
};

const priceFields = ['ListPrice', 'SalePrice', 'CampaignPrice'] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Checks a SaveProductsManually body before anything is sent: shapes and types (the wire schemas),
 * then the rules of each Type, prices and barcodes, then the relations between the records of the
 * request. Each mistake is reported once, at its record and field; a field whose type is already
 * wrong is not judged again by the rules.
 *
 * Only relations inside the request are checked: a request that carries a model's Type 1 record
 * creates that model, so its options and variants must tie to each other here; a request without
 * it (the documented price-only update of one option) updates records the service already holds.
 */
export function validateProductRequest(input: unknown): ProductValidation {
  if (!Array.isArray(input)) return { ok: false, problems: [problem(-1, '', 'not_an_array')], warnings: [] };
  if (input.length === 0) return { ok: false, problems: [problem(-1, '', 'empty_request')], warnings: [] };
  // Bounded before anything is checked per record: ten million records (a 19.8 MB file of `1`s)
  // made ten million problems and took 4.5 GB.
  if (input.length > MAX_IMPORT_RECORDS)
    return { ok: false, problems: [problem(-1, '', 'too_many_records', { count: input.length, max: MAX_IMPORT_RECORDS })], warnings: [] };

  const found: ProductProblem[] = [];
  const warnings: ProductProblem[] = [];
  /** Members reported as not belonging to the record's Type: what is inside them does not matter. */
  const ignored = new Set<string>();
  input.forEach((raw, index) => checkRecord(raw, index, found, warnings, ignored));
  checkRelations(input, found);

  const parsed = ProductRequest.safeParse(input, { reportInput: true });
  const shape = parsed.success
    ? []
    : parsed.error.issues.map(fromIssue).filter((p) => !ignored.has(`${p.record}:${p.field.split(/[.[]/)[0]}`));
  const problems = [...shape, ...found].sort(byRecord);
  if (parsed.success && problems.length === 0)
    return { ok: true, records: parsed.data.map(withSingleDefaults), warnings: warnings.sort(byRecord) };
  // A schema failure always yields at least one problem; the fallback only guards that promise.
  return {
    ok: false,
    problems: problems.length ? boundProblems(problems) : [problem(-1, '', 'invalid_value')],
    warnings: boundProblems(warnings.sort(byRecord)),
  };
}

/** The first MAX_IMPORT_PROBLEMS problems, and one that says how many more there are. */
export function boundProblems(problems: ProductProblem[]): ProductProblem[] {
  if (problems.length <= MAX_IMPORT_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_IMPORT_PROBLEMS), problem(-1, '', 'more_problems', { count: problems.length - MAX_IMPORT_PROBLEMS })];
}

/**
 * A single product (Type 4) whose Model or Option is left empty takes its SKU there, as the
 * service's single-product sample has it: the service relates records by equal Model and Option,
 * and every product made in the editor went as model "". The CSV import fills them the same way.
 */
export function withSingleDefaults<T extends { Main: { Type?: unknown; Sku?: unknown; Model?: unknown; Option?: unknown } }>(record: T): T {
  const main = record.Main;
  const sku = text(main.Sku);
  if (main.Type !== ProductType.single || sku === null || (!isBlank(main.Model) && !isBlank(main.Option))) return record;
  return { ...record, Main: { ...main, Model: isBlank(main.Model) ? sku : main.Model, Option: isBlank(main.Option) ? sku : main.Option } };
}

function checkRecord(raw: unknown, index: number, out: ProductProblem[], warnings: ProductProblem[], ignored: Set<string>): void {
  if (!isObj(raw) || !isObj(raw.Main)) return; // the schema reports a missing or malformed Main
  const main = raw.Main;
  const type = main.Type;
  if (!int(type)) return;
  if (!productTypes.includes(type)) {
    const name = outOfScopeTypes[type];
    out.push(problem(index, 'Main.Type', name ? 'unsupported_type' : 'unknown_type', name ? { type, name } : { type }));
    return;
  }
  const rule = typeRules[type as ProductType];
  const add = (field: string, code: ProblemCode, params: ProductProblem['params'] = {}) => out.push(problem(index, field, code, params));

  for (const f of rule.required) if (isBlank(main[f])) add(`Main.${f}`, 'missing_field');
  // A value of the wrong type already has its own problem from the schema.
  for (const f of rule.forbidden) if (text(main[f]) !== null) add(`Main.${f}`, 'field_not_for_type', { type });
  for (const m of rule.forbiddenMembers) {
    const v = raw[m];
    if (Array.isArray(v) && v.length > 0) {
      add(m, 'field_not_for_type', { type });
      ignored.add(`${index}:${m}`);
    }
  }

  for (const f of ['Model', 'Option', 'Sku'] as const) {
    const v = text(main[f]);
    if (v !== null && !rule.forbidden.includes(f) && v !== v.trim()) add(`Main.${f}`, 'spaces_in_code', { value: v });
  }
  const barcode = rule.forbidden.includes('Barcode') ? null : text(main.Barcode);
  if (barcode !== null) {
    if (/\s/.test(barcode)) add('Main.Barcode', 'spaces_in_code', { value: barcode });
    else {
      const gtin = checkGtin(barcode);
      if (gtin.valid === false) {
        // The service's own single-product sample carries 99194253408215: 14 digits that are not
        // a GTIN-14 check digit, so a 14-digit internal code is accepted with a warning. EAN-8,
        // UPC-A and EAN-13 are the codes printed on consumer items: a wrong digit is a typo.
        if (gtin.kind === 'GTIN-14')
          warnings.push(problem(index, 'Main.Barcode', 'gtin14_check_digit', { barcode, expected: gtin.expected }));
        else add('Main.Barcode', 'bad_check_digit', { barcode, kind: gtin.kind, expected: gtin.expected });
      }
    }
  }

  if (Array.isArray(raw.Prices) && !ignored.has(`${index}:Prices`)) {
    const seen = new Set<string>();
    raw.Prices.forEach((p: unknown, k) => {
      if (!isObj(p)) return;
      for (const f of priceFields) {
        const v = p[f];
        if (finite(v) && v < 0) add(`Prices[${k}].${f}`, 'negative_price', { value: v });
      }
      const campaign = p.CampaignPrice;
      const sale = p.SalePrice;
      if (finite(campaign) && finite(sale) && campaign >= 0 && sale >= 0 && campaign > sale)
        add(`Prices[${k}].CampaignPrice`, 'campaign_above_sale', { campaign, sale });
      if (int(p.EntityListId) && int(p.CurrencyId)) {
        const key = `${p.EntityListId}/${p.CurrencyId}`;
        if (seen.has(key)) add(`Prices[${k}]`, 'duplicate_price', { priceList: p.EntityListId, currency: p.CurrencyId });
        seen.add(key);
      }
    });
  }

  for (const m of textMembers) {
    const list = raw[m];
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    list.forEach((t: unknown, k) => {
      if (!isObj(t) || !int(t.EntityListId) || typeof t.Culture !== 'string') return;
      const key = `${t.EntityListId}/${t.Culture.toLowerCase()}`;
      if (seen.has(key)) add(`${m}[${k}]`, 'duplicate_text', { culture: t.Culture });
      seen.add(key);
    });
  }
}

interface Identity {
  index: number;
  type: ProductType;
  model: string | null;
  option: string | null;
  sku: string | null;
  barcode: string | null;
}

function identities(input: unknown[]): Identity[] {
  const out: Identity[] = [];
  input.forEach((raw, index) => {
    if (!isObj(raw) || !isObj(raw.Main)) return;
    const m = raw.Main;
    if (!int(m.Type) || !productTypes.includes(m.Type)) return;
    const type = m.Type as ProductType;
    const allowed = (f: MainField) => !typeRules[type].forbidden.includes(f);
    out.push({
      index,
      type,
      model: allowed('Model') ? text(m.Model) : null,
      option: allowed('Option') ? text(m.Option) : null,
      sku: allowed('Sku') ? text(m.Sku) : null,
      barcode: allowed('Barcode') ? text(m.Barcode) : null,
    });
  });
  return out;
}

const pair = (model: string, option: string) => `${codeKey(model)}\u0000${codeKey(option)}`;

function checkRelations(input: unknown[], out: ProductProblem[]): void {
  const ids = identities(input);
  const first = (seen: Map<string, number>, key: string, index: number): number | undefined => {
    const at = seen.get(key);
    if (at === undefined) seen.set(key, index);
    return at;
  };
  const skus = new Map<string, number>();
  const barcodes = new Map<string, number>();
  const models = new Map<string, number>();
  const options = new Map<string, number>();
  const variants = new Set<string>();

  for (const r of ids) {
    if (r.sku !== null) {
      const at = first(skus, codeKey(r.sku), r.index);
      if (at !== undefined) out.push(problem(r.index, 'Main.Sku', 'duplicate_sku', { sku: r.sku, firstRecord: at }));
    }
    if (r.barcode !== null) {
      const at = first(barcodes, r.barcode.trim(), r.index);
      if (at !== undefined) out.push(problem(r.index, 'Main.Barcode', 'duplicate_barcode', { barcode: r.barcode, firstRecord: at }));
    }
    if (r.type === ProductType.model && r.model !== null) {
      const at = first(models, codeKey(r.model), r.index);
      if (at !== undefined) out.push(problem(r.index, 'Main.Model', 'duplicate_model', { model: r.model, firstRecord: at }));
    }
    if (r.type === ProductType.option && r.model !== null && r.option !== null) {
      const at = first(options, pair(r.model, r.option), r.index);
      if (at !== undefined)
        out.push(problem(r.index, 'Main.Option', 'duplicate_option', { model: r.model, option: r.option, firstRecord: at }));
    }
    if (r.type === ProductType.variant && r.model !== null && r.option !== null) variants.add(pair(r.model, r.option));
  }

  // Ties are checked only for models this request creates (it carries their Type 1 record).
  for (const r of ids) {
    if (r.model === null || r.option === null || !models.has(codeKey(r.model))) continue;
    const key = pair(r.model, r.option);
    if (r.type === ProductType.variant && !options.has(key))
      out.push(problem(r.index, 'Main.Option', 'untied_variant', { model: r.model, option: r.option }));
    if (r.type === ProductType.option && !variants.has(key))
      out.push(problem(r.index, 'Main.Option', 'untied_option', { model: r.model, option: r.option }));
  }
}

const expectedCodes: Record<string, ProblemCode> = {
  string: 'expected_string',
  number: 'expected_number',
  int: 'expected_integer',
  boolean: 'expected_boolean',
  array: 'expected_array',
  object: 'expected_object',
};

function fromIssue(issue: z.core.$ZodIssue): ProductProblem {
  const [head, ...rest] = issue.path;
  const record = typeof head === 'number' ? head : -1;
  const field = fieldPath(rest);
  switch (issue.code) {
    case 'invalid_type': {
      if (rest.length === 0 && issue.expected === 'object') return problem(record, '', 'not_an_object');
      const input = issue.input;
      if (input === undefined || input === null) return problem(record, field, 'missing_field');
      // The editor keeps an empty or unreadable price as NaN: said as such, never as "“NaN” is not a number".
      if (typeof input === 'number' && Number.isNaN(input) && (issue.expected === 'number' || issue.expected === 'int'))
        return problem(record, field, 'number_unreadable');
      if (typeof input === 'number' && !Number.isFinite(input) && (issue.expected === 'number' || issue.expected === 'int'))
        return problem(record, field, 'invalid_number', { value: String(input) });
      return problem(record, field, expectedCodes[issue.expected] ?? 'invalid_value');
    }
    case 'too_big':
      return problem(record, field, 'too_long', { max: Number(issue.maximum) });
    case 'too_small':
      // The only strings with a minimum are required ones (min 1): an empty one is a missing one.
      return issue.origin === 'string'
        ? problem(record, field, 'missing_field')
        : problem(record, field, 'too_small', { min: Number(issue.minimum) });
    case 'invalid_value':
      return problem(record, field, 'invalid_value', { allowed: issue.values.map(String).join(', ') });
    default:
      return problem(record, field, 'invalid_value');
  }
}
