import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { formatDateTime } from '../../i18n/format';
import { useApp } from '../../store/app';
import { useCounts } from '../../store/counts';

/** Choose the storage code to count (from the connection's list, or typed/scanned), and past counts. */
export function StoragePicker() {
  const { t } = useTranslation('counts');
  const profiles = useApp((s) => s.profiles);
  const profileId = useApp((s) => s.session.profileId);
  const codes = useMemo(() => profiles.find((p) => p.id === profileId)?.storageCodes ?? [], [profiles, profileId]);
  const { openStorage, error, history, loadHistory } = useCounts(
    useShallow((s) => ({ openStorage: s.openStorage, error: s.error, history: s.history, loadHistory: s.loadHistory })),
  );
  const [code, setCode] = useState('');

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const c = (code || codes[0] || '').trim();
    if (c) void openStorage(c);
  }

  return (
    <section className="storage-picker" aria-labelledby="storage-title">
      <h2 id="storage-title">{t('storageCode')}</h2>
      <form onSubmit={submit} className="form">
        <label className="field">
          <span>{t('storageCode')}</span>
          <input
            list="storage-codes"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={codes[0]}
            maxLength={50}
            autoFocus
            autoComplete="off"
          />
          <datalist id="storage-codes">
            {codes.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <small className="hint">{t('storageHint')}</small>
        </label>
        <div className="row storage-buttons">
          {codes.map((c) => (
            <button key={c} type="button" className="btn" onClick={() => void openStorage(c)}>
              {c}
            </button>
          ))}
        </div>
        <button type="submit" className="btn btn-primary btn-big" data-primary>
          {t('start')}
        </button>
      </form>
      <ErrorText error={error} />
      <h3>{t('history.all')}</h3>
      {history.length === 0 ? (
        <p className="hint">{t('history.empty')}</p>
      ) : (
        <table className="table">
          <tbody>
            {history.map((h) => (
              <tr key={h.id}>
                <td>{h.storageCode}</td>
                <td>{t(`history.state.${h.state}`)}</td>
                <td>{t('units', { count: h.totalUnits })}</td>
                <td>{t('linesCount', { count: h.lineCount })}</td>
                <td>{formatDateTime(h.pushedAt ?? h.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
