import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useCounts } from '../../store/counts';

/**
 * Recount mode (issue 18.3): the lines to scan again and how many were recounted so far. Scans go
 * to the recount (the core refuses any other product); the first count stays as it was.
 */
export function RecountBanner({ onReview }: { onReview: () => void }) {
  const { t } = useTranslation('counts');
  const { mode, lines, stop, recountSet } = useCounts(
    useShallow((s) => ({ mode: s.recountMode, lines: s.lines, stop: s.stopRecount, recountSet: s.recountSet })),
  );
  if (!mode) return null;
  return (
    <section className="card warn-card recount-banner" aria-labelledby="recount-title">
      <h3 id="recount-title">{t('recountMode.title')}</h3>
      <p>{t('recountMode.text')}</p>
      <ul className="plain">
        {Object.entries(mode).map(([sku, n]) => (
          <li key={sku} className="row">
            <span>
              <strong>{sku}</strong> {lines[sku]?.name ? `— ${lines[sku].name}` : ''}:{' '}
              {n === null ? t('review.recount.notYet') : t('recountMode.so_far', { count: n })}
            </span>
            <button type="button" className="btn" onClick={() => void recountSet(sku, 0)}>
              {t('recountMode.none')}
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            stop();
            onReview();
          }}
        >
          {t('recountMode.done')}
        </button>
        <button type="button" className="btn" onClick={stop}>
          {t('recountMode.stop')}
        </button>
      </div>
    </section>
  );
}
