import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useCounts } from '../../store/counts';
import { Gs1ScanFacts, ScanProblemText } from './Gs1Facts';
import { UnknownResolver } from './UnknownResolver';

/** Big enough to read from a metre away: what was just scanned and what it did. */
/** A code too long for the card (a garbled read of hundreds of characters): its start and end. */
const shortCode = (code: string) => (code.length > 40 ? `${code.slice(0, 24)}…${code.slice(-12)}` : code);

/** The count was taken over by another window of this PC (issue 46 item 5). */
export const takenOver = (e: AppErrorShape | null) => e?.params?.reason === 'count_taken_over';

export function LastScanCard() {
  const { t } = useTranslation(['counts', 'gs1']);
  const { last, nextQuantity, counted, error } = useCounts(
    useShallow((s) => ({ last: s.last, nextQuantity: s.nextQuantity, counted: Object.keys(s.lines).length > 0, error: s.error })),
  );
  const next =
    nextQuantity !== null ? (
      <div className="pill pill-warn last-scan-next" role="status" data-testid="next-times">
        {t('nextTimes', { count: nextQuantity })}
      </div>
    ) : null;

  if (!last && takenOver(error)) {
    // Another window took the count over: said where the worker looks, instead of "scan the next item".
    return (
      <section className="last-scan last-scan-bad" aria-label={t('last.title')} data-testid="last-scan" data-outcome="taken_over">
        <ErrorText error={error} reasonOnly />
      </section>
    );
  }
  if (!last) {
    return (
      <section className="last-scan last-scan-none" aria-label={t('last.title')} data-testid="last-scan">
        {/* After Undo, or a count continued: items are counted, just no scan to show ("nothing scanned yet" misled). */}
        <p>{t(counted ? 'last.ready' : 'last.none')}</p>
        {next}
      </section>
    );
  }
  const tone = last.outcome === 'counted' ? 'ok' : last.outcome === 'unknown' ? 'warn' : 'bad';
  const big = last.name ? null : (last.sku ?? last.code);
  const sub = [...new Set([last.sku, last.code])].filter((c): c is string => !!c && c !== big);
  if (last.outcome === 'failed') {
    // Refused for a reason that says what to do (a shelf's label, a product not to recount): not
    // "scan it again once the problem is solved", and no "some of the data is not valid" above it.
    const refused =
      (last.error?.code === 'invalid_input' && typeof last.error.params?.reason === 'string') ||
      last.error?.params?.reason === 'count_taken_over';
    return (
      <section
        className="last-scan last-scan-bad"
        aria-label={t('last.title')}
        aria-live="assertive"
        data-testid="last-scan"
        data-outcome={last.outcome}
      >
        <div className="last-scan-top">
          <div className="last-scan-label">{t('last.title')}</div>
          {next}
        </div>
        <div className="last-scan-big">{t('last.failed')}</div>
        <div className="last-scan-sub">{t(refused ? 'last.refusedHint' : 'last.failedHint', { code: shortCode(last.code) })}</div>
        <ErrorText error={last.error} reasonOnly={refused} />
      </section>
    );
  }
  return (
    <section
      className={`last-scan last-scan-${tone}`}
      aria-label={t('last.title')}
      aria-live="assertive"
      data-testid="last-scan"
      data-outcome={last.outcome}
    >
      {/* The typed quantity beside the title, not a line of its own under the card's codes: the
          fields under the card stay in view at 1024×768 (a name on two lines, training's banner). */}
      <div className="last-scan-top">
        <div className="last-scan-label">{last.outcome === 'unknown' ? t('last.titleUnknown') : t('last.title')}</div>
        {next}
      </div>
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
          {last.name ? (
            <div className="last-scan-big last-scan-name" title={last.name}>
              {last.name}
            </div>
          ) : (
            <div
              className="last-scan-big"
              data-code-line=""
              title={last.sku ?? last.code}
              style={{ '--chars': (last.sku ?? last.code).length } as CSSProperties}
            >
              {last.sku ?? last.code}
            </div>
          )}
          <div className="last-scan-qty">{t('last.counted', { delta: last.delta, quantity: last.lineQuantity ?? '?' })}</div>
          {/* The codes under the quantity, each once: not the one the big line already shows. */}
          {sub.length > 0 ? (
            <div className="last-scan-sub">
              {sub.map((c, i) => (
                <span key={c}>
                  {i > 0 ? ' · ' : null}
                  <span data-code-line="" title={c}>
                    {c}
                  </span>
                </span>
              ))}
            </div>
          ) : null}
          {last.gs1 ? <Gs1ScanFacts facts={last.gs1} /> : null}
        </>
      )}
      {last.outcome === 'unknown' ? (
        <div className="last-scan-unknown">
          {/* Said by the card's title and the +1 above; kept for screen readers (the column fits at 1024×768). */}
          <span className="visually-hidden">
            {t('last.unknown')} — {t('last.unknownHint')}
          </span>
          <UnknownResolver code={last.code} />
        </div>
      ) : null}
    </section>
  );
}
