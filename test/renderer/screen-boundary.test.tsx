import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridgeForTests } from '../../src/renderer/bridge/api';
import { useApp } from '../../src/renderer/store/app';
import { useUi } from '../../src/renderer/store/ui';
import { signedOut } from '../../src/shared/domain/session';
import { renderApp, signedInState } from './render-app';

beforeEach(() => useApp.setState({ ready: false, session: signedOut, sessionEndedBy: null }));
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
  vi.restoreAllMocks();
});

describe('an error boundary per screen', () => {
  it('a screen that fails to render (a garbled answer) shows a message in its place; navigation and the other screens keep working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    renderApp(
      signedInState,
      // Not what the contract promises: a list whose entries are missing.
      { 'notifications.list': () => ({ total: 2, items: [null, null] }) },
      { garbled: ['notifications.list'] },
    );
    // A session starts on Counts (store/ui.ts); then the worker opens Notifications.
    await waitFor(() => expect(useApp.getState().session.signedIn).toBe(true));
    act(() => useUi.setState({ screen: 'notifications' }));
    expect(await screen.findByRole('heading', { name: 'This screen ran into a problem' })).toBeTruthy();
    expect(screen.getByRole('navigation')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This screen ran into a problem' })).toBeNull();
  });
});
