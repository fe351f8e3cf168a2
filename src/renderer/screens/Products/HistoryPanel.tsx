import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/ErrorText';
import { formatDateTime } from '../../i18n/format';
import { useProducts } from '../../store/products';

/** What was sent to the product service, batch by batch, with the service's answer. */
export function HistoryPanel() {
  const { t } = useTranslation(['products', 'counts', 'errors']);
  const history = useProducts((s) => s.history);
  const retry = useProducts((s) => s.retryWrite);
  const fix = useProducts((s) => s.fixBatch);
  if (history.length === 0) return <p className="hint">{t('editor.historyEmpty')}</p>;
  return (
    <ul className="plain product-history" data-testid="product-history">
      {history.map((b) => (
        <li key={b.id} className="push-item" data-state={b.write?.state ?? 'unknown'}>
          <strong>{b.label}</strong> · {t('editor.recordCount', { count: b.recordCount })} · {formatDateTime(b.createdAt)}{' '}
          <span className={`pill ${b.write?.state === 'sent' ? 'pill-ok' : b.write?.state === 'failed' ? 'pill-bad' : 'pill-warn'}`}>
            {b.write ? t(`counts:push.state.${b.write.state}`) : '—'}
          </span>
          {b.write?.lastError && b.write.state !== 'sent' ? <ErrorText error={b.write.lastError} quiet /> : null}
          {b.write?.responseBody ? (
            <details>
              <summary>{t('editor.answer')}</summary>
              <pre className="response-body">{b.write.responseBody}</pre>
            </details>
          ) : null}
          {b.write && (b.write.state === 'failed' || b.write.state === 'pending') ? (
            <button type="button" className="btn btn-small" onClick={() => void retry(b.write!.id)}>
              {t('counts:push.retry')}
            </button>
          ) : null}
          {b.write?.state === 'failed' && Array.isArray(b.records) ? (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => fix(b)}
              aria-label={t('editor.fixBatchNamed', { name: b.label })}
            >
              {t('editor.fixBatch')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
