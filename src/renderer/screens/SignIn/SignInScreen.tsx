import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { languages, type Language } from '../../../shared/domain/settings';
import type { AppErrorShape } from '../../../shared/result';
import { Dialog } from '../../components/Dialog';
import { ErrorText } from '../../components/ErrorText';
import { useApp } from '../../store/app';
import { useUi } from '../../store/ui';

export function SignInScreen() {
  const { t } = useTranslation(['signIn', 'settings']);
  const updateSettings = useApp((s) => s.updateSettings);
  const { allProfiles, settings, info, sessionEndedBy, signIn, startTraining, resume } = useApp(
    useShallow((s) => ({
      allProfiles: s.profiles,
      settings: s.settings,
      info: s.info,
      sessionEndedBy: s.sessionEndedBy,
      signIn: s.signIn,
      startTraining: s.startTraining,
      resume: s.resume,
    })),
  );
  const profiles = useMemo(() => allProfiles.filter((p) => !p.training), [allProfiles]);
  const openSettings = useUi((s) => s.openSettingsSignedOut);
  const [chosenId, setChosenId] = useState('');
  const profileId =
    chosenId && profiles.some((p) => p.id === chosenId)
      ? chosenId
      : ((profiles.find((p) => p.id === settings?.activeProfileId) ?? profiles[0])?.id ?? '');
  // The connection's last user until the worker types one (the connections may arrive after the
  // first paint: the name then still fills in).
  const [typedUser, setUserName] = useState<string | null>(null);
  const userName = typedUser ?? profiles.find((p) => p.id === profileId)?.userName ?? '';
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState<'signIn' | 'training' | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [askWeak, setAskWeak] = useState(false);
  const errorId = useId();

  const canRemember = info?.secretStorage.available ?? false;
  const selected = profiles.find((p) => p.id === profileId);

  function chooseProfile(id: string) {
    setChosenId(id);
    const known = profiles.find((p) => p.id === id)?.userName;
    if (known) setUserName(known);
  }

  async function submit(allowWeakStorage = false) {
    setBusy('signIn');
    setError(null);
    const r = await signIn({ profileId, userName, password, remember: remember && canRemember, allowWeakStorage });
    setBusy(null);
    if (r.ok) {
      setPassword('');
      return;
    }
    if (r.error.code === 'needs_confirmation') {
      setAskWeak(true);
      return;
    }
    setError(r.error);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy === null && profileId) void submit();
  }

  async function training() {
    if (busy !== null) return;
    setBusy('training');
    setError(null);
    const r = await startTraining();
    setBusy(null);
    if (!r.ok) setError(r.error);
  }

  async function onResume() {
    if (busy !== null) return;
    setBusy('signIn');
    setError(null);
    const r = await resume();
    setBusy(null);
    if (!r.ok) setError(r.error);
  }

  return (
    <main className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('title')}</h1>
      {sessionEndedBy ? <ErrorText error={sessionEndedBy} /> : null}
      {profiles.length === 0 ? <p className="hint">{t('noProfiles')}</p> : null}
      <form onSubmit={onSubmit} className="form" aria-describedby={error ? errorId : undefined}>
        <label className="field">
          <span>{t('profile')}</span>
          <select value={profileId} onChange={(e) => chooseProfile(e.target.value)} required disabled={profiles.length === 0}>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} — {p.omsUrl}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('userName')}</span>
          <input
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            autoComplete="username"
            required
            maxLength={200}
            data-focus-home
          />
        </label>
        <label className="field">
          <span>{t('password')}</span>
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
            maxLength={500}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={remember && canRemember}
            disabled={!canRemember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <span>{t('remember')}</span>
        </label>
        {!canRemember ? <p className="hint">{t('rememberUnavailable')}</p> : null}
        <ErrorText error={error} id={errorId} />
        <div className="row">
          <button type="submit" className="btn btn-primary" data-primary aria-disabled={busy !== null || !profileId}>
            {busy === 'signIn' ? t('signingIn') : t('submit')}
          </button>
          {selected?.remembered && selected.userName ? (
            <button type="button" className="btn" onClick={() => void onResume()} aria-disabled={busy !== null}>
              {t('resume', { user: selected.userName })}
            </button>
          ) : null}
        </div>
      </form>
      <section className="sign-in-extra">
        {/* The language is chosen before signing in: a worker must be able to read this screen. */}
        <label className="field">
          <span>
            {t('settings:language')} / {t('languageOther')}
          </span>
          <select
            value={settings?.language ?? 'tr'}
            onChange={(e) => void updateSettings({ language: e.target.value as Language })}
            data-testid="sign-in-language"
          >
            {languages.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`settings:languages.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-training" onClick={() => void training()} aria-disabled={busy !== null}>
          {busy === 'training' ? t('signingIn') : t('training')}
        </button>
        <p className="hint">{t('trainingHint')}</p>
        <button type="button" className="btn" onClick={() => openSettings(true)}>
          {t('manageProfiles')}
        </button>
      </section>
      <Dialog title={t('weakStorageTitle')} open={askWeak} onClose={() => setAskWeak(false)}>
        <p>{t('weakStorage')}</p>
        <div className="row">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setAskWeak(false);
              void submit(true);
            }}
          >
            {t('weakStorageAccept')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setAskWeak(false);
              setRemember(false);
            }}
          >
            {t('weakStorageDecline')}
          </button>
        </div>
      </Dialog>
    </main>
  );
}
