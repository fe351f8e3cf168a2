import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { useApp } from '../../../src/renderer/store/app';
import { usePackages } from '../../../src/renderer/store/packages';
import { useUi } from '../../../src/renderer/store/ui';
import type { NotificationSummary } from '../../../src/shared/domain/notifications';
import { signedOut, type SessionState } from '../../../src/shared/domain/session';
import { renderApp, signedInState } from '../render-app';
import { Instant } from '../../../src/shared/domain/time';

const training: SessionState = { ...signedInState, profileId: 'training', profileName: 'Eğitim', training: true };

/** A cancel notification received for connection `profileId`, matched to a package cached there. */
const cancelled = (profileId: string): NotificationSummary & { profileId: string } => ({
  id: 1,
  receivedAt: Instant.parse('2026-05-01T09:00:00+03:00'),
  hookName: 'OrderPackageStatusChangedEvent',
  packageId: '500123',
  packageType: 'Order',
  statusId: 5,
  statusName: 'Cancelled',
  reasonName: null,
  reasonDesc: null,
  matched: { kind: 'order', id: 500123, orderNumber: 'S-77' },
  profileId,
});

beforeEach(() => {
  useApp.setState({ ready: false, session: signedOut, sessionEndedBy: null });
  useUi.setState({ toasts: [], screen: 'counts' });
});
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

const setup = (session: SessionState) =>
  renderApp(session, {
    'outbox.list': () => [],
    'counts.history': () => [],
    'session.signOut': () => signedOut,
  });

/** The packages the app asked for (a package opened asks packages.get). */
const asked = (bridge: ReturnType<typeof setup>) => bridge.calls.filter((c) => c.method === 'packages.get').map((c) => c.input);

describe('a real connection’s alert inside training mode (issue 46.13)', () => {
  it('does not open a training package of the same number: it leaves training, and opens the package once signed in to its connection', async () => {
    const bridge = setup(training);
    await screen.findByRole('navigation');
    act(() => bridge.emit('notifications.received', cancelled('p1')));
    const toasts = screen.getByTestId('toasts');
    expect(toasts.textContent).toContain('Order S-77 (package 500123) was cancelled: do not ship it.');
    expect(screen.queryByRole('button', { name: 'Open the package' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave training mode and open it' }));
    await waitFor(() => expect(useApp.getState().session.signedIn).toBe(false));
    expect(asked(bridge)).toEqual([]);
    // Signed in to the connection the alert came from: the package opens.
    act(() => bridge.emit('session.changed', { ...signedInState, profileId: 'p1' }));
    await waitFor(() => expect(asked(bridge)).toEqual([{ kind: 'order', id: 500123 }]));
    expect(useUi.getState().screen).toBe('packages');
    expect(usePackages.getState().selected).toEqual({ kind: 'order', id: 500123 });
  });

  it('an alert of the connection signed in to opens its package at once', async () => {
    const bridge = setup(signedInState);
    await screen.findByRole('navigation');
    act(() => bridge.emit('notifications.received', cancelled('p1')));
    fireEvent.click(screen.getByRole('button', { name: 'Open the package' }));
    await waitFor(() => expect(asked(bridge)).toEqual([{ kind: 'order', id: 500123 }]));
    expect(useUi.getState().screen).toBe('packages');
  });
});
