import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionTestResult } from '../../../shared/domain/admin';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useApp } from '../../store/app';

/**
 * "Test connection" inside the connection form: a login at the typed address with a user typed
 * here, before saving. The core saves nothing (no profile, token or password) and answers with one
 * of a few outcomes, said here in the worker's words.
 */
export function ConnectionTest({ omsUrl, allowInsecureHttp }: { omsUrl: string; allowInsecureHttp: boolean }) {
  const { t } = useTranslation('settings');
  const test = useApp((s) => s.testConnection);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);

  async function run() {
    setRunning(true);
    setResult(null);
    setError(null);
    const r = await test({ omsUrl: omsUrl.trim(), userName, password, ...(allowInsecureHttp ? { allowInsecureHttp: true } : {}) });
    setRunning(false);
    if (r.ok) setResult(r.value);
    else setError(r.error);
  }

  return (
    <fieldset className="connection-test">
      <legend>{t('connectionTest.title')}</legend>
      <small className="hint">{t('connectionTest.hint')}</small>
      <div className="row">
        <label className="field">
          <span>{t('connectionTest.userName')}</span>
          <input value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="off" maxLength={200} />
        </label>
        <label className="field">
          <span>{t('connectionTest.password')}</span>
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="off" maxLength={500} />
        </label>
      </div>
      <button type="button" className="btn" disabled={running || !omsUrl.trim() || !userName || !password} onClick={() => void run()}>
        {running ? t('connectionTest.running') : t('connectionTest.run')}
      </button>
      <div role="status" data-testid="connection-test-result" data-outcome={result?.outcome}>
        {result ? <p className={result.outcome === 'ok' ? 'success' : 'error'}>{t(`connectionTest.outcomes.${result.outcome}`)}</p> : null}
      </div>
      <ErrorText error={error} />
    </fieldset>
  );
}
