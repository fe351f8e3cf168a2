import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { screens, useUi } from '../store/ui';
import { modalOpen } from './focus';

/**
 * Screen tabs; Alt+1…7 switches from anywhere (scanner input never carries Alt), except behind an
 * open dialog or sheet: its question stays with the screen that asked it.
 */
export function Nav() {
  const { t } = useTranslation();
  const screen = useUi((s) => s.screen);
  const go = useUi((s) => s.go);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      if (modalOpen()) return;
      const n = /^Digit([1-9])$/.exec(e.code)?.[1];
      const target = n ? screens[Number(n) - 1] : undefined;
      if (target) {
        e.preventDefault();
        go(target);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  return (
    <nav className="nav" aria-label={t('nav.label')}>
      {screens.map((s, i) => (
        <button
          key={s}
          type="button"
          className={`nav-item${screen === s ? ' nav-item-active' : ''}`}
          aria-current={screen === s ? 'page' : undefined}
          onClick={() => go(s)}
          title={`Alt+${i + 1}`}
        >
          {t(`nav.${s}`)}
        </button>
      ))}
    </nav>
  );
}
