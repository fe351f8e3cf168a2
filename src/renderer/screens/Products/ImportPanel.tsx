import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseProductCsv, type CsvProblem } from '../../../shared/products/csv';
import { parseProductJson } from '../../../shared/products/json';
import type { ProductRecord } from '../../../shared/products/schema';
import { ProblemsList, type ShownProblem } from './ProblemsList';

export type Imported = { name: string; records: ProductRecord[] };

const fromCsv = (p: CsvProblem): ShownProblem => ({ code: p.code, params: p.params, row: p.row, column: p.column });

/**
 * A file in the service's own JSON format, or the CSV layout (docs/products-csv.md). Every problem
 * is listed with its row (or record) before anything can be sent.
 */
export function ImportPanel({ onLoad }: { onLoad: (i: Imported) => void }) {
  const { t } = useTranslation('products');
  const [problems, setProblems] = useState<ShownProblem[]>([]);
  const [warnings, setWarnings] = useState<ShownProblem[]>([]);
  const [name, setName] = useState<string | null>(null);

  async function read(file: File) {
    const text = await file.text();
    setName(file.name);
    const isJson = /\.json$/i.test(file.name) || /^\s*[[{]/.test(text.replace(/^\uFEFF/, ''));
    if (isJson) {
      const r = parseProductJson(text);
      setWarnings(r.warnings.map((w) => ({ ...w })));
      if (!r.ok) return setProblems(r.problems.map((p) => ({ ...p })));
      setProblems([]);
      onLoad({ name: file.name, records: r.records });
    } else {
      const r = parseProductCsv(text);
      setWarnings(r.warnings.map(fromCsv));
      if (!r.ok) return setProblems(r.problems.map(fromCsv));
      setProblems([]);
      onLoad({ name: file.name, records: r.records });
    }
  }

  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">{t('editor.importTitle')}</h2>
      <p className="hint">{t('editor.importHint')}</p>
      <label className="field">
        <span>{t('editor.importFile')}</span>
        <input
          type="file"
          accept=".json,.csv,application/json,text/csv"
          onChange={(e) => e.target.files?.[0] && void read(e.target.files[0])}
        />
      </label>
      {name && problems.length > 0 ? <p>{t('editor.importRefused', { name })}</p> : null}
      <ProblemsList problems={problems} />
      <ProblemsList problems={warnings} warning />
    </section>
  );
}
