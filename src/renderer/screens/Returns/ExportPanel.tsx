import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../../shared/result';
import { DateInput } from '../../components/DateInput';
import { ErrorText } from '../../components/ErrorText';
import { downloadText } from '../../download';
import { useReturns } from '../../store/returns';
import { localDay, systemTimeZone } from '../../../shared/domain/time';

/** Today and 30 days ago on the worker's calendar (not UTC's: at 01:00 in Istanbul UTC is still on yesterday). */
const daysAgo = (n: number) => localDay(Date.now() - n * 86_400_000, systemTimeZone());

/** A CSV of the inspections of a date range, for the people deciding in the service. */
export function ExportPanel() {
  const { t } = useTranslation('returns');
  const exportCsv = useReturns((s) => s.exportCsv);
  const [from, setFrom] = useState(() => daysAgo(30));
  const [to, setTo] = useState(() => daysAgo(0));
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [empty, setEmpty] = useState(false);
  return (
    <details className="card export-panel">
      <summary>{t('export.title')}</summary>
      <div className="row">
        <label className="field">
          <span>{t('export.from')}</span>
          <DateInput value={from || null} onChange={(v) => setFrom(v ?? '')} />
        </label>
        <label className="field">
          <span>{t('export.to')}</span>
          <DateInput value={to || null} onChange={(v) => setTo(v ?? '')} />
        </label>
        <button
          type="button"
          className="btn"
          onClick={() =>
            void exportCsv(from, to).then((r) => {
              setError(r.ok ? null : r.error);
              if (r.ok) {
                setEmpty(r.value.rows === 0);
                if (r.value.rows > 0) downloadText(r.value.filename, r.value.csv);
              }
            })
          }
        >
          {t('export.button')}
        </button>
      </div>
      {empty ? <p className="hint">{t('export.empty')}</p> : null}
      <ErrorText error={error} />
    </details>
  );
}
