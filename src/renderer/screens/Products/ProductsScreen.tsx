import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { validateProductRequest } from '../../../shared/products/validate';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { TechnicalDetails } from '../../components/TechnicalDetails';
import { describeError } from '../../i18n/errors';
import { formatDateTime } from '../../i18n/format';
import { beep } from '../../scanner/feedback';
import { fill } from '../../scanner/field';
import { useScanner } from '../../scanner/useScanner';
import { useApp } from '../../store/app';
import { useProducts, type Fixing } from '../../store/products';
import { useUi } from '../../store/ui';
import { HistoryPanel } from './HistoryPanel';
import { ImportPanel } from './ImportPanel';
import { layoutOf, newSingle, newVariantProduct } from './model';
import { ProblemsList, type ShownProblem } from './ProblemsList';
import { focusFirstProblem, problemKey, ProblemsContext } from './problemFields';
import { RequestSummary } from './RequestSummary';
import { SingleEditor } from './SingleEditor';
import { VariantEditor } from './VariantEditor';
import '../../styles/products.css';

/**
 * Create or update products in the product service: a single-product form, a variant builder,
 * imports. A readable summary of what will be sent comes first, the exact request body one click
 * away; problems are shown at their field, and a refused send moves focus to the first of them.
 * Sent through the outbox (offline-safe). Drafts are kept on this computer.
 */
export function ProductsScreen() {
  const { t } = useTranslation('products');
  const p = useProducts(
    useShallow((s) => ({
      records: s.records,
      label: s.label,
      drafts: s.drafts,
      error: s.error,
      lastSend: s.lastSend,
      fixing: s.fixing,
      init: s.init,
      edit: s.edit,
      startNew: s.startNew,
      setLabel: s.setLabel,
      openDraft: s.openDraft,
      deleteDraft: s.deleteDraft,
      send: s.send,
    })),
  );
  const sound = useApp((s) => s.settings?.scanner.sound ?? true);
  const { init } = p;
  useEffect(() => init(), [init]);
  // New single / New variant: the worker types the product's name next (and a second Enter on
  // "New" does not start yet another).
  const nameField = useRef<HTMLInputElement>(null);
  const toName = useRef(false);
  const startNew = (...args: Parameters<typeof p.startNew>) => {
    toName.current = true;
    p.startNew(...args);
  };
  useEffect(() => {
    if (!p.records || !toName.current) return;
    toName.current = false;
    nameField.current?.focus();
  }, [p.records]);
  const toast = useUi((s) => s.toast);
  // A barcode scanned while a barcode field has focus goes straight into it; anywhere else the
  // worker is told where to put it (not just a beep).
  useScanner((code) => {
    const filled = fill(document.activeElement, code);
    beep(filled ? 'ok' : 'attention', sound);
    if (!filled) toast('warning', { key: 'scanNeedsBarcodeField', params: { code } });
  });

  const check = useMemo(() => (p.records ? validateProductRequest(p.records) : null), [p.records]);
  // What goes: a valid request as the core sends it (a single product's empty model and option are its SKU).
  const body = useMemo(() => (p.records ? JSON.stringify(check?.ok ? check.records : p.records, null, 2) : ''), [p.records, check]);
  const sendProblems = p.lastSend && !p.lastSend.ok ? p.lastSend.problems : null;
  // Each problem at its field: record:field → the ids of its messages in the lists below.
  const atFields = useMemo(() => {
    const map = new Map<string, string[]>();
    const add = (list: ShownProblem[] | undefined | null, prefix: string) =>
      list?.forEach((q, i) => {
        if (q.record === undefined || q.field === undefined) return;
        const key = problemKey(q.record, q.field);
        map.set(key, [...(map.get(key) ?? []), `${prefix}-${i}`]);
      });
    if (check && !check.ok) add(check.problems, 'product-problem');
    add(sendProblems, 'product-send-problem');
    return map;
  }, [check, sendProblems]);
  const problemsRef = useRef<HTMLDivElement>(null);
  const sendProblemsRef = useRef<HTMLDivElement>(null);

  /** Sending is refused while a problem is open: focus goes to the first problem's field. */
  const trySend = async () => {
    if (check && !check.ok) return focusFirstProblem(check.problems, problemsRef.current);
    await p.send();
    const after = useProducts.getState().lastSend;
    if (after && !after.ok) focusFirstProblem(after.problems, sendProblemsRef.current);
  };

  return (
    <main className="screen products-screen" aria-labelledby="products-title">
      <div className="screen-head">
        <h1 id="products-title">{t('title')}</h1>
        <div className="row">
          <button
            type="button"
            className="btn"
            data-primary
            data-focus-home={p.records ? undefined : true}
            onClick={() => startNew(newSingle(), '', 'editor')}
          >
            {t('editor.newSingle')}
          </button>
          <button type="button" className="btn" onClick={() => startNew(newVariantProduct(), '', 'editor')}>
            {t('editor.newVariant')}
          </button>
        </div>
      </div>
      <ErrorText error={p.error} />
      {p.lastSend && p.lastSend.ok ? (
        <p className="card" role="status" data-testid="send-result">
          {t('editor.queued', { count: p.lastSend.batches.reduce((n, b) => n + b.records, 0) })}
        </p>
      ) : null}
      {p.records ? (
        <ProblemsContext.Provider value={atFields}>
          <div className="products-layout">
            <div className="products-editor-col">
              {p.fixing ? <FixingNote fixing={p.fixing} /> : null}
              <label className="field">
                <span>{t('editor.label')}</span>
                {/* While a product is open its name is home: a focus that falls is given back to the editor, not to "New". */}
                <input ref={nameField} value={p.label} onChange={(e) => p.setLabel(e.target.value)} maxLength={200} data-focus-home />
              </label>
              {layoutOf(p.records) === 'single' ? (
                <SingleEditor records={p.records} onChange={(r) => p.edit(r)} />
              ) : (
                <VariantEditor records={p.records} onChange={(r) => p.edit(r)} />
              )}
            </div>
            <div className="products-preview-col">
              {check && !check.ok ? (
                <ProblemsList problems={check.problems} records={p.records} idPrefix="product-problem" listRef={problemsRef} />
              ) : null}
              {check ? <ProblemsList problems={check.warnings} records={p.records} warning /> : null}
              {sendProblems ? (
                <ProblemsList problems={sendProblems} records={p.records} idPrefix="product-send-problem" listRef={sendProblemsRef} />
              ) : null}
              <div className="row">
                <button type="button" className="btn btn-primary btn-big" data-primary onClick={() => void trySend()}>
                  {t('editor.send', { count: p.records.length })}
                </button>
                <button type="button" className="btn" onClick={() => p.edit(null)}>
                  {t('editor.close')}
                </button>
              </div>
              <RequestSummary records={p.records} />
              <details className="request-body">
                <summary>{t('summary.body')}</summary>
                <pre className="request-preview" data-testid="request-preview" aria-label={t('editor.preview')}>
                  {body}
                </pre>
              </details>
            </div>
          </div>
        </ProblemsContext.Provider>
      ) : (
        <>
          <section className="card" aria-labelledby="drafts-title">
            <h2 id="drafts-title">{t('editor.drafts')}</h2>
            {p.drafts.length === 0 ? (
              <p className="hint">{t('editor.noDrafts')}</p>
            ) : (
              <ul className="list">
                {p.drafts.map((d) => (
                  <li key={d.id} className="list-row">
                    <span>
                      <strong>{d.name}</strong>{' '}
                      <small>
                        ({t(`editor.kinds.${d.kind}`)} · {formatDateTime(d.updatedAt)})
                      </small>
                    </span>
                    <span className="row">
                      <button type="button" className="btn btn-small" onClick={() => void p.openDraft(d.id)}>
                        {t('editor.openDraft', { name: d.name })}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => void p.deleteDraft(d.id)}
                        aria-label={t('editor.deleteDraft', { name: d.name })}
                      >
                        ×
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ImportPanel onLoad={(i) => p.startNew(i.records, i.name, 'import')} />
          <section className="card" aria-labelledby="history-title">
            <h2 id="history-title">{t('editor.history')}</h2>
            <HistoryPanel />
          </section>
        </>
      )}
    </main>
  );
}

const withoutSaid = (e: AppErrorShape): AppErrorShape => {
  if (!e.params || !('said' in e.params)) return e;
  const { said: _said, ...params } = e.params;
  return { ...e, params };
};

/** A refused batch opened to be fixed: what the service said, and what happens to it on Send. */
function FixingNote({ fixing }: { fixing: Fixing }) {
  const { t } = useTranslation();
  // The service's words have a line of their own below (service-said): not twice.
  const why = fixing.error ? describeError(t, withoutSaid(fixing.error)) : null;
  return (
    <div className="card warn-card" data-testid="fixing-note">
      <p>{t('products:editor.fixing', { name: fixing.label })}</p>
      {why ? (
        <p>
          <strong>{why.title}</strong>
          {why.why ? ` ${why.why}` : null}
        </p>
      ) : null}
      {typeof fixing.error?.params?.said === 'string' ? (
        <p data-testid="service-said">{t('products:editor.serviceSaid', { said: fixing.error.params.said })}</p>
      ) : null}
      {fixing.error ? <TechnicalDetails error={fixing.error} /> : null}
    </div>
  );
}
