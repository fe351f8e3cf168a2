/**
 * A mistake in a product request, pointing at the record and field. `code` is stable and is
 * translated by the screens and the CLI (`products:problems.<code>`, with `params` interpolated);
 * no sentence is baked in here.
 */
export interface ProductProblem {
  /** 0-based index of the record in the request; -1 for the request as a whole. */
  record: number;
  /** Path inside the record, e.g. `Main.Barcode` or `Prices[1].SalePrice`; '' for the whole record. */
  field: string;
  code: ProblemCode;
  params: Record<string, string | number>;
}

/** The file or request as a whole. */
export const requestCodes = ['not_json', 'not_json_at', 'not_an_array', 'empty_request', 'too_many_records', 'more_problems'] as const;

/** Shapes and types of one record (from the wire schemas). */
export const shapeCodes = [
  'not_an_object',
  'missing_field',
  'expected_string',
  'expected_number',
  'expected_integer',
  'expected_boolean',
  'expected_array',
  'expected_object',
  'invalid_number',
  'number_unreadable',
  'too_long',
  'too_small',
  'invalid_value',
] as const;

/** Meaning: Types, codes, prices, and the relations between records. */
export const ruleCodes = [
  'unknown_type',
  'unsupported_type',
  'field_not_for_type',
  'spaces_in_code',
  'bad_check_digit',
  'negative_price',
  'campaign_above_sale',
  'duplicate_price',
  'duplicate_text',
  'duplicate_model',
  'duplicate_option',
  'duplicate_sku',
  'duplicate_barcode',
  'untied_option',
  'untied_variant',
] as const;

/** Warnings: reported, but the request may still be sent. */
export const warningCodes = ['gtin14_check_digit'] as const;

/** Answers of the (simulated) service that depend on what it already holds. */
export const serviceCodes = ['model_not_found', 'option_not_found', 'barcode_taken'] as const;

/** CSV files: reading, header and cells. */
export const csvCodes = [
  'not_utf8',
  'not_text',
  'empty_file',
  'unclosed_quote',
  'missing_column',
  'unknown_column',
  'duplicate_column',
  'extra_cells',
  'unknown_row_type',
  'ambiguous_number',
  'scientific_notation',
  'invalid_boolean',
] as const;

export const problemCodes = [...requestCodes, ...shapeCodes, ...ruleCodes, ...warningCodes, ...serviceCodes, ...csvCodes] as const;
export type ProblemCode = (typeof problemCodes)[number];

export const problem = (record: number, field: string, code: ProblemCode, params: ProductProblem['params'] = {}): ProductProblem => ({
  record,
  field,
  code,
  params,
});

/** ['Prices', 1, 'SalePrice'] → 'Prices[1].SalePrice'. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

/** Request-level problems first, then by record, keeping the order they were found in. */
export const byRecord = (a: ProductProblem, b: ProductProblem): number => a.record - b.record;
