import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { SessionState } from '../../src/shared/domain/session';
import { defaultSettings } from '../../src/shared/domain/settings';
import { signedOut } from '../../src/shared/domain/session';
import { App } from '../../src/renderer/App';
import { setBridgeForTests } from '../../src/renderer/bridge/api';
import { i18n } from '../../src/renderer/i18n';
import { fakeBridge, type FakeBridgeOptions, type FakeHandlers } from './fake-bridge';

export const signedInState: SessionState = {
  signedIn: true,
  user: 'ayse',
  profileId: 'p1',
  profileName: 'Depo 1',
  expiresAt: null,
  training: false,
  offline: false,
};

/** The whole app on a fake bridge that answers what the shell asks on start; `handlers` add or replace answers. */
export function renderApp(session: SessionState = signedOut, handlers: FakeHandlers = {}, options: FakeBridgeOptions = {}) {
  const bridge = fakeBridge(
    {
      'app.info': () => ({ version: '1', host: 'test', dataDir: '/tmp', secretStorage: { available: false, backend: 'none' } }),
      'session.get': () => session,
      'app.status': () => ({ online: true, pendingWrites: 0, failedWrites: 0 }),
      'settings.get': () => ({ ...defaultSettings, language: 'en' }),
      'profiles.list': () => [],
      ...handlers,
    },
    options,
  );
  setBridgeForTests(bridge.api);
  render(
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>,
  );
  return bridge;
}
