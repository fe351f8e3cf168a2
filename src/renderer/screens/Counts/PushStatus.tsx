import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { useCounts } from '../../store/counts';

/** After a push: each batch as the outbox sends it, with what the service answered. */
export function PushStatus({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('counts');
  const { session, items, load, watch, retry } = useCounts(
    useShallow((s) => ({ session: s.session, items: s.pushItems, load: s.loadPushStatus, watch: s.watchOutbox, retry: s.retryPush })),
  );
  useEffect(() => watch(), [watch]);
  useEffect(() => {
    if (session) void load(session.id);
  }, [session, load]);
  if (!session) return null;
  return (
    <section className="push-status" aria-labelledby="push-title">
      <h2 id="push-title">{t('push.title')}</h2>
      <p role="status">{t('review.pushed', { items: items.reduce((n, i) => n + Number(i.summary.lines ?? 0), 0) })}</p>
      <ul className="plain">
        {items.map((i) => (
          <li key={i.id} className={`push-item push-${i.state}`} data-testid="push-item" data-state={i.state}>
            <strong>
              {t('push.batch', { batch: i.summary.batch ?? 1, batches: i.summary.batches ?? 1, lines: i.summary.lines ?? '?' })}
            </strong>{' '}
            <span className={`pill ${i.state === 'sent' ? 'pill-ok' : i.state === 'failed' ? 'pill-bad' : 'pill-warn'}`}>
              {t(`push.state.${i.state}`)}
            </span>
            {i.attempts > 0 && i.state !== 'sent' ? <span className="hint"> · {t('push.attempts', { count: i.attempts })}</span> : null}
            {i.state !== 'sent' ? <ErrorText error={i.lastError} /> : null}
            {i.responseBody && i.state === 'failed' ? (
              <details open>
                <summary>{t('push.response')}</summary>
                <pre className="response-body">{i.responseBody}</pre>
              </details>
            ) : null}
            {i.state === 'failed' || i.state === 'pending' ? (
              <button type="button" className="btn btn-small" onClick={() => void retry(i.id)}>
                {t('push.retry')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={onDone}>
        {t('actions.other')}
      </button>
    </section>
  );
}
