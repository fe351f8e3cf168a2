import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './components/Dialog';
import { focusScreenHome, useFocusKeeper } from './components/focus';
import { Nav } from './components/Nav';
import { NoScanHere } from './components/NoScanHere';
import { NotificationToasts } from './components/NotificationToasts';
import { ScreenBoundary } from './components/ScreenBoundary';
import { StatusBar } from './components/StatusBar';
import { Toasts } from './components/Toasts';
import { SetAsideBanner, TrainingBanner } from './components/TrainingBanner';
import { CountsScreen } from './screens/Counts/CountsScreen';
import { NotificationsScreen } from './screens/Notifications/NotificationsScreen';
import { OutboxScreen } from './screens/Outbox/OutboxScreen';
import { PackagesScreen } from './screens/Packages/PackagesScreen';
import { ProductsScreen } from './screens/Products/ProductsScreen';
import { ReturnsScreen } from './screens/Returns/ReturnsScreen';
import { SettingsScreen } from './screens/Settings/SettingsScreen';
import { SignInScreen } from './screens/SignIn/SignInScreen';
import { useApp } from './store/app';
import { useCounts } from './store/counts';
import { useUi, type Screen } from './store/ui';

function CurrentScreen({ screen }: { screen: Screen }): ReactElement {
  switch (screen) {
    case 'counts':
      return <CountsScreen />;
    case 'packages':
      return <PackagesScreen />;
    case 'returns':
      return <ReturnsScreen />;
    case 'products':
      return <ProductsScreen />;
    case 'notifications':
      return <NotificationsScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'outbox':
      return <OutboxScreen />;
  }
}

/** Settings uses scans only while the scanner test or the set-up wizard is shown. */
const scannerSetupShown = () => document.querySelector('[data-testid="scanner-test"], [data-testid="scanner-wizard"]') !== null;

export function App() {
  const { t } = useTranslation();
  const ready = useApp((s) => s.ready);
  const signedIn = useApp((s) => s.session.signedIn);
  const training = useApp((s) => s.session.training);
  const init = useApp((s) => s.init);
  const signOut = useApp((s) => s.signOut);
  const screen = useUi((s) => s.screen);
  const settingsSignedOut = useUi((s) => s.settingsWhileSignedOut);

  const [askSignOut, setAskSignOut] = useState<{ code: string; lines: number } | null>(null);

  useEffect(() => {
    void init();
  }, [init]);
  useFocusKeeper();
  // A screen opens with the focus on its home control (after the screen's own effects: one that
  // put the focus somewhere itself keeps it).
  useEffect(focusScreenHome, [ready, signedIn, screen, settingsSignedOut]);

  /** Signing out with an open count asks first (the count stays on this computer either way). */
  const requestSignOut = () => {
    const open = useCounts.getState().session;
    if (open && open.state === 'open' && open.lineCount > 0) setAskSignOut({ code: open.storageCode, lines: open.lineCount });
    else void signOut();
  };

  if (!ready) return <p className="hint">{t('loading')}</p>;

  return (
    <div className="app">
      <TrainingBanner />
      <SetAsideBanner />
      <header className="top">
        <span className="brand">{t('appName')}</span>
        {signedIn ? <Nav /> : null}
      </header>
      <StatusBar onSignOut={signedIn ? requestSignOut : undefined} />
      <ScreenBoundary key={signedIn ? screen : settingsSignedOut ? 'settings-signed-out' : 'sign-in'}>
        {signedIn ? <CurrentScreen screen={screen} /> : settingsSignedOut ? <SettingsScreen /> : <SignInScreen />}
      </ScreenBoundary>
      {signedIn ? <NotificationToasts /> : null}
      {signedIn && (screen === 'notifications' || screen === 'outbox' || screen === 'settings') ? (
        <NoScanHere key={`no-scan-${screen}`} quietWhen={screen === 'settings' ? scannerSetupShown : undefined} />
      ) : null}
      <Dialog title={t('signOutOpenCount.title')} open={askSignOut !== null} onClose={() => setAskSignOut(null)}>
        {/* Training's data is wiped when training starts again: it does not come back. */}
        <p>{t(training ? 'signOutOpenCount.textTraining' : 'signOutOpenCount.text', askSignOut ?? { code: '', lines: 0 })}</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => setAskSignOut(null)}>
            {t('signOutOpenCount.keep')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setAskSignOut(null);
              void signOut();
            }}
          >
            {t('signOutOpenCount.confirm')}
          </button>
        </div>
      </Dialog>
      <Toasts />
    </div>
  );
}
