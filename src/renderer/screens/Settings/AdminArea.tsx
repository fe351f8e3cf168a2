import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_MAX, PIN_MIN } from '../../../shared/domain/admin';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useAdmin } from '../../store/admin';

const PIN_PATTERN = `[0-9]{${PIN_MIN},${PIN_MAX}}`;
const isPin = (s: string) => new RegExp(`^${PIN_PATTERN}$`).test(s);

/**
 * The administrator's part of Settings. Locked, it shows only the PIN form (set on first use,
 * unlock afterwards); unlocked, its sections and a Lock button. The core refuses administrator
 * changes from a locked window whatever this shows.
 */
export function AdminArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation('settings');
  const status = useAdmin((s) => s.status);
  const refresh = useAdmin((s) => s.refresh);
  const lock = useAdmin((s) => s.lock);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  if (!status) return null;
  if (status.unlocked) {
    return (
      <>
        <section className="card admin-bar" aria-labelledby="admin-title">
          <h2 id="admin-title">{t('admin.title')}</h2>
          <p className="hint">{t('admin.unlocked', { minutes: status.idleMinutes })}</p>
          <button type="button" className="btn" onClick={() => void lock()}>
            {t('admin.lock')}
          </button>
        </section>
        {children}
      </>
    );
  }
  return <PinForm firstUse={!status.pinSet} />;
}

function PinForm({ firstUse }: { firstUse: boolean }) {
  const { t } = useTranslation('settings');
  const setPin = useAdmin((s) => s.setPin);
  const unlock = useAdmin((s) => s.unlock);
  const [pin, setPinText] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'mismatch' | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (firstUse) {
      if (!isPin(pin)) return setProblem('tooShort');
      if (pin !== confirm) return setProblem('mismatch');
    }
    setProblem(null);
    const r = firstUse ? await setPin(pin, confirm) : await unlock(pin);
    if (!r.ok) {
      setError(r.error);
      setPinText('');
      setConfirm('');
    }
  }

  return (
    <section className="card" aria-labelledby="admin-title">
      <h2 id="admin-title">{t('admin.title')}</h2>
      <p className="hint">{t('admin.lockedHint')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} aria-label={firstUse ? t('admin.setTitle') : t('admin.title')}>
        {firstUse ? (
          <>
            <h3>{t('admin.setTitle')}</h3>
            <p className="hint">{t('admin.setHint')}</p>
          </>
        ) : null}
        <div className="row">
          <label className="field">
            <span>{t('admin.pin')}</span>
            <input
              type="password"
              inputMode="numeric"
              autoComplete={firstUse ? 'new-password' : 'current-password'}
              maxLength={PIN_MAX}
              value={pin}
              onChange={(e) => setPinText(e.target.value)}
              aria-invalid={problem === 'tooShort' || undefined}
              aria-describedby={problem === 'tooShort' ? 'admin-pin-problem' : undefined}
              required
            />
          </label>
          {firstUse ? (
            <label className="field">
              <span>{t('admin.confirm')}</span>
              <input
                type="password"
                inputMode="numeric"
                autoComplete="new-password"
                maxLength={PIN_MAX}
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                aria-invalid={problem === 'mismatch' || undefined}
                aria-describedby={problem === 'mismatch' ? 'admin-pin-problem' : undefined}
                required
              />
            </label>
          ) : null}
        </div>
        {problem ? (
          <p className="error" role="alert" id="admin-pin-problem">
            {t(`admin.${problem}`)}
          </p>
        ) : null}
        <ErrorText error={error} />
        <button type="submit" className="btn btn-primary">
          {firstUse ? t('admin.set') : t('admin.unlock')}
        </button>
        <p className="hint">{t('admin.resetHint')}</p>
      </form>
    </section>
  );
}
