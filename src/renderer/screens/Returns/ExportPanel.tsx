import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../../shared/result';
import { DateInput } from '../../components/DateInput';
import { ErrorText } from '../../components/ErrorText';
import { downloadText } from '../../download';
import { useReturns } from '../../store/returns';
import { useToday } from '../../components/useToday';
import { addDays, type LocalDay } from '../../../shared/domain/time';

/**
 * A CSV of the inspections of a date range, for the people deciding in the service. A date the
 * worker did not type (undefined) follows the day: the fields change at midnight on their own,
 * and an export works the range out when pressed. A typed date (or a cleared one, null) is kept.
 */
export function ExportPanel() {
  const { t } = useTranslation('returns');
  const exportCsv = useReturns((s) => s.exportCsv);
  const [typedFrom, setFrom] = useState<LocalDay | null | undefined>(undefined);
  const [typedTo, setTo] = useState<LocalDay | null | undefined>(undefined);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [empty, setEmpty] = useState(false);
  // Today on the worker's calendar (not UTC's: at 01:00 in Istanbul UTC is still on yesterday).
  const { today, catchUp } = useToday();
  const days = (today: LocalDay) => ({
    from: typedFrom === undefined ? addDays(today, -30) : typedFrom,
    to: typedTo === undefined ? today : typedTo,
  });
  const { from, to } = days(today);
  return (
    <details className="card export-panel">
      <summary>{t('export.title')}</summary>
      <div className="row">
        <label className="field">
          <span>{t('export.from')}</span>
          <DateInput value={from} onChange={setFrom} />
        </label>
        <label className="field">
          <span>{t('export.to')}</span>
          <DateInput value={to} onChange={setTo} />
        </label>
        <button
          type="button"
          className="btn"
          onClick={() => {
            // Worked out now, not when the panel was drawn: the day may have changed since.
            const range = days(catchUp());
            // A cleared field is no day: the core refuses the export, and the panel says why.
            void exportCsv(range.from ?? ('' as LocalDay), range.to ?? ('' as LocalDay)).then((r) => {
              setError(r.ok ? null : r.error);
              if (r.ok) {
                setEmpty(r.value.rows === 0);
                if (r.value.rows > 0) downloadText(r.value.filename, r.value.csv);
              }
            });
          }}
        >
          {t('export.button')}
        </button>
      </div>
      {empty ? <p className="hint">{t('export.empty')}</p> : null}
      <ErrorText error={error} />
    </details>
  );
}
