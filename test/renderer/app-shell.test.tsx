import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedOut } from '../../src/shared/domain/session';
import { setBridgeForTests } from '../../src/renderer/bridge/api';
import { useApp } from '../../src/renderer/store/app';
import { renderApp, signedInState } from './render-app';

const setup = (session = signedOut) => renderApp(session);

beforeEach(() => useApp.setState({ ready: false, session: signedOut, sessionEndedBy: null }));
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

describe('app shell', () => {
  it('shows the sign-in screen when signed out, with training mode offered', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Training mode' })).toBeTruthy();
  });

  it('keeps the offline and pending-writes indicators current from events', async () => {
    const bridge = setup(signedInState);
    expect(await screen.findByTestId('online-indicator')).toHaveProperty('textContent', 'Online');
    act(() => bridge.emit('app.status', { online: false, pendingWrites: 3, failedWrites: 1 }));
    expect(screen.getByTestId('online-indicator').textContent).toBe('Offline');
    expect(screen.getByTestId('pending-indicator').textContent).toBe('3 writes waiting');
    expect(screen.getByTestId('failed-indicator').textContent).toBe('1 write failed');
  });

  it('tells the worker when the session ended on its own, not when they signed out', async () => {
    const bridge = setup(signedInState);
    await screen.findByRole('navigation');
    act(() => bridge.emit('session.changed', signedOut));
    expect(await screen.findByText('Your session ended. Please sign in again.')).toBeTruthy();
  });
});
