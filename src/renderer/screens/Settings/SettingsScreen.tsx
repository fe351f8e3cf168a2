import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app';
import { useUi } from '../../store/ui';
import { AboutSection } from './AboutSection';
import { CountOptionsSection } from './CountOptionsSection';
import { GeneralSection } from './GeneralSection';
import { LabelsSection } from './LabelsSection';
import { ProfilesSection } from './ProfilesSection';
import { ReceiverSection } from './ReceiverSection';
import { ScannerSection } from './ScannerSection';

/** Settings: language, connections, sync, images, and the sections features add. */
export function SettingsScreen() {
  const { t } = useTranslation(['settings', 'common']);
  const signedIn = useApp((s) => s.session.signedIn);
  const close = useUi((s) => s.openSettingsSignedOut);
  return (
    <main className="screen settings" aria-labelledby="settings-title">
      <div className="screen-head">
        <h1 id="settings-title">{t('title')}</h1>
        {!signedIn ? (
          <button type="button" className="btn" onClick={() => close(false)}>
            {t('common:actions.back')}
          </button>
        ) : null}
      </div>
      <GeneralSection />
      <ProfilesSection />
      {signedIn ? <CountOptionsSection /> : null}
      {signedIn ? <ScannerSection /> : null}
      {signedIn ? <LabelsSection /> : null}
      {signedIn ? <ReceiverSection /> : null}
      <AboutSection />
    </main>
  );
}
