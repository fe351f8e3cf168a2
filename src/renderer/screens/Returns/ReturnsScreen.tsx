import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { DateInput } from '../../components/DateInput';
import { ErrorText } from '../../components/ErrorText';
import { modalOpen } from '../../components/focus';
import { beep } from '../../scanner/feedback';
import { useScanner } from '../../scanner/useScanner';
import { RETURNS_LOOKBACK_DAYS } from '../../../shared/domain/packages';
import { useApp } from '../../store/app';
import { useReturns, type ReturnFilters } from '../../store/returns';
import { useUi } from '../../store/ui';
import { ExportPanel } from './ExportPanel';
import { ReturnDetailView } from './ReturnDetailView';
import { ReturnList, ReturnRow, returnRowText } from './ReturnList';
import '../../styles/returns.css';

/**
 * The returns desk. Scanning a parcel's label anywhere on the screen opens its return; with a
 * return open, scanning an item counts it in the inspection. Works from the local copy (offline).
 */
export function ReturnsScreen() {
  const { t } = useTranslation('returns');
  const rowText = useMemo(() => returnRowText(t), [t]);
  const s = useReturns(
    useShallow((st) => ({
      filters: st.filters,
      total: st.total,
      carriers: st.carriers,
      error: st.error,
      matches: st.matches,
      noMatch: st.noMatch,
      noMatchWhy: st.noMatchWhy,
      looking: st.looking,
      lookFurther: st.lookFurther,
      detail: st.detail,
      detailError: st.detailError,
      selected: st.selected,
      init: st.init,
      setFilters: st.setFilters,
      scan: st.scan,
      open: st.open,
    })),
  );
  const sound = useApp((a) => a.settings?.scanner.sound ?? true);
  const online = useApp((a) => a.status.online);
  const [code, setCode] = useState('');
  const [customer, setCustomer] = useState(s.filters.customer);
  const { init, scan, setFilters } = s;

  useEffect(() => init(), [init]);
  useEffect(() => {
    if (customer === useReturns.getState().filters.customer) return;
    const timer = setTimeout(() => setFilters({ customer }), 100);
    return () => clearTimeout(timer);
  }, [customer, setFilters]);

  const onScan = async (value: string) => {
    // Not taken behind an open question (the sign-out one): the question says so.
    if (modalOpen()) {
      useUi.getState().holdScan(value);
      return beep('error', sound);
    }
    const r = await scan(value);
    beep(r === 'none' ? 'error' : r === 'listed' ? 'attention' : 'ok', sound);
  };
  useScanner(onScan);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim()) void onScan(code.trim());
    setCode('');
  }
  const filter = <K extends keyof ReturnFilters>(k: K, v: ReturnFilters[K]) => setFilters({ [k]: v });

  return (
    <main className="screen screen-fill returns-screen" aria-labelledby="returns-title">
      <h1 id="returns-title" className="visually-hidden">
        {t('title')}
      </h1>
      <div className="packages-layout">
        <div className="packages-left">
          <form onSubmit={submit} className="form">
            <label className="field">
              <span>{t('code')}</span>
              <input
                data-focus-home
                data-primary
                value={code}
                onChange={(e) => setCode(e.target.value)}
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="returns-scan-hint"
              />
            </label>
            <small id="returns-scan-hint" className="hint">
              {t('scanHint')}
            </small>
          </form>
          {s.noMatch ? (
            <div className="error" role="alert" data-testid="no-match">
              {s.noMatchWhy === 'inspection_done'
                ? t('noMatchDone', { code: s.noMatch })
                : s.noMatchWhy === 'not_in_return'
                  ? t('noMatchHere', { code: s.noMatch })
                  : t('noMatch', { code: s.noMatch })}{' '}
              {/* The service's returns may hold one this computer does not have yet: offered only when the service answers. */}
              {s.noMatchWhy !== 'inspection_done' && online && s.looking?.state !== 'looking' ? (
                <button type="button" className="btn btn-small" onClick={() => void s.lookFurther()}>
                  {t('lookFurther', { days: RETURNS_LOOKBACK_DAYS })}
                </button>
              ) : null}
            </div>
          ) : null}
          {s.looking && s.looking.code === s.noMatch ? (
            <div role="status" className="hint" data-testid="looking-further">
              {s.looking.state === 'looking'
                ? t('lookingFurther', { code: s.looking.code, days: RETURNS_LOOKBACK_DAYS })
                : s.looking.state === 'not_found'
                  ? t('notFoundFurther', { code: s.looking.code, days: RETURNS_LOOKBACK_DAYS })
                  : null}
              {s.looking.state === 'failed' ? <ErrorText error={s.looking.error ?? null} /> : null}
            </div>
          ) : null}
          {s.matches ? (
            <div className="card" data-testid="return-matches">
              <p>{t('several', { code })}</p>
              <div role="list">
                {s.matches.map((m) => (
                  <ReturnRow key={m.id} r={m} selected={false} onOpen={(id) => void s.open(id)} text={rowText} />
                ))}
              </div>
            </div>
          ) : null}
          <div className="row returns-filters">
            <label className="field">
              <span>{t('filters.decision')}</span>
              <select value={s.filters.decision} onChange={(e) => filter('decision', e.target.value as ReturnFilters['decision'])}>
                {(['all', 'awaiting', 'confirmed', 'rejected'] as const).map((d) => (
                  <option key={d} value={d}>
                    {t(`filters.decisions.${d}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('filters.inspected')}</span>
              <select value={s.filters.inspected} onChange={(e) => filter('inspected', e.target.value as ReturnFilters['inspected'])}>
                {(['all', 'none', 'in_progress', 'done'] as const).map((d) => (
                  <option key={d} value={d}>
                    {t(`filters.inspections.${d}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('filters.carrier')}</span>
              <select value={s.filters.carrier ?? ''} onChange={(e) => filter('carrier', e.target.value || null)}>
                <option value="">{t('filters.anyCarrier')}</option>
                {s.carriers.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="row returns-filters">
            <label className="field">
              <span>{t('filters.from')}</span>
              <DateInput value={s.filters.from ?? null} onChange={(v) => filter('from', v)} />
            </label>
            <label className="field">
              <span>{t('filters.to')}</span>
              <DateInput value={s.filters.to ?? null} onChange={(v) => filter('to', v)} />
            </label>
            <label className="field">
              <span>{t('filters.customer')}</span>
              <input value={customer} onChange={(e) => setCustomer(e.target.value)} maxLength={100} />
            </label>
          </div>
          <p className="result-count" role="status" data-testid="return-count">
            {t('count', { count: s.total })}
          </p>
          <ErrorText error={s.error} />
          {s.total === 0 ? <p className="hint">{t('none')}</p> : <ReturnList />}
          <ExportPanel />
        </div>
        <div className="packages-right">
          <ErrorText error={s.detailError} />
          {s.detail && s.selected ? <ReturnDetailView detail={s.detail} /> : null}
        </div>
      </div>
    </main>
  );
}
