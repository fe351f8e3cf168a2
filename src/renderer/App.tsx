import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Nav } from './components/Nav';
import { NotificationToasts } from './components/NotificationToasts';
import { ScreenBoundary } from './components/ScreenBoundary';
import { StatusBar } from './components/StatusBar';
import { Toasts } from './components/Toasts';
import { TrainingBanner } from './components/TrainingBanner';
import { CountsScreen } from './screens/Counts/CountsScreen';
import { NotificationsScreen } from './screens/Notifications/NotificationsScreen';
import { PackagesScreen } from './screens/Packages/PackagesScreen';
import { ProductsScreen } from './screens/Products/ProductsScreen';
import { ReturnsScreen } from './screens/Returns/ReturnsScreen';
import { SettingsScreen } from './screens/Settings/SettingsScreen';
import { SignInScreen } from './screens/SignIn/SignInScreen';
import { useApp } from './store/app';
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
  }
}

export function App() {
  const { t } = useTranslation();
  const ready = useApp((s) => s.ready);
  const signedIn = useApp((s) => s.session.signedIn);
  const init = useApp((s) => s.init);
  const signOut = useApp((s) => s.signOut);
  const screen = useUi((s) => s.screen);
  const settingsSignedOut = useUi((s) => s.settingsWhileSignedOut);

  useEffect(() => {
    void init();
  }, [init]);

  if (!ready) return <p className="hint">{t('loading')}</p>;

  return (
    <div className="app">
      <TrainingBanner />
      <header className="top">
        <span className="brand">{t('appName')}</span>
        {signedIn ? <Nav /> : null}
      </header>
      <StatusBar onSignOut={signedIn ? () => void signOut() : undefined} />
      <ScreenBoundary key={signedIn ? screen : settingsSignedOut ? 'settings-signed-out' : 'sign-in'}>
        {signedIn ? <CurrentScreen screen={screen} /> : settingsSignedOut ? <SettingsScreen /> : <SignInScreen />}
      </ScreenBoundary>
      {signedIn ? <NotificationToasts /> : null}
      <Toasts />
    </div>
  );
}
