import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/shared/domain/outbox';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { useApp } from '../../../src/renderer/store/app';
import { useUi } from '../../../src/renderer/store/ui';
import { renderApp, signedInState } from '../render-app';
import { Instant } from '../../../src/shared/domain/time';

const moved: OutboxItem = {
  id: 4,
  kind: 'inventory',
  groupKey: 'inventory:A-01',
  state: 'pending',
  attempts: 1,
  nextAttemptAt: Instant.parse('2026-12-01T10:00:00.000Z'),
  lastError: null,
  responseStatus: 503,
  responseBody: null,
  summary: { storageCode: 'A-01', lines: 1, units: 42 },
  ref: null,
  createdAt: Instant.parse('2026-12-01T09:00:00.000Z'),
  sentAt: null,
  blockedBy: null,
  reason: 'moved',
  movedFrom: { url: 'http://127.0.0.1:9001', companyId: 1 },
};

beforeEach(() => useUi.setState({ toasts: [], screen: 'outbox' }));
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

describe('Outbox: writes made for the previous address (issue 47, item 1)', () => {
  it('says they are held and offers the administrator, once unlocked, to send them to the new address or cancel them', async () => {
    let unlocked = false;
    const resolved: string[] = [];
    let items = [moved];
    renderApp(signedInState, {
      'outbox.list': () => items,
      'admin.status': () => ({ pinSet: true, unlocked, waitMs: 0, idleMinutes: 10 }),
      'admin.unlock': () => {
        unlocked = true;
        return { pinSet: true, unlocked, waitMs: 0, idleMinutes: 10 };
      },
      'outbox.resolveMoved': ({ action }) => {
        resolved.push(action);
        items = [];
        return { resolved: 1 };
      },
    });
    // A session starts on Counts (store/ui.ts); then the administrator opens the Outbox.
    await waitFor(() => expect(useApp.getState().session.signedIn).toBe(true));
    act(() => useUi.setState({ screen: 'outbox' }));
    const panel = await screen.findByTestId('outbox-moved');
    expect(panel.textContent).toContain('1 write was made for this connection before its address or company was changed');
    // Locked: only the PIN form, no choice.
    expect(screen.queryByRole('button', { name: 'Send to the new address' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Open: Stock count/ }));
    expect((await screen.findByTestId('outbox-reason')).textContent).toContain('Made for http://127.0.0.1:9001 (company 1)');
    fireEvent.change(screen.getByLabelText('Administrator PIN'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send to the new address' }));
    await waitFor(() => expect(resolved).toEqual(['send']));
    await waitFor(() => expect(screen.queryByTestId('outbox-moved')).toBeNull());
  });
});
