import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app';
import { useUi } from '../../store/ui';
import { AboutSection } from './AboutSection';
import { AdminArea } from './AdminArea';
import { AdminGeneralSection } from './AdminGeneralSection';
import { CountOptionsSection } from './CountOptionsSection';
import { GeneralSection } from './GeneralSection';
import { LabelsSection } from './LabelsSection';
import { ProfilesSection } from './ProfilesSection';
import { ReceiverSection } from './ReceiverSection';
import { ScannerSection } from './ScannerSection';

/**
 * Settings. Workers see language, sound and their own options; connections, sync, images, the
 * station name, scanner tuning and the notification receiver sit behind the administrator PIN.
 */
export function SettingsScreen() {
  const { t } = useTranslation(['settings', 'common']);
  const signedIn = useApp((s) => s.session.signedIn);
  const close = useUi((s) => s.openSettingsSignedOut);
  return (
    <main className="screen settings" aria-labelledby="settings-title">
      <div className="screen-head">
        <h1 id="settings-title" tabIndex={-1} data-focus-home>
          {t('title')}
        </h1>
        {!signedIn ? (
          <button type="button" className="btn" onClick={() => close(false)}>
            {t('common:actions.back')}
          </button>
        ) : null}
      </div>
      <GeneralSection />
      {signedIn ? <LabelsSection /> : null}
      <AdminArea>
        {/* Blind counts and recount on variance audit the workers: behind the PIN (counts.setOptions needs it). */}
        {signedIn ? <CountOptionsSection /> : null}
        <ProfilesSection />
        <AdminGeneralSection />
        {signedIn ? <ScannerSection /> : null}
        {signedIn ? <ReceiverSection /> : null}
      </AdminArea>
      <AboutSection />
    </main>
  );
}
