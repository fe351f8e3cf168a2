import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useCounts } from '../../store/counts';
import { Gs1ScanFacts, ScanProblemText } from './Gs1Facts';

/** Big enough to read from a metre away: what was just scanned and what it did. */
export function LastScanCard() {
  const { t } = useTranslation('counts');
  const { last, assign } = useCounts(useShallow((s) => ({ last: s.last, assign: s.assign })));
  const [assigning, setAssigning] = useState(false);
  const [sku, setSku] = useState('');

  if (!last) {
    return (
      <section className="last-scan last-scan-none" aria-label={t('last.title')} data-testid="last-scan">
        <p>{t('last.none')}</p>
      </section>
    );
  }
  const tone = last.outcome === 'counted' ? 'ok' : last.outcome === 'unknown' ? 'warn' : 'bad';
  return (
    <section
      className={`last-scan last-scan-${tone}`}
      aria-label={t('last.title')}
      aria-live="assertive"
      data-testid="last-scan"
      data-outcome={last.outcome}
    >
      <div className="last-scan-label">{t('last.title')}</div>
      {last.outcome === 'misread' && last.problem ? (
        <>
          <div className="last-scan-big">{t('gs1:misread')}</div>
          <div className="last-scan-sub" data-testid="scan-problem">
            <ScanProblemText problem={last.problem} />
          </div>
        </>
      ) : last.outcome === 'misread' ? (
        <>
          <div className="last-scan-big">{t('last.misread')}</div>
          <div className="last-scan-sub">{t('last.misreadHint', { code: last.code, expected: last.expectedCheckDigit ?? '?' })}</div>
        </>
      ) : (
        <>
          <div className="last-scan-big">{last.name ?? last.sku ?? last.code}</div>
          <div className="last-scan-qty">{t('last.counted', { delta: last.delta, quantity: last.lineQuantity ?? '?' })}</div>
          <div className="last-scan-sub">
            {last.sku} {last.code !== last.sku ? `· ${last.code}` : ''}
          </div>
          {last.gs1 ? <Gs1ScanFacts facts={last.gs1} /> : null}
        </>
      )}
      {last.outcome === 'unknown' ? (
        <div className="last-scan-unknown">
          <strong>{t('last.unknown')}</strong> — {t('last.unknownHint')}
          {assigning ? (
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                if (!sku.trim()) return;
                void assign(last.code, sku.trim()).then((r) => r.ok && (setAssigning(false), setSku('')));
              }}
            >
              <label className="field">
                <span>{t('last.assignTo')}</span>
                <input value={sku} onChange={(e) => setSku(e.target.value)} maxLength={128} autoFocus />
              </label>
              <button type="submit" className="btn btn-primary">
                {t('common:actions.save')}
              </button>
              <button type="button" className="btn" onClick={() => setAssigning(false)}>
                {t('common:actions.cancel')}
              </button>
            </form>
          ) : (
            <div className="row">
              <button type="button" className="btn" onClick={() => setAssigning(true)}>
                {t('last.assign')}
              </button>
              <button type="button" className="btn" onClick={() => void assign(last.code, null)}>
                {t('last.own')}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
