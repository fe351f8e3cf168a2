import type React from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../../shared/products/field-label';
import type { ProductRecord } from '../../../shared/products/schema';

export interface ShownProblem {
  code: string;
  params: Record<string, string | number>;
  record?: number;
  field?: string;
  row?: number | null;
  column?: string | null;
}

const recordName = (r: ProductRecord | undefined) => (r ? r.Main.Sku || r.Main.Option || r.Main.Model || '' : '');

/** "Record 2 KALEM-01, Price 1, List price:" — the field by its name on the form; no empty name. */
export function whereRecord(t: TFunction<'products'>, record: number, name: string, field: string): string {
  const label = fieldLabel((key) => t(key as 'editor.sku'), field);
  return name
    ? t('editor.whereRecord', { n: record + 1, name, field: label })
    : t('editor.whereRecordUnnamed', { n: record + 1, field: label });
}

/** Every problem, one line each, pointing at the record and field (or the file's row and column). */
export function ProblemsList({
  problems,
  records,
  warning = false,
  idPrefix,
  listRef,
}: {
  problems: ShownProblem[];
  records?: ProductRecord[];
  warning?: boolean;
  /** Each problem gets the id `${idPrefix}-${i}`, for aria-describedby on its field. */
  idPrefix?: string;
  /** Focus goes here when a refused problem has no field on screen. */
  listRef?: React.Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('products');
  if (problems.length === 0) return null;
  return (
    <div
      className={warning ? 'card warn-card' : 'error'}
      role={warning ? 'status' : 'alert'}
      data-testid={warning ? 'product-warnings' : 'product-problems'}
      ref={listRef}
      tabIndex={listRef ? -1 : undefined}
    >
      <strong>{warning ? t('editor.warnings', { count: problems.length }) : t('editor.problems', { count: problems.length })}</strong>
      <ul>
        {problems.map((p, i) => {
          const where =
            p.row !== undefined
              ? p.row === null
                ? t('editor.whereFile')
                : t('editor.whereRow', { row: p.row, column: p.column ?? '' })
              : p.record === undefined || p.record < 0
                ? t('editor.whereRequest')
                : whereRecord(t, p.record, recordName(records?.[p.record]), p.field ?? '');
          return (
            <li key={i} id={idPrefix ? `${idPrefix}-${i}` : undefined}>
              <span className="where">{where}</span> {t(`problems.${p.code}`, { ...p.params, defaultValue: p.code })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
