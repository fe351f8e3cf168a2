import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorText } from '../../components/ErrorText';
import { useScanner } from '../../scanner/useScanner';
import { SEARCH_DEBOUNCE_MS, usePackages } from '../../store/packages';
import { beep } from '../../scanner/feedback';
import { useApp } from '../../store/app';
import { isCancelled, PackageDetailView } from './PackageDetailView';
import { PackageList } from './PackageList';
import { SyncBar } from './SyncBar';

/**
 * Look up any package by whatever is in the worker's hand. The search box takes typing; a scan
 * anywhere on the screen (or Enter in the box) looks for the exact code and opens a single match.
 */
export function PackagesScreen() {
  const { t } = useTranslation('packages');
  const s = usePackages(
    useShallow((st) => ({
      kind: st.kind,
      status: st.status,
      statuses: st.statuses,
      total: st.total,
      mode: st.mode,
      shownQuery: st.shownQuery,
      more: st.more,
      error: st.error,
      detail: st.detail,
      detailNotifications: st.detailNotifications,
      detailError: st.detailError,
      selected: st.selected,
      init: st.init,
      setFilters: st.setFilters,
      submit: st.submit,
      close: st.close,
    })),
  );
  const [text, setText] = useState(() => usePackages.getState().query);
  const inputRef = useRef<HTMLInputElement>(null);
  const { init } = s;

  useEffect(() => init(), [init]);

  // A scan anywhere on the screen looks the code up (and opens it when it is the only match).
  // A cancelled package is told by the error sound as well as the red banner.
  const sound = useApp((st) => st.settings?.scanner.sound ?? true);
  useScanner(async (code) => {
    setText(code);
    await s.submit(code);
    const d = usePackages.getState().detail;
    if (d && isCancelled(d.summary.status)) beep('error', sound);
  });

  // Typing searches as you go (debounced); Enter (what a scanner sends) searches at once.
  useEffect(() => {
    if (text === usePackages.getState().query) return;
    const timer = setTimeout(() => s.setFilters({ query: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, s]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void s.submit(text);
    inputRef.current?.select();
  }

  return (
    <main className="screen screen-fill packages-screen" aria-labelledby="packages-title">
      <h1 id="packages-title" className="visually-hidden">
        {t('title')}
      </h1>
      <div className="packages-layout">
        <div className="packages-left">
          <form onSubmit={onSubmit} role="search" className="search-form">
            <label className="field">
              <span>{t('search')}</span>
              <input
                ref={inputRef}
                data-focus-home
                data-primary
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="package-search-hint"
              />
            </label>
            <small id="package-search-hint" className="hint">
              {t('searchHint')}
            </small>
            <div className="row">
              <label className="field">
                <span>{t('kind')}</span>
                <select value={s.kind} onChange={(e) => s.setFilters({ kind: e.target.value as 'all' | 'order' | 'return' })}>
                  {(['all', 'order', 'return'] as const).map((k) => (
                    <option key={k} value={k}>
                      {t(`kinds.${k}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>{t('status')}</span>
                <select value={s.status ?? ''} onChange={(e) => s.setFilters({ status: e.target.value || null })}>
                  <option value="">{t('anyStatus')}</option>
                  {s.statuses.map((st) => (
                    <option key={st} value={st}>
                      {t(`statusNames.${st}`, { defaultValue: st })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </form>
          <SyncBar />
          <p className="result-count" aria-live="polite" data-testid="result-count" data-query={s.shownQuery}>
            {s.more ? t('resultsMore', { count: s.total }) : t('results', { count: s.total })}
            {s.mode === 'code' ? ` · ${t('matchedCode')}` : ''}
          </p>
          <ErrorText error={s.error} />
          {s.total === 0 && !s.error ? (
            <p className="hint">
              {t('noResults')} {t('noResultsHint')}
            </p>
          ) : (
            <PackageList />
          )}
        </div>
        <div className="packages-right">
          <ErrorText error={s.detailError} />
          {s.detail && s.selected ? <PackageDetailView detail={s.detail} onClose={s.close} notifications={s.detailNotifications} /> : null}
        </div>
      </div>
    </main>
  );
}
