import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/renderer/App';
import { setBridgeForTests } from '../../src/renderer/bridge/api';
import { i18n } from '../../src/renderer/i18n';
import { useApp } from '../../src/renderer/store/app';
import { useUi } from '../../src/renderer/store/ui';
import { defaultSettings } from '../../src/shared/domain/settings';
import { signedOut } from '../../src/shared/domain/session';
import { fakeBridge } from './fake-bridge';

const signedIn = { signedIn: true, user: 'ayse', profileId: 'p1', profileName: 'Depo 1', expiresAt: null, training: false, offline: false };

beforeEach(() => useApp.setState({ ready: false, session: signedOut, sessionEndedBy: null }));
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
  vi.restoreAllMocks();
});

describe('an error boundary per screen', () => {
  it('a screen that fails to render (a garbled answer) shows a message in its place; navigation and the other screens keep working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    const bridge = fakeBridge({
      'app.info': () => ({ version: '1', host: 'test', dataDir: '/tmp', secretStorage: { available: false, backend: 'none' } }),
      'session.get': () => signedIn,
      'app.status': () => ({ online: true, pendingWrites: 0, failedWrites: 0 }),
      'settings.get': () => ({ ...defaultSettings, language: 'en' }),
      'profiles.list': () => [],
      // Not what the contract promises: a list whose entries are missing.
      'notifications.list': () => ({ total: 2, items: [null, null] }),
      'notifications.receiver': () => null,
    });
    setBridgeForTests(bridge.api);
    act(() => useUi.setState({ screen: 'notifications' }));
    render(
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'This screen ran into a problem' })).toBeTruthy();
    expect(screen.getByRole('navigation')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This screen ran into a problem' })).toBeNull();
  });
});
