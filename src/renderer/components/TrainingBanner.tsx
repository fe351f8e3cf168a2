import { useTranslation } from 'react-i18next';
import { useApp } from '../store/app';

/** Shown on every screen while signed in to the training sandbox. */
export function TrainingBanner() {
  const training = useApp((s) => s.session.training && s.session.signedIn);
  const { t } = useTranslation();
  if (!training) return null;
  return (
    <div className="training-banner" role="note" data-testid="training-banner">
      {t('training.banner')}
    </div>
  );
}

/**
 * Shown on every screen, signed in or not, while a damaged workspace set aside waits to be
 * acknowledged: its unsent writes and open counts are in the export beside it, not in the outbox
 * as they were (issue 47, item 4).
 */
export function SetAsideBanner() {
  const setAside = useApp((s) => s.setAside);
  const acknowledge = useApp((s) => s.acknowledgeSetAside);
  const { t } = useTranslation();
  if (setAside.length === 0) return null;
  return (
    <section className="set-aside-banner" role="alert" aria-labelledby="set-aside-title" data-testid="set-aside-banner">
      <h2 id="set-aside-title">{t('setAside.title', { count: setAside.length })}</h2>
      <ul>
        {setAside.map((s) => (
          <li key={s.movedTo}>
            {s.exported
              ? t('setAside.item', {
                  name: s.profileName ?? s.profileId,
                  movedTo: s.movedTo,
                  exported: s.exported,
                  unsent: s.unsentWrites,
                  counts: s.openCounts,
                })
              : t('setAside.itemUnread', { name: s.profileName ?? s.profileId, movedTo: s.movedTo })}
          </li>
        ))}
      </ul>
      <button type="button" className="btn" onClick={() => void acknowledge()}>
        {t('setAside.acknowledge')}
      </button>
    </section>
  );
}
