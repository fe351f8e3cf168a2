import type { Language } from '../domain/settings';
import { csv as en } from '../i18n/en/csv';
import { packages as enPackages } from '../i18n/en/packages';
import { csv as tr } from '../i18n/tr/csv';
import { packages as trPackages } from '../i18n/tr/packages';

/** How an export writes its columns and values: in the worker's language, or the machine-readable codes (setting `exportCodes`). */
export interface CsvStyle {
  language: Language;
  codes: boolean;
}

type Catalog = typeof en;
type Table = 'counts' | 'returns' | 'outbox';
type ValueGroup = 'recountChoice' | 'movementChoice' | 'decision' | 'condition' | 'recommendation' | 'inspectionState';

/**
 * The words of a CSV export (i18n namespace `csv`, issue 46.12): a table's column names and the
 * values that are codes (a choice, a decision, the service's status name). With `codes` every one
 * is written as the code it is, as before (for another program); a value without a word is kept.
 */
export function csvWords({ language, codes }: CsvStyle) {
  const w: Catalog = language === 'tr' ? tr : en;
  const statusNames: Record<string, string> = (language === 'tr' ? trPackages : enPackages).statusNames;
  return {
    head: <T extends Table>(table: T, keys: readonly (keyof Catalog[T] & string)[]): string[] =>
      codes ? [...keys] : keys.map((k) => (w[table] as Record<string, string>)[k] ?? k),
    value: (group: ValueGroup, v: string | null | undefined): string | null =>
      v === null || v === undefined ? null : codes ? v : ((w[group] as Record<string, string>)[v] ?? v),
    status: (v: string | null | undefined): string | null => (v === null || v === undefined ? null : codes ? v : (statusNames[v] ?? v)),
  };
}
