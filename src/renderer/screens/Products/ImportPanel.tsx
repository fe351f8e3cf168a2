import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvProblem } from '../../../shared/products/csv';
import { decodeFileBytes } from '../../../shared/products/file-text';
import type { ProductRecord } from '../../../shared/products/schema';
import { parseProductFile } from '../../imports/product-import';
import { ImportTooLarge, MAX_IMPORT_BYTES, readImportBytes } from '../../imports/read-file';
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
  /** Reading (share 0…1) or checking (no share) a file; null when idle. */
  const [progress, setProgress] = useState<{ share: number | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A Windows-1254 file waiting for the worker to check its letters. */
  const [confirm, setConfirm] = useState<{ name: string; text: string; preview: string[] } | null>(null);
  // The question takes the focus on its safe answer: Enter does not read letters nobody looked at.
  const refuse = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirm) refuse.current?.focus();
  }, [confirm]);
  /**
   * The file being read: a read still under way when another file is chosen, or when the panel
   * goes away (New, a draft opened), ends without a word instead of replacing what the worker
   * turned to.
   */
  const current = useRef(0);
  useEffect(() => {
    const mounted = current;
    return () => {
      mounted.current++;
    };
  }, []);

  async function read(file: File) {
    const mine = ++current.current;
    const stale = () => current.current !== mine;
    setName(file.name);
    setFailure(null);
    setProblems([]);
    setWarnings([]);
    setConfirm(null);
    // Size cap first, then the bytes with progress; the parse runs in a Web Worker.
    let bytes: Uint8Array;
    try {
      bytes = await readImportBytes(file, (share) => {
        if (!stale()) setProgress({ share });
      });
    } catch (e) {
      if (stale()) return;
      setProgress(null);
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      return setFailure(
        e instanceof ImportTooLarge
          ? t('editor.importTooLarge', { size: mb(e.size), max: mb(MAX_IMPORT_BYTES) })
          : t('editor.importUnreadable'),
      );
    }
    if (stale()) return;
    // Bytes decoded here, not as "text": that would turn Windows-1254 letters into � without a word.
    const decoded = decodeFileBytes(bytes);
    if (decoded.kind === 'refused') {
      setProgress(null);
      return setProblems([{ code: 'not_text', params: {}, row: null, column: null }]);
    }
    if (decoded.kind === 'confirm') {
      setProgress(null);
      return setConfirm({ name: file.name, text: decoded.text, preview: decoded.preview });
    }
    await parse(file.name, decoded.text, mine);
  }

  async function parse(fileName: string, text: string, mine = ++current.current) {
    setProgress({ share: null });
    const isJson = /\.json$/i.test(fileName) || /^\s*[[{]/.test(text);
    const answer = await parseProductFile({ kind: isJson ? 'json' : 'csv', text });
    if (current.current !== mine) return;
    setProgress(null);
    if (!answer.ok) return setFailure(t('editor.importBroken', { detail: answer.message.slice(0, 200) }));
    if (answer.kind === 'json') {
      const r = answer.result;
      setWarnings(r.warnings.map((w) => ({ ...w })));
      if (!r.ok) return setProblems(r.problems.map((p) => ({ ...p })));
      setProblems([]);
      onLoad({ name: fileName, records: r.records });
    } else {
      const r = answer.result;
      setWarnings(r.warnings.map(fromCsv));
      if (!r.ok) return setProblems(r.problems.map(fromCsv));
      setProblems([]);
      onLoad({ name: fileName, records: r.records });
    }
  }

  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">{t('editor.importTitle')}</h2>
      <p className="hint">{t('editor.importHint')}</p>
      {/* The browser's own file button speaks the system's language ("Choose File"): ours speaks the app's. */}
      <label className="field import-file">
        <span id="import-file-label">{t('editor.importFile')}</span>
        <span className="row">
          <input
            type="file"
            aria-labelledby="import-file-label"
            className="visually-hidden"
            accept=".json,.csv,application/json,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared, so choosing the same file again (saved anew, or after Cancel) reads it again.
              e.target.value = '';
              if (file) void read(file);
            }}
          />
          <span className="btn" aria-hidden="true">
            {t('editor.importChoose')}
          </span>
          <span className="hint" aria-hidden="true">
            {name ?? t('editor.importNone')}
          </span>
        </span>
      </label>
      {progress ? (
        <p role="status" className="hint">
          <progress max={1} value={progress.share ?? undefined} aria-label={t('editor.importProgress')} />{' '}
          {progress.share === null ? t('editor.importChecking') : t('editor.importReading', { percent: Math.round(progress.share * 100) })}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="error">
          {failure}
        </p>
      ) : null}
      {confirm ? (
        <div
          className="card"
          role="alertdialog"
          aria-labelledby="encoding-title"
          aria-describedby="encoding-check"
          data-testid="encoding-confirm"
        >
          <h3 id="encoding-title">{t('editor.encodingTitle', { name: confirm.name })}</h3>
          <p id="encoding-check">{t('editor.encodingCheck')}</p>
          <pre className="encoding-preview">{confirm.preview.join('\n')}</pre>
          <p className="hint">{t('editor.encodingAdvice')}</p>
          <div className="row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                const c = confirm;
                setConfirm(null);
                void parse(c.name, c.text);
              }}
            >
              {t('editor.encodingAccept')}
            </button>
            <button type="button" className="btn" ref={refuse} onClick={() => setConfirm(null)}>
              {t('editor.encodingRefuse')}
            </button>
          </div>
        </div>
      ) : null}
      {name && problems.length > 0 ? <p>{t('editor.importRefused', { name })}</p> : null}
      <ProblemsList problems={problems} />
      <ProblemsList problems={warnings} warning />
    </section>
  );
}
