import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountOptions } from '../../../shared/domain/counts';
import type { AppErrorShape } from '../../../shared/result';
import { call } from '../../bridge/api';
import { ErrorText } from '../../components/ErrorText';
import { useCounts } from '../../store/counts';

/** How the signed-in connection counts (issue 18): blind counts. */
export function CountOptionsSection() {
  const { t } = useTranslation('settings');
  const [options, setOptions] = useState<CountOptions | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  useEffect(() => {
    void call('counts.options', {}).then((r) => (r.ok ? setOptions(r.value) : setError(r.error)));
  }, []);
  const save = async (patch: Partial<CountOptions>) => {
    const r = await call('counts.setOptions', patch);
    if (r.ok) setOptions(r.value);
    setError(r.ok ? null : r.error);
    // The open count shows (or hides) the last count's quantities at once.
    const session = useCounts.getState().session;
    if (r.ok && session) {
      const d = await call('counts.get', { sessionId: session.id });
      if (d.ok && useCounts.getState().session?.id === session.id) useCounts.setState({ previous: d.value.previous ?? null });
    }
  };
  return (
    <section className="card" aria-labelledby="count-options-title">
      <h2 id="count-options-title">{t('countOptions.title')}</h2>
      {options ? (
        <label className="field field-check">
          <input type="checkbox" checked={options.blind} onChange={(e) => void save({ blind: e.target.checked })} />
          <span>{t('countOptions.blind')}</span>
        </label>
      ) : null}
      <small className="hint">{t('countOptions.blindHint')}</small>
      <ErrorText error={error} />
    </section>
  );
}
