import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Dialog } from '../../components/Dialog';
import { ErrorText } from '../../components/ErrorText';
import { modalOpen } from '../../components/focus';
import { downloadText } from '../../download';
import { useCounts } from '../../store/counts';
import { useUi } from '../../store/ui';
import { CommandNotice } from './CommandNotice';
import { CountLines } from './CountLines';
import { LastScanCard, takenOver } from './LastScanCard';
import { RecountBanner } from './RecountBanner';

export function CountingView({ pending, onScan, onReview }: { pending: number; onScan: (code: string) => void; onReview: () => void }) {
  const setToastSlot = useUi((u) => u.setToastSlot);
  const { t } = useTranslation(['counts', 'common']);
  const c = useCounts(
    useShallow((s) => ({
      session: s.session,
      error: s.error,
      // A scan that was not stored: the card says why already (twice, it pushed the fields away).
      errorOnCard:
        s.error !== null && ((s.last?.outcome === 'failed' && s.last.error === s.error) || (s.last === null && takenOver(s.error))),
      nextQuantity: s.nextQuantity,
      setNextQuantity: s.setNextQuantity,
      undo: s.undo,
      discard: s.discard,
      exportCsv: s.exportCsv,
      closeSession: s.closeSession,
      watchHolds: s.watchHolds,
    })),
  );
  const { watchHolds } = c;
  useEffect(() => watchHolds(), [watchHolds]);
  const [manual, setManual] = useState('');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { setNextQuantity } = c;

  // Escape clears the typed quantity (also from its field); Ctrl+Z undoes outside text fields.
  // Neither acts behind an open question.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (modalOpen()) return;
      // Not an Escape that closes a question (above) or cancels something else (it says so with
      // preventDefault, as a line's quantity edit): the worker's ×12 stays for the next item.
      if (e.key === 'Escape' && !e.defaultPrevented && useCounts.getState().nextQuantity !== null) setNextQuantity(null);
      // The quantity field (focused by default) holds digits only: Ctrl+Z there undoes the count too.
      const inText =
        e.target instanceof HTMLTextAreaElement ||
        (e.target instanceof HTMLInputElement && e.target.type !== 'checkbox' && e.target.dataset.testid !== 'next-quantity');
      // By the letter, not the key's place: on a Turkish F keyboard z is where a Q keyboard has N.
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && !inText) {
        e.preventDefault();
        void useCounts.getState().undo(1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setNextQuantity]);

  if (!c.session) return null;
  const session = c.session;

  function submitManual(e: FormEvent) {
    e.preventDefault();
    if (manual.trim()) onScan(manual.trim());
    setManual('');
  }

  return (
    <div className="counting">
      <div className="counting-head">
        <h2>{t('counting', { code: session.storageCode })}</h2>
        <div className="totals" role="status" aria-label={t('total')} data-testid="count-totals">
          <span className="totals-units">{t('units', { count: session.totalUnits })}</span>
          <span>{t('linesCount', { count: session.lineCount })}</span>
        </div>
        {pending > 0 ? (
          <span className="pill pill-warn" role="status">
            {t('waiting', { count: pending })}
          </span>
        ) : null}
        {/* What is done once a count, out of the way of the scanning column (which must fit 1024×768). */}
        <div className="row counting-head-actions">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void c.exportCsv(session.id).then((r) => r.ok && downloadText(r.value.filename, r.value.csv))}
          >
            {t('actions.export')}
          </button>
          <button type="button" className="btn btn-small" onClick={c.closeSession}>
            {t('actions.other')}
          </button>
          <button type="button" className="btn btn-small btn-danger" onClick={() => setConfirmDiscard(true)}>
            {t('actions.discard')}
          </button>
        </div>
      </div>
      <p className="hint">{t('scanHere')}</p>
      <div className="counting-grid">
        <div className="counting-left">
          <LastScanCard />
          <div className="row">
            <label className="field qty-entry">
              <span>{t('nextQuantity')}</span>
              <input
                inputMode="numeric"
                pattern="[0-9]*"
                value={c.nextQuantity ?? ''}
                placeholder="1"
                onChange={(e) => {
                  const v = e.target.value.replace(/\D/g, '').slice(0, 6);
                  c.setNextQuantity(v ? Math.max(1, Number(v)) : null);
                }}
                aria-describedby="qty-hint"
                data-testid="next-quantity"
                autoFocus
                data-focus-home
              />
              {/* Said by the line above the card already; kept for screen readers. */}
              <small id="qty-hint" className="visually-hidden">
                {t('nextQuantityHint')} {t('nextQuantityHintKeys')}
              </small>
            </label>
            <form onSubmit={submitManual} className="field">
              <label className="field">
                <span>{t('manualCode')}</span>
                <input
                  value={manual}
                  onChange={(e) => setManual(e.target.value)}
                  maxLength={128}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="manual-code"
                />
              </label>
            </form>
          </div>
          {c.errorOnCard ? null : <ErrorText error={c.error} />}
          {/* Kept in view under the column: the two buttons a worker presses while counting. */}
          <div className="row sticky-actions">
            <button type="button" className="btn btn-primary" data-primary onClick={onReview} disabled={session.lineCount === 0}>
              {t('actions.review')}
            </button>
            <button type="button" className="btn" onClick={() => void c.undo(1)} aria-keyshortcuts="Control+Z">
              {t('actions.undo')}
            </button>
          </div>
        </div>
        {/* Recount mode's lines to scan again sit above the count's lines: the scanning column keeps
            its place (the card, the quantity and typed-code fields stay in view at 1024×768). */}
        <div className="counting-right">
          <CommandNotice />
          <RecountBanner onReview={onReview} />
          <CountLines />
          {/* The toasts come here while counting: the lines give way, the scanning column does not. */}
          <div className="toast-slot" ref={setToastSlot} />
        </div>
      </div>
      <Dialog title={t('actions.discard')} open={confirmDiscard} onClose={() => setConfirmDiscard(false)}>
        <p>{t('actions.confirmDiscard', { code: session.storageCode })}</p>
        <div className="row">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setConfirmDiscard(false);
              void c.discard();
            }}
          >
            {t('actions.discard')}
          </button>
          <button type="button" className="btn" onClick={() => setConfirmDiscard(false)}>
            {t('common:actions.cancel')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
