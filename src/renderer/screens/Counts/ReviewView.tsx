import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { focusScreenHome } from '../../components/focus';
import { formatDateTime } from '../../i18n/format';
import { ReviewLineTrust } from './ReviewLineTrust';
import { UnknownResolver } from './UnknownResolver';
import { useCounts } from '../../store/counts';

/**
 * Before quantities go out: every line against the previous count of this storage code. A line
 * that sets a SKU to zero or changes it a lot needs an explicit tick, because the service sets
 * stock to exactly what is sent. Issue 18: lines past the recount threshold are recounted (and the
 * worker picks first count or recount), stock that moved while counting is shown with a choice,
 * and Send waits until every such line is settled. A sync runs first when the service answers.
 */
/** A change with its sign: +2, -17, 0. */
const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;

export function ReviewView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('counts');
  const { review, reviewError, loadReview, push, session, syncing, startRecount } = useCounts(
    useShallow((s) => ({
      review: s.review,
      reviewError: s.reviewError,
      loadReview: s.loadReview,
      push: s.push,
      session: s.session,
      syncing: s.reviewSyncing,
      startRecount: s.startRecount,
    })),
  );
  const [zeroMissing, setZeroMissing] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);

  // The first load syncs the packages first (stock that moved); later ones use what is known.
  const refreshed = useRef(false);
  useEffect(() => {
    const refresh = !refreshed.current;
    refreshed.current = true;
    void loadReview(zeroMissing, refresh);
  }, [loadReview, zeroMissing]);

  // The review comes a moment after the button that opened it went away: its heading takes the focus then.
  const loaded = review !== null && session !== null;
  useEffect(() => {
    if (loaded) focusScreenHome();
  }, [loaded]);

  if (!review || !session)
    return syncing ? (
      <p className="hint" role="status">
        {t('review.syncing')}
      </p>
    ) : (
      <ErrorText error={reviewError} />
    );
  const blocked = review.blocked ?? 0;
  const toRecount = review.lines.filter((l) => l.recount?.required && l.recount.quantity === null).map((l) => l.sku);
  const recount = (skus: string[]) => {
    const all = review.lines.filter((l) => l.recount?.required || skus.includes(l.sku)).map((l) => l.sku);
    startRecount([...new Set([...skus, ...all])]);
    onBack();
  };
  const moved = review.lines.some((l) => l.movement);
  const unknown = review.lines.some((l) => l.unknown);
  const count = review.lines.length + (zeroMissing ? review.missing.length : 0);
  // Not `disabled`: a button disabled under the focus drops it to the page (Enter twice while it sends).
  const cannotSend = busy || unknown || blocked > 0 || count === 0 || (review.needsConfirmation && !confirmed);
  // Why Send is held back, each with what resolves it: beside Send, never below the fold.
  const why = [blocked > 0 ? 'review-blocked' : null, unknown ? 'review-unknown' : null, review.needsConfirmation ? 'review-confirm' : null]
    .filter((id): id is string => id !== null)
    .join(' ');
  return (
    <section className="review" aria-labelledby="review-title">
      {/* The lines scroll on their own; the Send bar under them is not over them (nothing shows through). */}
      <div className="review-body">
        <div className="screen-head">
          <h2 id="review-title" tabIndex={-1} data-focus-home>
            {t('review.title', { code: session.storageCode })}
          </h2>
          <button type="button" className="btn" onClick={onBack}>
            {t('actions.back')}
          </button>
        </div>
        <p className="hint">
          {review.previousCountAt ? t('review.previousAt', { time: formatDateTime(review.previousCountAt) }) : t('review.noPrevious')}
        </p>
        <p className={review.movements && !review.movements.fresh ? 'hint warn' : 'hint'} role="status">
          {syncing ? t('review.syncing') : review.movements ? (review.movements.fresh ? t('review.fresh') : t('review.stale')) : null}
        </p>
        {moved ? <p className="hint">{t('review.noShelf')}</p> : null}
        <table className="table" aria-label={t('lines.title')}>
          <thead>
            <tr>
              <th scope="col">{t('lines.sku')}</th>
              <th scope="col">{t('lines.name')}</th>
              <th scope="col">{t('lines.quantity')}</th>
              <th scope="col">{t('review.previous')}</th>
              <th scope="col">{t('review.change')}</th>
              <th scope="col">{t('review.send')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {review.lines.map((l) => (
              <Fragment key={l.sku}>
                <tr className={l.risk ? `risk risk-${l.risk}` : undefined}>
                  <td>{l.sku}</td>
                  <td>
                    {l.name}
                    {l.unknown ? <UnknownResolver code={l.sku} onResolved={() => void loadReview(zeroMissing)} /> : null}
                  </td>
                  <td>
                    <strong>{l.quantity}</strong>
                  </td>
                  <td>{l.previous ?? '—'}</td>
                  {/* The change of what will be sent (the recount or the movement chosen), not of the first count. */}
                  <td data-testid={`change-${l.sku}`}>{l.previous === null ? '—' : signed((l.send ?? l.quantity) - l.previous)}</td>
                  <td data-testid={`send-${l.sku}`}>{l.send ?? l.quantity}</td>
                  <td>
                    {l.risk ? (
                      <span className={`pill ${l.risk === 'big_change' ? 'pill-warn' : 'pill-bad'}`}>{t(`review.risk.${l.risk}`)}</span>
                    ) : null}
                  </td>
                </tr>
                {l.recount || l.movement ? (
                  <tr className="review-trust-row">
                    <td colSpan={7}>
                      <ReviewLineTrust line={l} onRecount={(sku) => recount([sku])} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
        {review.missing.length > 0 ? (
          <div className="card">
            <h3>{t('review.missingTitle')}</h3>
            <p className="hint">{t('review.missingHint')}</p>
            <ul className="plain">
              {review.missing.map((m) => (
                <li key={m.sku}>
                  {m.sku} {m.name ? `— ${m.name}` : ''} ({t('review.previous')}: {m.previous})
                </li>
              ))}
            </ul>
            <label className="check">
              <input type="checkbox" checked={zeroMissing} onChange={(e) => setZeroMissing(e.target.checked)} />
              <span>{t('review.zeroMissing')}</span>
            </label>
          </div>
        ) : null}
        <ErrorText error={reviewError} />
      </div>
      <div className="review-actions">
        <button
          type="button"
          data-primary
          className="btn btn-primary btn-big"
          aria-disabled={cannotSend}
          aria-describedby={why || undefined}
          onClick={() => {
            if (cannotSend) return;
            setBusy(true);
            void push(zeroMissing, confirmed).finally(() => setBusy(false));
          }}
        >
          {t('review.push', { count })}
        </button>
        {why ? (
          <div className="review-why">
            {blocked > 0 ? (
              <div className="review-why-item">
                <p id="review-blocked">{t('review.blocked', { count: blocked })}</p>
                {toRecount.length > 0 ? (
                  <button type="button" className="btn btn-primary" onClick={() => recount(toRecount)}>
                    {t('review.recount.start')}
                  </button>
                ) : null}
              </div>
            ) : null}
            {unknown ? (
              <p className="error" id="review-unknown">
                {t('review.unknownBlock')}
              </p>
            ) : null}
            {review.needsConfirmation ? (
              <div className="review-why-item">
                <p id="review-confirm">{t('review.needsConfirmation')}</p>
                <label className="check">
                  <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
                  <span>{t('review.confirm')}</span>
                </label>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
