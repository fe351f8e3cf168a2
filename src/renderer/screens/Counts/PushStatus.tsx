import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { downloadText } from '../../download';
import type { AppErrorShape } from '../../../shared/result';
import { useCounts } from '../../store/counts';

/** A sent count opened again shows its first lines (the CSV export has them all). */
const SHOWN_LINES = 200;

/** After a push: each batch as the outbox sends it, with what the service answered. */
export function PushStatus({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('counts');
  const { session, items, load, watch, retry, linesById, exportCsv } = useCounts(
    useShallow((s) => ({
      session: s.session,
      items: s.pushItems,
      load: s.loadPushStatus,
      watch: s.watchOutbox,
      retry: s.retryPush,
      linesById: s.lines,
      exportCsv: s.exportCsv,
    })),
  );
  const [exportError, setExportError] = useState<AppErrorShape | null>(null);
  const lines = useMemo(() => Object.values(linesById).sort((a, b) => a.sku.localeCompare(b.sku)), [linesById]);
  // What went to the service: the recount where it was chosen, 0 for a SKU set to 0 at sending.
  const sentOf = (l: (typeof lines)[number]) => l.sent ?? l.quantity;
  const sentUnits = lines.reduce((n, l) => n + sentOf(l), 0);
  useEffect(() => watch(), [watch]);
  useEffect(() => {
    if (session) void load(session.id);
  }, [session, load]);
  if (!session) return null;
  return (
    <section className="push-status" aria-labelledby="push-title">
      <h2 id="push-title" tabIndex={-1} data-focus-home>
        {t('push.title')} · {t('history.of', { code: session.storageCode })}
      </h2>
      <p data-testid="push-totals">
        {t('push.totals', { units: t('units', { count: sentUnits }), lines: t('linesCount', { count: lines.length }) })}
      </p>
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
            {i.responseBody ? (
              <details open={i.state === 'failed'}>
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
      {lines.length > 0 ? (
        <div className="push-lines">
          <table className="table" aria-label={t('lines.title')}>
            <thead>
              <tr>
                <th scope="col">{t('lines.sku')}</th>
                <th scope="col">{t('lines.name')}</th>
                <th scope="col">{t('push.sentQuantity')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.slice(0, SHOWN_LINES).map((l) => (
                <tr key={l.sku}>
                  <td data-code-line="">{l.sku}</td>
                  <td>{l.name ?? ''}</td>
                  <td>{sentOf(l)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {lines.length > SHOWN_LINES ? <p className="hint">{t('history.moreLines', { count: lines.length - SHOWN_LINES })}</p> : null}
        </div>
      ) : null}
      <div className="row">
        <button type="button" className="btn btn-primary" data-primary onClick={onDone}>
          {t('actions.other')}
        </button>
        {/* A sent count too: its CSV then holds the quantities sent (sent_qty). */}
        <button
          type="button"
          className="btn"
          onClick={() =>
            void exportCsv(session.id).then((r) => {
              setExportError(r.ok ? null : r.error);
              if (r.ok) downloadText(r.value.filename, r.value.csv);
            })
          }
        >
          {t('actions.export')}
        </button>
      </div>
      <ErrorText error={exportError} />
    </section>
  );
}
