import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { useApp } from '../../store/app';
import { useCounts } from '../../store/counts';
import { CountHistoryTable, TakeOverButton } from './CountWhoWhen';

/** Choose the storage code to count (from the connection's list, or typed/scanned), and past counts. */
export function StoragePicker() {
  const { t } = useTranslation('counts');
  const profiles = useApp((s) => s.profiles);
  const profileId = useApp((s) => s.session.profileId);
  const codes = useMemo(() => profiles.find((p) => p.id === profileId)?.storageCodes ?? [], [profiles, profileId]);
  const { openStorage, openSent, error, history, historyWrites, loadHistory, watch } = useCounts(
    useShallow((s) => ({
      openStorage: s.openStorage,
      openSent: s.openSent,
      error: s.error,
      history: s.history,
      historyWrites: s.historyWrites,
      loadHistory: s.loadHistory,
      watch: s.watchOutbox,
    })),
  );
  const [code, setCode] = useState('');

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);
  useEffect(() => watch(), [watch]);

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
            data-focus-home
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
      <TakeOverButton error={error} />
      <h3>{t('history.all')}</h3>
      {history.length === 0 ? (
        <p className="hint">{t('history.empty')}</p>
      ) : (
        <CountHistoryTable
          history={history}
          writes={historyWrites}
          onOpen={(h) => void (h.state === 'pushed' ? openSent(h.id) : openStorage(h.storageCode))}
        />
      )}
    </section>
  );
}
