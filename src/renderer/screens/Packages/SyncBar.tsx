import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { formatDateTime } from '../../i18n/format';
import type { SkippedRecord, SkippedRecords, SyncProgress } from '../../../shared/domain/packages';
import { useApp } from '../../store/app';
import { usePackages } from '../../store/packages';

/** Sync now, the last sync time, a progress bar while a sync runs, and the offline badge. */
export function SyncBar() {
  const { t } = useTranslation('packages');
  const { sync, syncError, syncNow } = usePackages(useShallow((s) => ({ sync: s.sync, syncError: s.syncError, syncNow: s.syncNow })));
  const online = useApp((s) => s.status.online && !s.session.offline);
  const p = sync?.progress;
  const running = p?.state === 'running';
  const pct = running && p.totalPages ? Math.min(100, Math.round((p.page / p.totalPages) * 100)) : undefined;
  return (
    <div className="sync-bar">
      <button type="button" className="btn" onClick={() => void syncNow()} disabled={running}>
        {running ? t('sync.runningShort') : t('sync.now')}
      </button>
      <span className="sync-info" data-testid="last-sync">
        {sync?.lastSuccessAt ? t('sync.last', { time: formatDateTime(sync.lastSuccessAt) }) : t('sync.never')}
        {sync ? ` · ${t('sync.cached', sync.cached)}` : ''}
      </span>
      {!online ? (
        <span className="pill pill-bad" data-testid="offline-badge">
          {t('offlineBadge')}
        </span>
      ) : null}
      {running ? (
        <div className="sync-progress">
          <progress aria-label={t('sync.progress')} max={100} value={pct} />
          <span>{t('sync.running', { kind: p.kind ? t(`kinds.${p.kind}`) : '', page: p.page, pages: p.totalPages ?? '?' })}</span>
          {p.waiting ? <WaitingFor waiting={p.waiting} /> : null}
        </div>
      ) : null}
      {p?.skipped && p.skipped.count > 0 ? <Skipped skipped={p.skipped} /> : null}
      {p?.state === 'failed' ? (
        <div className="sync-failed">
          <strong>{t('sync.failed')}</strong> <ErrorText error={p.error} />
        </div>
      ) : null}
      <ErrorText error={syncError} />
    </div>
  );
}

/**
 * The records of the service this sync could not read and skipped (the rest is stored): how many,
 * and under it which (where, what names them, why). The next sync asks for them again.
 */
function Skipped({ skipped }: { skipped: SkippedRecords }) {
  const { t } = useTranslation('packages');
  const line = (r: SkippedRecord) =>
    t('sync.skippedLine', {
      kind: t(`kindOne.${r.kind}`),
      where: [
        t('sync.skippedAt', { page: r.page + 1, record: r.record + 1 }),
        ...(r.orderNumber !== null ? [t('sync.skippedOrderNumber', { value: r.orderNumber })] : []),
        ...(r.id !== null ? [t('sync.skippedPackageId', { value: r.id })] : []),
      ].join(', '),
      reason: t(`sync.skippedReasons.${r.reason}`, { field: r.field ?? '' }),
    });
  const more = skipped.count - skipped.records.length;
  return (
    <div className="sync-skipped" role="status" data-testid="sync-skipped">
      <details>
        <summary>{t('sync.skipped', { count: skipped.count })}</summary>
        {/* It scrolls when long: a Tab stop, so the keyboard can scroll it too. */}
        <ul aria-label={t('sync.skippedWhich')} tabIndex={0}>
          {skipped.records.map((r, i) => (
            <li key={i}>{line(r)}</li>
          ))}
          {more > 0 ? <li>{t('sync.skippedMore', { count: more })}</li> : null}
        </ul>
      </details>
    </div>
  );
}

/** Seconds a worker can see counting while the service takes its time over one page (issue 12.11). */
const SHOW_AFTER_MS = 2000;

function WaitingFor({ waiting }: { waiting: NonNullable<SyncProgress['waiting']> }) {
  const { t } = useTranslation('packages');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  const waited = now - Date.parse(waiting.since);
  if (!(waited >= SHOW_AFTER_MS)) return null;
  return (
    <span className="sync-waiting" role="status" data-testid="sync-waiting">
      {t('sync.waiting', {
        page: waiting.page + 1,
        seconds: Math.floor(waited / 1000),
        limit: Math.round(waiting.timeoutMs / 1000),
        attempt: waiting.attempt + 1,
      })}
    </span>
  );
}
